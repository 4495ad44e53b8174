import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { CheckCircle2Icon, MonitorSmartphoneIcon, XCircleIcon } from 'lucide-react';
import { ErrorState } from '@/components/error-state';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useAuth } from '@/auth/auth-provider';
import { useDeviceDecisionMutation, useDeviceLookupMutation, type DeviceRequest } from '@/data/device/device-mutations';
import { AuthCard } from '@/features/auth/auth-card';
import { useDocumentTitle } from '@/lib/use-document-title';
import { ScopeList } from './scope-list';

/**
 * /device (RFC 8628 §3.3, issue 42): where a person approves a sign-in on a TV, kiosk or CLI. The
 * route sits under the sign-in guard, so the person signs in first (every factor, MFA and SSO
 * policy as at any sign-in) and comes back here with the code kept (`?user_code=` from
 * verification_uri_complete fills the field). The code is looked up (every entry is counted by
 * the server), then the client's name, logo and scopes are shown with Allow and Deny.
 */
export default function DevicePage() {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage({ id: 'device.title', defaultMessage: 'Connect a device' }));
  const { user } = useAuth();
  const [params] = useSearchParams();
  const [code, setCode] = useState(params.get('user_code') ?? '');
  const lookup = useDeviceLookupMutation();
  const decision = useDeviceDecisionMutation();
  const sent = useRef(false);
  // From verification_uri_complete: the code is already there, so show what it asks at once.
  useEffect(() => {
    const given = params.get('user_code');
    if (!given || sent.current) return;
    sent.current = true;
    lookup.mutate(given);
  }, [params, lookup]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    decision.reset();
    lookup.mutate(code);
  };

  const title = intl.formatMessage({ id: 'device.title', defaultMessage: 'Connect a device' });
  const description = intl.formatMessage({
    id: 'device.description',
    defaultMessage: 'Enter the code your TV, kiosk or command line shows.',
  });

  if (decision.isSuccess) {
    const approved = decision.data.status === 'approved';
    const Icon = approved ? CheckCircle2Icon : XCircleIcon;
    return (
      <AuthCard title={title} description={description}>
        <div role="status" className="space-y-3 text-center" data-testid="device-done">
          <Icon className={`mx-auto size-10 ${approved ? 'text-success' : 'text-muted-foreground'}`} aria-hidden />
          <p className="font-medium">
            {approved ? (
              <FormattedMessage id="device.approved" defaultMessage="Device connected" />
            ) : (
              <FormattedMessage id="device.denied" defaultMessage="Request denied" />
            )}
          </p>
          <p className="text-sm text-muted-foreground">
            {approved ? (
              <FormattedMessage
                id="device.approvedHint"
                defaultMessage="You can go back to your device: it signs in within a few seconds."
              />
            ) : (
              <FormattedMessage id="device.deniedHint" defaultMessage="The device was not signed in to your account." />
            )}
          </p>
        </div>
      </AuthCard>
    );
  }

  const request = lookup.data;
  return (
    <AuthCard title={title} description={description}>
      {request ? (
        <DeviceRequestView
          request={request}
          email={user?.email ?? ''}
          pending={decision.isPending}
          error={decision.error}
          onDecide={(approve) => decision.mutate({ decision_token: request.decision_token, approve })}
          onCancel={() => {
            lookup.reset();
            decision.reset();
          }}
        />
      ) : (
        <form className="space-y-4" onSubmit={submit} noValidate>
          <div className="space-y-2">
            <Label htmlFor="device-user-code">
              <FormattedMessage id="device.codeLabel" defaultMessage="Code shown on your device" />
            </Label>
            <Input
              id="device-user-code"
              name="user_code"
              value={code}
              onChange={(e) => setCode(e.target.value)}
              autoComplete="one-time-code"
              autoCapitalize="characters"
              spellCheck={false}
              placeholder="XXXX-XXXX"
              className="text-center font-mono text-lg tracking-widest uppercase"
              aria-invalid={lookup.isError || undefined}
              aria-describedby={lookup.isError ? 'device-code-error' : undefined}
              required
            />
          </div>
          {lookup.isError && (
            <div id="device-code-error">
              <ErrorState
                title={intl.formatMessage({ id: 'device.codeRefused', defaultMessage: 'This code did not work' })}
                error={lookup.error}
              />
            </div>
          )}
          <Button type="submit" className="w-full" disabled={lookup.isPending || code.trim() === ''}>
            {lookup.isPending ? (
              <FormattedMessage id="device.checking" defaultMessage="Checking…" />
            ) : (
              <FormattedMessage id="device.continue" defaultMessage="Continue" />
            )}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}

function DeviceRequestView({
  request,
  email,
  pending,
  error,
  onDecide,
  onCancel,
}: {
  request: DeviceRequest;
  email: string;
  pending: boolean;
  error: Error | null;
  onDecide: (approve: boolean) => void;
  onCancel: () => void;
}) {
  const intl = useIntl();
  const { client } = request;
  return (
    <div className="space-y-5" data-testid="device-request">
      <div className="flex items-center gap-3">
        {client.logo_uri ? (
          <img src={client.logo_uri} alt="" className="size-12 shrink-0 rounded-md border object-contain" />
        ) : (
          <MonitorSmartphoneIcon className="size-12 shrink-0 text-muted-foreground" aria-hidden />
        )}
        <div className="min-w-0">
          <p className="font-semibold wrap-anywhere">{client.name}</p>
          <p className="text-sm text-muted-foreground">
            <FormattedMessage
              id="device.wantsAccess"
              defaultMessage="wants to sign in as {email}"
              values={{ email: <strong className="wrap-anywhere">{email}</strong> }}
            />
          </p>
        </div>
      </div>
      <p className="rounded-md bg-muted px-3 py-2 text-center text-sm">
        <FormattedMessage
          id="device.matchCode"
          defaultMessage="Check that your device shows {code}"
          values={{
            code: (
              <span className="font-mono font-semibold tracking-widest whitespace-nowrap">{request.user_code}</span>
            ),
          }}
        />
      </p>
      <div>
        <p className="mb-2 text-sm font-medium">
          <FormattedMessage id="device.scopesHeading" defaultMessage="It will be able to:" />
        </p>
        <ScopeList scopes={request.scopes} />
      </div>
      {error && (
        <ErrorState
          title={intl.formatMessage({ id: 'device.decisionFailed', defaultMessage: 'Your answer was not saved' })}
          error={error}
        />
      )}
      <div className="grid grid-cols-2 gap-2">
        <Button variant="outline" onClick={() => onDecide(false)} disabled={pending}>
          <FormattedMessage id="device.deny" defaultMessage="Deny" />
        </Button>
        <Button
          onClick={() => onDecide(true)}
          disabled={pending}
          style={client.brand_color ? { backgroundColor: client.brand_color } : undefined}
        >
          <FormattedMessage id="device.approve" defaultMessage="Allow" />
        </Button>
      </div>
      <Button variant="link" className="w-full" onClick={onCancel} disabled={pending}>
        <FormattedMessage id="device.otherCode" defaultMessage="Enter another code" />
      </Button>
    </div>
  );
}
