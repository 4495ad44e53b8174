import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ApiError } from '@/lib/api';
import { countOf } from '@/lib/format';
import { Link } from 'react-router';
import { isMfaChallenge, useSignInMutation, type MfaChallenge } from '@/data/auth/sign-in-mutation';
import type { SessionState } from '@/data/auth/session-query';
import { SIGN_IN_MESSAGES } from '@shared/auth-limits';
import { FormError } from '@/components/form-error';
import { PasskeySignInButton } from './passkey-sign-in-button';

/** The spec §8 message for a failed sign-in. */
export function signInErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    // A wrong second-factor code: the server's words ('The code is not correct.'), same count.
    if (error.code === 'invalid_code' && typeof error.details.attempts_remaining === 'number') {
      return `${error.message} ${countOf(error.details.attempts_remaining, 'attempt', 'attempts')} remaining.`;
    }
    if (error.status === 401 && typeof error.details.attempts_remaining === 'number') {
      return SIGN_IN_MESSAGES.invalid(error.details.attempts_remaining);
    }
    if (error.status === 429) {
      const minutes =
        typeof error.details.retry_after_minutes === 'number'
          ? error.details.retry_after_minutes
          : Math.max(1, Math.ceil((error.retryAfterSeconds ?? 60) / 60));
      return SIGN_IN_MESSAGES.blocked(minutes);
    }
    if (error.status >= 400 && error.status < 500) return error.message;
  }
  return SIGN_IN_MESSAGES.unexpected;
}

/**
 * The Sign In tab: email and password (an account with a second factor answers with an MFA
 * challenge, handed to the page), the way to a forgotten password, and a passkey sign-in that
 * needs no email at all.
 */
export function SignInForm({
  onSignedIn,
  onMfaRequired,
}: {
  onSignedIn: (state: SessionState) => void;
  onMfaRequired: (challenge: MfaChallenge) => void;
}) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const signIn = useSignInMutation();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!email.trim() || !password) {
      setError(SIGN_IN_MESSAGES.fillAll);
      return;
    }
    try {
      const answer = await signIn.mutateAsync({ email: email.trim(), password });
      if (isMfaChallenge(answer)) onMfaRequired(answer);
      else onSignedIn(answer);
    } catch (err) {
      setError(signInErrorMessage(err));
    }
  }

  return (
    <form onSubmit={submit} className="space-y-4" noValidate aria-label="Sign in">
      <div className="space-y-2">
        <Label htmlFor="signin-email">Email</Label>
        <Input
          id="signin-email"
          type="email"
          autoComplete="username"
          value={email}
          onChange={(e) => {
            setError(null);
            setEmail(e.target.value);
          }}
        />
      </div>
      <div className="space-y-2">
        <div className="flex items-baseline justify-between gap-2">
          <Label htmlFor="signin-password">Password</Label>
          <Link
            to="/forgot-password"
            className="text-sm text-primary underline-offset-4 hover:underline focus-visible:underline"
          >
            Forgot password?
          </Link>
        </div>
        <Input
          id="signin-password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => {
            setError(null);
            setPassword(e.target.value);
          }}
        />
      </div>
      <FormError message={error} />
      <Button type="submit" className="w-full" disabled={signIn.isPending}>
        {signIn.isPending ? 'Signing in...' : 'Sign In'}
      </Button>
      <div className="flex items-center gap-3 text-xs text-muted-foreground" aria-hidden>
        <span className="h-px flex-1 bg-border" /> or <span className="h-px flex-1 bg-border" />
      </div>
      <PasskeySignInButton onSignedIn={onSignedIn} label="Sign in with a passkey" />
    </form>
  );
}
