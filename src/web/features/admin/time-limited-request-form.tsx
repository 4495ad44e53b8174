import { useState } from 'react';
import { Timer } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
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
import { TIME_LIMIT, clampMinutes, credentialLabel, isTimeLimitedRequestValid } from './admin.utils';
import { CredentialTypeSelect } from './credential-type-select';

/** request_time_limited_credential_access: app, type, 5–120 minutes, justification ≥ 15 characters, confirmed. */
export function TimeLimitedRequestForm() {
  const intl = useIntl();
  const invalid = intl.formatMessage({
    id: 'admin.timeLimited.invalid',
    defaultMessage: 'Please select an app and provide justification',
  });
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
    meta: {
      errorToast: intl.formatMessage({ id: 'admin.timeLimited.denied', defaultMessage: 'Access Denied' }),
      errorDescription: accessDeniedDescription,
    },
    onSuccess: (result) => {
      if (result.grant)
        notify.success(intl.formatMessage({ id: 'admin.timeLimited.granted', defaultMessage: 'Access Granted' }), {
          description: intl.formatMessage(
            {
              id: 'admin.timeLimited.grantedDetail',
              defaultMessage: 'Access granted for {count, plural, one {# minute} other {# minutes}}.',
            },
            { count: result.grant.time_limit_minutes },
          ),
        });
      else
        notify.success(
          intl.formatMessage({ id: 'admin.timeLimited.submitted', defaultMessage: 'Access Request Submitted' }),
          {
            description: intl.formatMessage({
              id: 'admin.timeLimited.submittedDetail',
              defaultMessage: 'Your request has been logged and is pending approval.',
            }),
          },
        );
      form.edit({ justification: '' });
    },
  });
  const app = apps.data?.find((a) => a.id === appId);

  function review() {
    if (!isTimeLimitedRequestValid(appId, justification)) {
      form.setError(invalid, 'justification');
      notify.error(invalid);
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
      title={intl.formatMessage({ id: 'admin.timeLimited.title', defaultMessage: 'Time-Limited Credential Access' })}
      description={intl.formatMessage({
        id: 'admin.timeLimited.description',
        defaultMessage: "Request temporary access to an application's credential. The request is logged.",
      })}
      contentClassName="space-y-4"
    >
      <div className="space-y-2">
        <Label htmlFor="tl-app">
          <FormattedMessage id="admin.timeLimited.application" defaultMessage="Application" />
        </Label>
        <Select value={appId} onValueChange={(v) => form.edit({ appId: v })}>
          <SelectTrigger
            id="tl-app"
            className="w-full"
            aria-label={intl.formatMessage({ id: 'admin.timeLimited.applicationLabel', defaultMessage: 'Application' })}
          >
            <SelectValue
              placeholder={intl.formatMessage({
                id: 'admin.timeLimited.selectApplication',
                defaultMessage: 'Select an application',
              })}
            />
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
          label={intl.formatMessage({ id: 'admin.timeLimited.credentialType', defaultMessage: 'Credential Type' })}
          value={type}
          onChange={(next) => form.edit({ type: next })}
        />
        <Field
          id="tl-minutes"
          label={intl.formatMessage({ id: 'admin.timeLimited.minutes', defaultMessage: 'Time Limit (minutes)' })}
        >
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
      <Field
        id="tl-justification"
        label={intl.formatMessage({ id: 'admin.timeLimited.justification', defaultMessage: 'Justification' })}
        {...form.field('justification')}
      >
        <Textarea
          placeholder={intl.formatMessage({
            id: 'admin.timeLimited.justificationPlaceholder',
            defaultMessage: 'At least 15 characters: what you need it for and why now',
          })}
        />
      </Field>
      <FormError {...form.error} />
      <Button onClick={review} disabled={request.isPending} className="w-full sm:w-auto">
        {request.isPending ? (
          <FormattedMessage id="admin.timeLimited.requesting" defaultMessage="Requesting…" />
        ) : (
          <FormattedMessage id="admin.timeLimited.request" defaultMessage="Request Access" />
        )}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={intl.formatMessage({
          id: 'admin.timeLimited.confirm.title',
          defaultMessage: 'Confirm Credential Access Request',
        })}
        description={intl.formatMessage(
          {
            id: 'admin.timeLimited.confirm.description',
            defaultMessage:
              'You are requesting the {credential} of {app} for {count, plural, one {# minute} other {# minutes}}. This request is logged for security auditing.',
          },
          {
            credential: credentialLabel(intl, type),
            app:
              app?.app_name ??
              intl.formatMessage({ id: 'admin.timeLimited.confirm.thisApp', defaultMessage: 'this application' }),
            count: clampMinutes(minutes),
          },
        )}
        action={intl.formatMessage({ id: 'admin.timeLimited.confirm.action', defaultMessage: 'Confirm Request' })}
        onConfirm={submit}
        onClose={() => setConfirming(false)}
      />
    </SectionCard>
  );
}
