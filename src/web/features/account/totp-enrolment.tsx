import type { FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/form-error';
import { Field, useForm } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useTotpConfirmMutation, type TotpEnrolment as Enrolment } from '@/data/me/totp-mutations';
import { QrCode } from './qr-code';

/** The secret in groups of four, easier to type into an app by hand. */
function grouped(secret: string): string {
  return secret.replace(/(.{4})/g, '$1 ').trim();
}

/** Scan (or type) the secret, then prove it with the app's first code. */
export function TotpEnrolment({
  enrolment,
  onConfirmed,
  onCancel,
}: {
  enrolment: Enrolment;
  onConfirmed: (recoveryCodes: string[]) => void;
  onCancel: () => void;
}) {
  const intl = useIntl();
  const form = useForm({ code: '' });
  const confirm = useTotpConfirmMutation();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const entered = form.values.code.replace(/\s+/g, '');
    if (!/^\d{6}$/.test(entered)) {
      form.setError(
        intl.formatMessage({
          id: 'account.totp.enrol.invalidCode',
          defaultMessage: 'Enter the 6-digit code your app shows.',
        }),
      );
      return;
    }
    form.setError(null);
    try {
      onConfirmed((await confirm.mutateAsync(entered)).recovery_codes);
    } catch (err) {
      form.setServerError(err);
    }
  }

  return (
    <div className="grid gap-6 md:grid-cols-[auto_1fr]" data-testid="totp-enrolment">
      <div className="space-y-2">
        <QrCode
          value={enrolment.otpauth_uri}
          label={intl.formatMessage({
            id: 'account.totp.enrol.qrLabel',
            defaultMessage: 'QR code to add Ecosystem Hub to your authenticator app',
          })}
        />
      </div>
      <div className="min-w-0 space-y-4">
        <ol className="list-decimal space-y-2 ps-5 text-sm">
          <li>
            <FormattedMessage
              id="account.totp.enrol.scan"
              defaultMessage="Scan the QR code with your authenticator app."
            />
          </li>
          <li>
            <FormattedMessage id="account.totp.enrol.manual" defaultMessage="Can't scan it? Enter this key instead:" />{' '}
            <code className="wrap-anywhere rounded bg-muted px-1.5 py-0.5 font-mono" data-testid="totp-secret">
              {grouped(enrolment.secret)}
            </code>
          </li>
          <li>
            <FormattedMessage
              id="account.totp.enrol.enterCode"
              defaultMessage="Enter the 6-digit code the app shows."
            />
          </li>
        </ol>
        <form
          onSubmit={submit}
          noValidate
          className="space-y-3"
          aria-label={intl.formatMessage({
            id: 'account.totp.enrol.formLabel',
            defaultMessage: 'Confirm authenticator app',
          })}
        >
          <Field
            id="totp-code"
            label={intl.formatMessage({ id: 'account.totp.enrol.codeLabel', defaultMessage: 'Code from the app' })}
            className="max-w-xs"
            {...form.field('code')}
          >
            <Input inputMode="numeric" autoComplete="one-time-code" pattern="[0-9]*" maxLength={6} />
          </Field>
          <FormError {...form.error} />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={confirm.isPending}>
              {confirm.isPending ? (
                <FormattedMessage id="account.totp.enrol.checking" defaultMessage="Checking…" />
              ) : (
                <FormattedMessage id="account.totp.enrol.turnOn" defaultMessage="Turn on" />
              )}
            </Button>
            <Button type="button" variant="ghost" onClick={onCancel}>
              <FormattedMessage id="account.totp.enrol.cancel" defaultMessage="Cancel" />
            </Button>
          </div>
        </form>
      </div>
    </div>
  );
}
