import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/form-error';
import { Field, useForm } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import type { MfaChallenge } from '@/data/auth/sign-in-mutation';
import type { SessionState } from '@/data/auth/session-query';
import { useSignInMfaMutation } from '@/data/auth/sign-in-mfa-mutation';
import { SIGN_IN_WORDING } from './sign-in-form';
import { FingerprintIcon } from 'lucide-react';
import { passkeyErrorText } from './auth.utils';

/**
 * The second step of a sign-in whose password was right (issue 13): a code from the
 * authenticator app (one-time-code autocomplete, so phones offer it), or one recovery code, or
 * a passkey. Wrong codes count toward the same brute-force limit as passwords, so the same
 * messages apply.
 */
export function MfaStep({
  challenge,
  onSignedIn,
  onCancel,
}: {
  challenge: MfaChallenge;
  onSignedIn: (state: SessionState) => void;
  onCancel: () => void;
}) {
  const intl = useIntl();
  const hasTotp = challenge.methods.includes('totp');
  const hasPasskey = challenge.methods.includes('passkey');
  const hasRecovery = challenge.methods.includes('recovery_code');
  const [useRecovery, setUseRecovery] = useState(false);
  const showForm = useRecovery || hasTotp;
  const form = useForm({ code: '' });
  const verify = useSignInMfaMutation();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const entered = form.values.code.replace(/\s+/g, '');
    if (!entered) {
      form.setError(
        useRecovery
          ? intl.formatMessage({ id: 'auth.mfa.enterRecovery', defaultMessage: 'Enter one of your recovery codes.' })
          : intl.formatMessage({
              id: 'auth.mfa.enterCode',
              defaultMessage: 'Enter the 6-digit code from your authenticator app.',
            }),
      );
      return;
    }
    form.setError(null);
    try {
      onSignedIn(await verify.mutateAsync(useRecovery ? { recovery_code: entered } : { code: entered }));
    } catch (err) {
      form.setServerError(err, SIGN_IN_WORDING);
    }
  }

  async function usePasskey() {
    form.setError(null);
    try {
      onSignedIn(await verify.mutateAsync('passkey'));
    } catch (err) {
      form.setError(passkeyErrorText(err));
    }
  }

  function switchTo(recovery: boolean) {
    setUseRecovery(recovery);
    form.reset();
  }

  return (
    <section aria-labelledby="mfa-heading" className="space-y-4">
      <div className="space-y-1">
        <h2 id="mfa-heading" className="text-lg font-semibold">
          {intl.formatMessage({ id: 'auth.mfa.title', defaultMessage: 'Two-step verification' })}
        </h2>
        <p className="text-sm text-muted-foreground">
          {useRecovery
            ? intl.formatMessage({
                id: 'auth.mfa.recoveryHelp',
                defaultMessage:
                  'Enter one of the recovery codes you saved when you set up two-step verification. Each code works once.',
              })
            : hasTotp
              ? intl.formatMessage({
                  id: 'auth.mfa.totpHelp',
                  defaultMessage: 'Enter the 6-digit code your authenticator app shows for Ecosystem Hub.',
                })
              : intl.formatMessage({
                  id: 'auth.mfa.passkeyHelp',
                  defaultMessage: 'Confirm with the passkey on this device or your phone.',
                })}
        </p>
      </div>
      {showForm && (
        <form
          onSubmit={submit}
          className="space-y-4"
          noValidate
          aria-label={intl.formatMessage({ id: 'auth.mfa.form', defaultMessage: 'Verify' })}
        >
          <Field
            id="mfa-code"
            label={
              useRecovery
                ? intl.formatMessage({ id: 'auth.mfa.recoveryCode', defaultMessage: 'Recovery code' })
                : intl.formatMessage({ id: 'auth.mfa.code', defaultMessage: 'Authentication code' })
            }
            {...form.field('code')}
          >
            {useRecovery ? (
              <Input key="recovery" autoComplete="off" autoCapitalize="none" spellCheck={false} autoFocus />
            ) : (
              <Input
                key="totp"
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9]*"
                maxLength={6}
                autoFocus
              />
            )}
          </Field>
          <Button type="submit" className="w-full" disabled={verify.isPending}>
            {verify.isPending
              ? intl.formatMessage({ id: 'auth.mfa.pending', defaultMessage: 'Verifying…' })
              : intl.formatMessage({ id: 'auth.mfa.submit', defaultMessage: 'Verify' })}
          </Button>
        </form>
      )}
      <FormError {...form.error} />
      <div className="flex flex-col gap-2">
        {hasRecovery && (hasTotp || !useRecovery) && (
          <Button type="button" variant="link" className="h-auto p-0" onClick={() => switchTo(!useRecovery)}>
            {useRecovery
              ? hasTotp
                ? intl.formatMessage({ id: 'auth.mfa.useApp', defaultMessage: 'Use your authenticator app' })
                : intl.formatMessage({ id: 'common.back', defaultMessage: 'Back' })
              : intl.formatMessage({ id: 'auth.mfa.useRecovery', defaultMessage: 'Use a recovery code' })}
          </Button>
        )}
        {hasPasskey && (
          <Button type="button" variant="outline" onClick={usePasskey} disabled={verify.isPending}>
            <FingerprintIcon aria-hidden />{' '}
            {intl.formatMessage({ id: 'auth.mfa.usePasskey', defaultMessage: 'Use a passkey' })}
          </Button>
        )}
        <Button type="button" variant="ghost" onClick={onCancel}>
          {intl.formatMessage({ id: 'auth.mfa.backToSignIn', defaultMessage: 'Back to sign in' })}
        </Button>
      </div>
    </section>
  );
}
