import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { MailCheckIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/form-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { usePasswordForgotMutation } from '@/data/auth/password-forgot-mutation';
import { ApiError } from '@/lib/api';
import { errorText } from '@/lib/error-text';
import { waitText } from '@/lib/format';
import { useDocumentTitle } from '@/lib/use-document-title';
import { AuthCard } from './auth-card';

/**
 * /forgot-password (issue 13): asks for a reset link. The answer is the same whether or not
 * the account exists (the server never says), so the screen says "if an account exists".
 */
export default function ForgotPasswordPage() {
  useDocumentTitle('Forgot Password');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const forgot = usePasswordForgotMutation();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const address = email.trim();
    if (!address) {
      setError('Enter the email address of your account.');
      return;
    }
    setError(null);
    try {
      await forgot.mutateAsync(address);
      setSentTo(address);
    } catch (err) {
      setError(
        err instanceof ApiError && err.status === 429
          ? `Too many reset requests from here. ${waitText(err.retryAfterSeconds)}`
          : errorText(err),
      );
    }
  }

  return (
    <AuthCard title="Reset your password" description="We will email you a link to choose a new password.">
      {sentTo ? (
        <div role="status" className="space-y-4 text-center">
          <MailCheckIcon className="mx-auto size-10 text-primary" aria-hidden />
          <h2 className="text-lg font-semibold">Check your email</h2>
          <p className="text-sm text-muted-foreground">
            If an account exists for <strong className="wrap-anywhere text-foreground">{sentTo}</strong>, a link to
            reset its password is on its way. The link works once, for one hour.
          </p>
          <Button asChild variant="outline" className="w-full">
            <Link to="/auth">Back to sign in</Link>
          </Button>
        </div>
      ) : (
        <form onSubmit={submit} className="space-y-4" noValidate aria-label="Request a reset link">
          <div className="space-y-2">
            <Label htmlFor="forgot-email">Email</Label>
            <Input
              id="forgot-email"
              type="email"
              autoComplete="email"
              value={email}
              onChange={(e) => {
                setError(null);
                setEmail(e.target.value);
              }}
            />
          </div>
          <FormError message={error} />
          <Button type="submit" className="w-full" disabled={forgot.isPending}>
            {forgot.isPending ? 'Sending…' : 'Send reset link'}
          </Button>
          <p className="text-center text-sm">
            <Link to="/auth" className="text-primary underline-offset-4 hover:underline">
              Back to sign in
            </Link>
          </p>
        </form>
      )}
    </AuthCard>
  );
}
