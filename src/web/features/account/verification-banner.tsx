import { useState } from 'react';
import { MailWarningIcon } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import { useVerificationResendMutation } from '@/data/auth/verification-resend-mutation';
import { errorText } from '@/lib/error-text';
import { waitText } from '@/lib/format';

/**
 * Above every signed-in screen while the email is unverified: a reminder and Resend. The hub
 * sends at most one mail a minute; a 429 says how long to wait (its Retry-After).
 */
export function VerificationBanner({ email }: { email: string }) {
  const intl = useIntl();
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const resend = useVerificationResendMutation();

  async function send() {
    setResult(null);
    try {
      await resend.mutateAsync();
      setResult({
        ok: true,
        text: intl.formatMessage(
          { id: 'account.verification.sent', defaultMessage: 'Sent. Check the inbox of {email}.' },
          { email },
        ),
      });
    } catch (err) {
      setResult({
        ok: false,
        text: errorText(err, {
          refusal: (e) =>
            e.status === 429
              ? `${intl.formatMessage({
                  id: 'account.verification.tooSoon',
                  defaultMessage: 'A verification email was sent a moment ago.',
                })} ${waitText(e.retryAfterSeconds)}`
              : undefined,
        }),
      });
    }
  }

  return (
    <div
      data-testid="verification-banner"
      className="mb-6 flex flex-col gap-3 rounded-lg border border-warning/50 bg-warning/10 p-3 text-sm sm:flex-row sm:items-center"
    >
      <MailWarningIcon className="hidden size-5 shrink-0 sm:block" aria-hidden />
      <div className="min-w-0 flex-1">
        <p>
          <FormattedMessage
            id="account.verification.banner"
            defaultMessage="<b>Verify your email address.</b> We sent a link to <address>{email}</address>."
            values={{
              email,
              b: (chunks) => <strong>{chunks}</strong>,
              address: (chunks) => <span className="wrap-anywhere">{chunks}</span>,
            }}
          />
        </p>
        <p aria-live="polite" className={result && !result.ok ? 'text-destructive' : undefined}>
          {result?.text}
        </p>
      </div>
      <Button variant="outline" size="sm" onClick={send} disabled={resend.isPending}>
        {resend.isPending ? (
          <FormattedMessage id="account.verification.sending" defaultMessage="Sending…" />
        ) : (
          <FormattedMessage id="account.verification.resend" defaultMessage="Resend" />
        )}
      </Button>
    </div>
  );
}
