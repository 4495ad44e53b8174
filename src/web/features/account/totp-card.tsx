import { useState } from 'react';
import { SmartphoneIcon } from 'lucide-react';
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
import { countOf } from '@/lib/format';
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
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [asking, setAsking] = useState<Asking>(null);
  const [error, setError] = useState<string | null>(null);
  const enrol = useTotpEnrolMutation();
  const disable = useTotpDisableMutation({ onSuccess: () => notify.success('Authenticator app turned off') });
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
          <SmartphoneIcon className="size-5" aria-hidden /> Authenticator app
          <Badge variant={mfa.totp ? 'success' : 'secondary'} data-testid="totp-status">
            {mfa.totp ? 'On' : 'Off'}
          </Badge>
        </CardTitle>
        <CardDescription>
          A 6-digit code from an app such as 1Password, Google Authenticator or Authy, asked after your password.
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
              notify.success('Authenticator app turned on');
            }}
            onCancel={() => setEnrolment(null)}
          />
        ) : mfa.totp ? (
          <>
            <p className="text-sm" data-testid="recovery-codes-left">
              {countOf(mfa.recovery_codes_left, 'recovery code', 'recovery codes')} left.
            </p>
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" onClick={() => setAsking('regenerate')}>
                New recovery codes
              </Button>
              <Button variant="destructive" onClick={() => setAsking('disable')}>
                Turn off
              </Button>
            </div>
          </>
        ) : (
          !codes && (
            <>
              <FormError message={error} />
              <Button onClick={start} disabled={enrol.isPending}>
                {enrol.isPending ? 'Starting…' : 'Set up authenticator app'}
              </Button>
            </>
          )
        )}
      </CardContent>
      {asking === 'disable' && (
        <PasswordConfirmDialog
          title="Turn off the authenticator app?"
          description="Your recovery codes stop working too. Signing in will then need only your password, unless you have a passkey."
          action="Turn off"
          destructive
          onConfirm={(password) => disable.mutateAsync(password)}
          onClose={() => setAsking(null)}
        />
      )}
      {asking === 'regenerate' && (
        <PasswordConfirmDialog
          title="Get new recovery codes?"
          description="Your current recovery codes stop working; ten new ones are shown once."
          action="Get new codes"
          onConfirm={(password) => regenerate.mutateAsync(password)}
          onClose={() => setAsking(null)}
        />
      )}
    </Card>
  );
}
