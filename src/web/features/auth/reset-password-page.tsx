import type { FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/form-error';
import { Field, useForm } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { usePasswordResetMutation } from '@/data/auth/password-reset-mutation';
import { notify } from '@/lib/notify';
import { useDocumentTitle } from '@/lib/use-document-title';
import { checkPassword, WEAK_PASSWORD_MESSAGE } from '@shared/password-policy';
import { AuthCard } from './auth-card';
import { PasswordStrength } from './password-strength';

/**
 * /reset-password?token=… (issue 13): the mailed single-use link. The new password meets the
 * same policy as sign-up; every session of the account ends, so the user signs in afresh.
 */
export default function ResetPasswordPage() {
  useDocumentTitle('Choose a New Password');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const form = useForm({ password: '' });
  const reset = usePasswordResetMutation();
  const { password } = form.values;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!checkPassword(password).valid) {
      form.setError(WEAK_PASSWORD_MESSAGE, 'password');
      return;
    }
    form.setError(null);
    try {
      await reset.mutateAsync({ token, password });
      notify.success('Your password has been changed. Sign in with your new password.');
      navigate('/auth', { replace: true });
    } catch (err) {
      form.setServerError(err);
    }
  }

  if (!token) {
    return (
      <AuthCard title="Choose a new password" description="This page needs the link from your reset email.">
        <p className="mb-4 text-sm text-muted-foreground">
          The link is incomplete. Open it again from the email, or ask for a new one.
        </p>
        <Button asChild className="w-full">
          <Link to="/forgot-password">Ask for a new link</Link>
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Choose a new password"
      description="After the change, every device signed in to your account is signed out."
    >
      <form onSubmit={submit} className="space-y-4" noValidate aria-label="Choose a new password">
        <Field id="reset-password" label="New password" {...form.field('password')}>
          <Input type="password" autoComplete="new-password" />
        </Field>
        <PasswordStrength password={password} refusal={form.refusal} />
        <FormError {...form.error}>
          {form.error.message !== WEAK_PASSWORD_MESSAGE && (
            <Link to="/forgot-password" className="mt-2 inline-block font-medium underline underline-offset-4">
              Ask for a new link
            </Link>
          )}
        </FormError>
        <Button type="submit" className="w-full" disabled={reset.isPending}>
          {reset.isPending ? 'Saving…' : 'Set new password'}
        </Button>
      </form>
    </AuthCard>
  );
}
