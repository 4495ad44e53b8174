import { useMemo, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/form-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { usePasswordResetMutation } from '@/data/auth/password-reset-mutation';
import { ApiError } from '@/lib/api';
import { errorText } from '@/lib/error-text';
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
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [serverReasons, setServerReasons] = useState<string[]>([]);
  const check = useMemo(() => checkPassword(password), [password]);
  const reset = usePasswordResetMutation();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!check.valid) {
      setError(WEAK_PASSWORD_MESSAGE);
      return;
    }
    setError(null);
    try {
      await reset.mutateAsync({ token, password });
      notify.success('Your password has been changed. Sign in with your new password.');
      navigate('/auth', { replace: true });
    } catch (err) {
      if (err instanceof ApiError && err.code === 'weak_password') {
        setServerReasons(Array.isArray(err.details.reasons) ? (err.details.reasons as string[]) : []);
        setError(WEAK_PASSWORD_MESSAGE);
      } else setError(errorText(err));
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
        <div className="space-y-2">
          <Label htmlFor="reset-password">New password</Label>
          <Input
            id="reset-password"
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => {
              setError(null);
              setServerReasons([]);
              setPassword(e.target.value);
            }}
          />
        </div>
        {password && <PasswordStrength check={check} extra={serverReasons} />}
        <FormError message={error}>
          {error && !serverReasons.length && error !== WEAK_PASSWORD_MESSAGE && (
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
