import { useState } from 'react';
import { Timer } from 'lucide-react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormError } from '@/components/form-error';
import { SectionCard } from '@/components/section-card';
import { Button } from '@/components/ui/button';
import { Field, useForm } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { useAppsQuery } from '@/data/admin/apps-query';
import { useCredentialRequestMutation, type CredentialType } from '@/data/admin/credential-request-mutation';
import { ACCESS_DENIED_WORDING, accessDeniedDescription } from '@/data/admin/credential-reveal-mutation';
import { notify } from '@/lib/notify';
import { CREDENTIAL_LABELS, TIME_LIMIT, clampMinutes, isTimeLimitedRequestValid } from './admin.utils';
import { CredentialTypeSelect } from './credential-type-select';

const INVALID = 'Please select an app and provide justification';

/** request_time_limited_credential_access: app, type, 5–120 minutes, justification ≥ 15 characters, confirmed. */
export function TimeLimitedRequestForm() {
  const apps = useAppsQuery();
  const form = useForm({
    appId: '',
    type: 'api_key' as CredentialType,
    minutes: TIME_LIMIT.default as number,
    justification: '',
  });
  const { appId, type, minutes, justification } = form.values;
  const [confirming, setConfirming] = useState(false);
  const request = useCredentialRequestMutation({
    meta: { errorToast: 'Access Denied', errorDescription: accessDeniedDescription },
    onSuccess: (result) => {
      if (result.grant)
        notify.success('Access Granted', {
          description: `Access granted for ${result.grant.time_limit_minutes} minutes.`,
        });
      else
        notify.success('Access Request Submitted', {
          description: 'Your request has been logged and is pending approval.',
        });
      form.edit({ justification: '' });
    },
  });
  const app = apps.data?.find((a) => a.id === appId);

  function review() {
    if (!isTimeLimitedRequestValid(appId, justification)) {
      form.setError(INVALID, 'justification');
      notify.error(INVALID);
      return;
    }
    setConfirming(true);
  }

  function submit() {
    setConfirming(false);
    form.setError(null);
    request
      .mutateAsync({
        mode: 'time_limited',
        app_id: appId,
        credential_type: type,
        justification: justification.trim(),
        time_limit_minutes: clampMinutes(minutes),
      })
      .catch((error) => form.setServerError(error, ACCESS_DENIED_WORDING));
  }

  return (
    <SectionCard
      icon={Timer}
      title="Time-Limited Credential Access"
      description="Request temporary access to an application's credential. The request is logged."
      contentClassName="space-y-4"
    >
      <div className="space-y-2">
        <Label htmlFor="tl-app">Application</Label>
        <Select value={appId} onValueChange={(v) => form.edit({ appId: v })}>
          <SelectTrigger id="tl-app" className="w-full" aria-label="Application">
            <SelectValue placeholder="Select an application" />
          </SelectTrigger>
          <SelectContent>
            {apps.data?.map((a) => (
              <SelectItem key={a.id} value={a.id}>
                {a.app_name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <CredentialTypeSelect
          id="tl-type"
          label="Credential Type"
          value={type}
          onChange={(next) => form.edit({ type: next })}
        />
        <Field id="tl-minutes" label="Time Limit (minutes)">
          <Input
            type="number"
            min={TIME_LIMIT.min}
            max={TIME_LIMIT.max}
            value={minutes}
            onChange={(e) => form.edit({ minutes: Number(e.target.value) })}
            onBlur={() => clampMinutes(minutes) !== minutes && form.edit({ minutes: clampMinutes(minutes) })}
          />
        </Field>
      </div>
      <Field id="tl-justification" label="Justification" {...form.field('justification')}>
        <Textarea placeholder="At least 15 characters: what you need it for and why now" />
      </Field>
      <FormError {...form.error} />
      <Button onClick={review} disabled={request.isPending} className="w-full sm:w-auto">
        {request.isPending ? 'Requesting…' : 'Request Access'}
      </Button>
      <ConfirmDialog
        open={confirming}
        title="Confirm Credential Access Request"
        description={
          <>
            You are requesting the {CREDENTIAL_LABELS[type]} of {app?.app_name ?? 'this application'} for{' '}
            {clampMinutes(minutes)} minutes. This request is logged for security auditing.
          </>
        }
        action="Confirm Request"
        onConfirm={submit}
        onClose={() => setConfirming(false)}
      />
    </SectionCard>
  );
}
