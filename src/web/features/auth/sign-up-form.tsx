import { useMemo, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ApiError } from '@/lib/api';
import { useSignUpMutation } from '@/data/auth/sign-up-mutation';
import type { SessionState } from '@/data/auth/session-query';
import { notify } from '@/lib/notify';
import { checkPassword, WEAK_PASSWORD_MESSAGE } from '@shared/password-policy';
import { SIGN_IN_MESSAGES } from '@shared/auth-limits';
import { PasswordStrength } from './password-strength';
import { FormError } from '@/components/form-error';

/** Spec §2: after sign-up the success toast shows, then the flow continues after 1.5 s. */
export const CONTINUE_AFTER_SIGN_UP_MS = 1500;

export function SignUpForm({
  onSignedUp,
  onHold,
}: {
  onSignedUp: (state: SessionState) => void;
  onHold?: (hold: boolean) => void;
}) {
  const [fullName, setFullName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  /** Problems only the server knows (the common-password list). */
  const [serverReasons, setServerReasons] = useState<string[]>([]);
  const check = useMemo(() => checkPassword(password), [password]);
  const signUp = useSignUpMutation();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!fullName.trim() || !email.trim() || !password) {
      setError(SIGN_IN_MESSAGES.fillAll);
      return;
    }
    if (!check.valid) {
      setError(WEAK_PASSWORD_MESSAGE);
      return;
    }
    // Hold the page: the new session arrives before the toast has had its 1.5 s.
    onHold?.(true);
    try {
      const result = await signUp.mutateAsync({ full_name: fullName.trim(), email: email.trim(), password });
      notify.success(SIGN_IN_MESSAGES.signUpSuccess);
      setTimeout(() => onSignedUp(result), CONTINUE_AFTER_SIGN_UP_MS);
    } catch (err) {
      onHold?.(false);
      if (err instanceof ApiError && err.code === 'weak_password') {
        setServerReasons(Array.isArray(err.details.reasons) ? (err.details.reasons as string[]) : []);
        setError(WEAK_PASSWORD_MESSAGE);
      } else if (err instanceof ApiError && err.status === 409) {
        setError(SIGN_IN_MESSAGES.emailTaken);
      } else if (err instanceof ApiError && err.status >= 400 && err.status < 500) {
        setError(err.message);
      } else {
        setError(SIGN_IN_MESSAGES.unexpected);
      }
    }
  }

  return (
    <form onSubmit={submit} className="space-y-4" noValidate aria-label="Sign up">
      <div className="space-y-2">
        <Label htmlFor="signup-name">Full name</Label>
        <Input
          id="signup-name"
          autoComplete="name"
          value={fullName}
          onChange={(e) => {
            setError(null);
            setFullName(e.target.value);
          }}
        />
      </div>
      <div className="space-y-2">
        <Label htmlFor="signup-email">Email</Label>
        <Input
          id="signup-email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => {
            setError(null);
            setEmail(e.target.value);
          }}
        />
      </div>
      <div className="space-y-2">
        <Label htmlFor="signup-password">Password</Label>
        <Input
          id="signup-password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => {
            setError(null);
            setPassword(e.target.value);
            setServerReasons([]);
          }}
        />
      </div>
      {password && <PasswordStrength check={check} extra={serverReasons} />}
      <FormError message={error} />
      <Button type="submit" className="w-full" disabled={signUp.isPending || signUp.isSuccess}>
        {signUp.isPending ? 'Creating account...' : 'Create Account'}
      </Button>
    </form>
  );
}
