import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { MailCheckIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/form-error';
import { Field, useForm } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { usePasswordForgotMutation } from '@/data/auth/password-forgot-mutation';
import { waitText } from '@/lib/format';
import { useDocumentTitle } from '@/lib/use-document-title';
import { AuthCard } from './auth-card';

/**
 * /forgot-password (issue 13): asks for a reset link. The answer is the same whether or not
 * the account exists (the server never says), so the screen says "if an account exists".
 */
export default function ForgotPasswordPage() {
  useDocumentTitle('Forgot Password');
  const form = useForm({ email: '' });
  const [sentTo, setSentTo] = useState<string | null>(null);
  const forgot = usePasswordForgotMutation();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const address = form.values.email.trim();
    if (!address) {
      form.setError('Enter the email address of your account.');
      return;
    }
    form.setError(null);
    try {
      await forgot.mutateAsync(address);
      setSentTo(address);
    } catch (err) {
      form.setServerError(err, {
        refusal: (e) =>
          e.status === 429 ? `Too many reset requests from here. ${waitText(e.retryAfterSeconds)}` : undefined,
      });
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
          <Field id="forgot-email" label="Email" {...form.field('email')}>
            <Input type="email" autoComplete="email" />
          </Field>
          <FormError {...form.error} />
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
