import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/form-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useTotpConfirmMutation, type TotpEnrolment as Enrolment } from '@/data/me/totp-mutations';
import { errorText } from '@/lib/error-text';
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
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const confirm = useTotpConfirmMutation();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const entered = code.replace(/\s+/g, '');
    if (!/^\d{6}$/.test(entered)) {
      setError('Enter the 6-digit code your app shows.');
      return;
    }
    setError(null);
    try {
      onConfirmed((await confirm.mutateAsync(entered)).recovery_codes);
    } catch (err) {
      setError(errorText(err));
    }
  }

  return (
    <div className="grid gap-6 md:grid-cols-[auto_1fr]" data-testid="totp-enrolment">
      <div className="space-y-2">
        <QrCode value={enrolment.otpauth_uri} label="QR code to add Ecosystem Hub to your authenticator app" />
      </div>
      <div className="min-w-0 space-y-4">
        <ol className="list-decimal space-y-2 pl-5 text-sm">
          <li>Scan the QR code with your authenticator app.</li>
          <li>
            Can&apos;t scan it? Enter this key instead:{' '}
            <code className="wrap-anywhere rounded bg-muted px-1.5 py-0.5 font-mono" data-testid="totp-secret">
              {grouped(enrolment.secret)}
            </code>
          </li>
          <li>Enter the 6-digit code the app shows.</li>
        </ol>
        <form onSubmit={submit} noValidate className="space-y-3" aria-label="Confirm authenticator app">
          <div className="max-w-xs space-y-2">
            <Label htmlFor="totp-code">Code from the app</Label>
            <Input
              id="totp-code"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]*"
              maxLength={6}
              value={code}
              onChange={(e) => {
                setError(null);
                setCode(e.target.value);
              }}
            />
          </div>
          <FormError message={error} />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={confirm.isPending}>
              {confirm.isPending ? 'Checking…' : 'Turn on'}
            </Button>
            <Button type="button" variant="ghost" onClick={onCancel}>
              Cancel
            </Button>
          </div>
        </form>
      </div>
    </div>
  );
}
