import { useState } from 'react';
import { Timer } from 'lucide-react';
import { FormError } from '@/components/form-error';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field, useForm } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { useAppsQuery } from '@/data/admin/apps-query';
import { useCredentialRequestMutation, type CredentialType } from '@/data/admin/credential-request-mutation';
import { ACCESS_DENIED_WORDING, accessDeniedDescription } from '@/data/admin/credential-reveal-mutation';
import { notify } from '@/lib/notify';
import { CREDENTIAL_LABELS, TIME_LIMIT, clampMinutes, isTimeLimitedRequestValid } from './admin.utils';

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
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Timer className="size-5" aria-hidden /> Time-Limited Credential Access
        </CardTitle>
        <CardDescription>
          Request temporary access to an application's credential. The request is logged.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
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
          <div className="space-y-2">
            <Label htmlFor="tl-type">Credential Type</Label>
            <Select value={type} onValueChange={(v) => form.edit({ type: v as CredentialType })}>
              <SelectTrigger id="tl-type" className="w-full" aria-label="Credential Type">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="api_key">API Key</SelectItem>
                <SelectItem value="webhook_secret">Webhook Secret</SelectItem>
              </SelectContent>
            </Select>
          </div>
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
      </CardContent>
      <AlertDialog open={confirming} onOpenChange={setConfirming}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Confirm Credential Access Request</AlertDialogTitle>
            <AlertDialogDescription>
              You are requesting the {CREDENTIAL_LABELS[type]} of {app?.app_name ?? 'this application'} for{' '}
              {clampMinutes(minutes)} minutes. This request is logged for security auditing.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction onClick={submit}>Confirm Request</AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </Card>
  );
}
