import { FormattedMessage } from 'react-intl';
import { activeIntl } from '@/i18n/active-intl';
import type { FormEvent } from 'react';
import { FingerprintIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormError } from '@/components/form-error';
import { Field, useForm } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useMeQuery } from '@/data/me/me-query';
import { useReauthenticateMutation } from '@/data/auth/reauthenticate-mutation';
import { passkeyErrorText } from '@/features/auth/auth.utils';
import { SIGN_IN_WORDING } from '@/features/auth/sign-in-form';

/**
 * Step-up (issue 13, ASVS V7): an action that reveals a secret or changes roles needs a sign-in
 * in the last 10 minutes. The password and a code (or a passkey) confirm it is still you; the
 * action then runs again by itself.
 */
export default function StepUpDialog({ onDone }: { onDone: (confirmed: boolean) => void }) {
  const me = useMeQuery({ meta: {} });
  const hasTotp = me.data ? me.data.mfa.totp : true;
  const hasPasskey = me.data ? me.data.mfa.passkeys > 0 : true;
  // With passkeys and no app, the server takes only a passkey (the password alone is one factor).
  const passkeyOnly = !!me.data && hasPasskey && !hasTotp;
  const form = useForm({ password: '', code: '' });
  const reauth = useReauthenticateMutation();

  async function confirm(input: Parameters<typeof reauth.mutateAsync>[0]) {
    form.setError(null);
    try {
      await reauth.mutateAsync(input);
      onDone(true);
    } catch (err) {
      if (input === 'passkey') form.setError(passkeyErrorText(err));
      else form.setServerError(err, SIGN_IN_WORDING);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (passkeyOnly) {
      void confirm('passkey');
      return;
    }
    const { password } = form.values;
    if (!password) {
      form.setError(activeIntl().formatMessage({ id: 'stepUp.enterPassword', defaultMessage: 'Enter your password.' }));
      return;
    }
    const entered = form.values.code.replace(/\s+/g, '');
    void confirm(entered ? { password, code: entered } : { password });
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onDone(false)}>
      <DialogContent>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>
              <FormattedMessage id="stepUp.title" defaultMessage="Confirm it’s you" />
            </DialogTitle>
            <DialogDescription>
              {passkeyOnly ? (
                <FormattedMessage
                  id="stepUp.passkeyOnly"
                  defaultMessage="This action needs a recent sign-in. Confirm with your passkey; the action then continues."
                />
              ) : (
                <FormattedMessage
                  id="stepUp.description"
                  defaultMessage="This action needs a recent sign-in. Confirm with your password{totp, select, yes { and a code from your app} other {}}{passkey, select, yes {, or with a passkey} other {}}; the action then continues."
                  values={{ totp: hasTotp ? 'yes' : 'no', passkey: hasPasskey ? 'yes' : 'no' }}
                />
              )}
            </DialogDescription>
          </DialogHeader>
          {!passkeyOnly && (
            <Field
              id="step-up-password"
              label={activeIntl().formatMessage({ id: 'auth.field.password', defaultMessage: 'Password' })}
              {...form.field('password')}
            >
              <Input type="password" autoComplete="current-password" />
            </Field>
          )}
          {hasTotp && (
            <Field
              id="step-up-code"
              label={activeIntl().formatMessage({ id: 'auth.mfa.code', defaultMessage: 'Authentication code' })}
              {...form.field('code')}
            >
              <Input inputMode="numeric" autoComplete="one-time-code" pattern="[0-9]*" maxLength={6} />
            </Field>
          )}
          <FormError {...form.error} />
          <DialogFooter>
            {hasPasskey && !passkeyOnly && (
              <Button
                type="button"
                variant="outline"
                onClick={() => void confirm('passkey')}
                disabled={reauth.isPending}
              >
                <FingerprintIcon aria-hidden />{' '}
                <FormattedMessage id="auth.mfa.usePasskey" defaultMessage="Use a passkey" />
              </Button>
            )}
            <Button type="button" variant="ghost" onClick={() => onDone(false)}>
              <FormattedMessage id="common.cancel" defaultMessage="Cancel" />
            </Button>
            <Button type="submit" disabled={reauth.isPending}>
              {passkeyOnly && <FingerprintIcon aria-hidden />}
              {reauth.isPending ? (
                <FormattedMessage id="stepUp.pending" defaultMessage="Confirming…" />
              ) : passkeyOnly ? (
                <FormattedMessage id="auth.mfa.usePasskey" defaultMessage="Use a passkey" />
              ) : (
                <FormattedMessage id="stepUp.confirm" defaultMessage="Confirm" />
              )}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
