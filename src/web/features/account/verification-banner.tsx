import { useState } from 'react';
import { MailWarningIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useVerificationResendMutation } from '@/data/auth/verification-resend-mutation';
import { errorText } from '@/lib/error-text';
import { waitText } from '@/lib/format';

/**
 * Above every signed-in screen while the email is unverified: a reminder and Resend. The hub
 * sends at most one mail a minute; a 429 says how long to wait (its Retry-After).
 */
export function VerificationBanner({ email }: { email: string }) {
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const resend = useVerificationResendMutation();

  async function send() {
    setResult(null);
    try {
      await resend.mutateAsync();
      setResult({ ok: true, text: `Sent. Check the inbox of ${email}.` });
    } catch (err) {
      setResult({
        ok: false,
        text: errorText(err, {
          refusal: (e) =>
            e.status === 429
              ? `A verification email was sent a moment ago. ${waitText(e.retryAfterSeconds)}`
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
          <strong>Verify your email address.</strong> We sent a link to <span className="wrap-anywhere">{email}</span>.
        </p>
        <p aria-live="polite" className={result && !result.ok ? 'text-destructive' : undefined}>
          {result?.text}
        </p>
      </div>
      <Button variant="outline" size="sm" onClick={send} disabled={resend.isPending}>
        {resend.isPending ? 'Sending…' : 'Resend'}
      </Button>
    </div>
  );
}
