import { useState } from 'react';
import { SmartphoneIcon } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormError } from '@/components/form-error';
import type { Me } from '@/data/me/me-query';
import {
  useRecoveryCodesMutation,
  useTotpDisableMutation,
  useTotpEnrolMutation,
  type TotpEnrolment,
} from '@/data/me/totp-mutations';
import { errorText } from '@/lib/error-text';
import { notify } from '@/lib/notify';
import { PasswordConfirmDialog } from './password-confirm-dialog';
import { RecoveryCodes } from './recovery-codes';
import { TotpEnrolment as TotpEnrolmentPanel } from './totp-enrolment';

type Asking = 'disable' | 'regenerate' | null;

/**
 * The authenticator app (RFC 6238 TOTP): set it up (QR code, first code, ten recovery codes
 * shown once), or, once on, see how many recovery codes are left, get new ones or turn it off
 * (both ask for the current password).
 */
export function TotpCard({ mfa }: { mfa: Me['mfa'] }) {
  const intl = useIntl();
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [asking, setAsking] = useState<Asking>(null);
  const [error, setError] = useState<string | null>(null);
  const enrol = useTotpEnrolMutation();
  const disable = useTotpDisableMutation({
    onSuccess: () =>
      notify.success(
        intl.formatMessage({ id: 'account.totp.turnedOff', defaultMessage: 'Authenticator app turned off' }),
      ),
  });
  const regenerate = useRecoveryCodesMutation({ onSuccess: (r) => setCodes(r.recovery_codes) });

  async function start() {
    setError(null);
    try {
      setEnrolment(await enrol.mutateAsync());
    } catch (err) {
      setError(errorText(err));
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          <SmartphoneIcon className="size-5" aria-hidden />{' '}
          <FormattedMessage id="account.totp.title" defaultMessage="Authenticator app" />
          <Badge variant={mfa.totp ? 'success' : 'secondary'} data-testid="totp-status">
            {mfa.totp ? (
              <FormattedMessage id="account.totp.on" defaultMessage="On" />
            ) : (
              <FormattedMessage id="account.totp.off" defaultMessage="Off" />
            )}
          </Badge>
        </CardTitle>
        <CardDescription>
          <FormattedMessage
            id="account.totp.description"
            defaultMessage="A 6-digit code from an app such as 1Password, Google Authenticator or Authy, asked after your password."
          />
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {codes && <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />}
        {enrolment && !mfa.totp ? (
          <TotpEnrolmentPanel
            enrolment={enrolment}
            onConfirmed={(recovery) => {
              setEnrolment(null);
              setCodes(recovery);
              notify.success(
                intl.formatMessage({ id: 'account.totp.turnedOn', defaultMessage: 'Authenticator app turned on' }),
              );
            }}
            onCancel={() => setEnrolment(null)}
          />
        ) : mfa.totp ? (
          <>
            <p className="text-sm" data-testid="recovery-codes-left">
              <FormattedMessage
                id="account.totp.codesLeft"
                defaultMessage="{count, plural, one {# recovery code} other {# recovery codes}} left."
                values={{ count: mfa.recovery_codes_left }}
              />
            </p>
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" onClick={() => setAsking('regenerate')}>
                <FormattedMessage id="account.totp.newCodes" defaultMessage="New recovery codes" />
              </Button>
              <Button variant="destructive" onClick={() => setAsking('disable')}>
                <FormattedMessage id="account.totp.turnOff" defaultMessage="Turn off" />
              </Button>
            </div>
          </>
        ) : (
          !codes && (
            <>
              <FormError message={error} />
              <Button onClick={start} disabled={enrol.isPending}>
                {enrol.isPending ? (
                  <FormattedMessage id="account.totp.starting" defaultMessage="Starting…" />
                ) : (
                  <FormattedMessage id="account.totp.setUp" defaultMessage="Set up authenticator app" />
                )}
              </Button>
            </>
          )
        )}
      </CardContent>
      {asking === 'disable' && (
        <PasswordConfirmDialog
          title={intl.formatMessage({
            id: 'account.totp.disable.title',
            defaultMessage: 'Turn off the authenticator app?',
          })}
          description={intl.formatMessage({
            id: 'account.totp.disable.description',
            defaultMessage:
              'Your recovery codes stop working too. Signing in will then need only your password, unless you have a passkey.',
          })}
          action={intl.formatMessage({ id: 'account.totp.disable.action', defaultMessage: 'Turn off' })}
          destructive
          onConfirm={(password) => disable.mutateAsync(password)}
          onClose={() => setAsking(null)}
        />
      )}
      {asking === 'regenerate' && (
        <PasswordConfirmDialog
          title={intl.formatMessage({ id: 'account.totp.regenerate.title', defaultMessage: 'Get new recovery codes?' })}
          description={intl.formatMessage({
            id: 'account.totp.regenerate.description',
            defaultMessage: 'Your current recovery codes stop working; ten new ones are shown once.',
          })}
          action={intl.formatMessage({ id: 'account.totp.regenerate.action', defaultMessage: 'Get new codes' })}
          onConfirm={(password) => regenerate.mutateAsync(password)}
          onClose={() => setAsking(null)}
        />
      )}
    </Card>
  );
}
