import type { FormEvent } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import { Field, useForm } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { errorText, type Wording } from '@/lib/error-text';
import { activeIntl } from '@/i18n/active-intl';
import { Link } from 'react-router';
import { isMfaChallenge, useSignInMutation, type MfaChallenge } from '@/data/auth/sign-in-mutation';
import type { SessionState } from '@/data/auth/session-query';
import { FormError } from '@/components/form-error';
import { PasskeySignInButton } from './passkey-sign-in-button';
import { EmailSignIn } from './email-sign-in';
import { DiscoveredProviderOffer, ProviderButtons, useHomeRealm } from './sso-sign-in';

/**
 * The spec's §8 texts (src/shared/auth-limits.ts SIGN_IN_MESSAGES), as messages of every language: the
 * English ones word for word as the spec has them ("1 attempts remaining"), the others with their plurals.
 */
export const AUTH_MESSAGES = defineMessages({
  fillAll: { id: 'auth.fillAll', defaultMessage: 'Please fill in all fields' },
  unexpected: { id: 'auth.unexpected', defaultMessage: 'An unexpected error occurred. Please try again.' },
  emailTaken: {
    id: 'auth.signUp.emailTaken',
    defaultMessage: 'This email is already registered. Please sign in instead.',
  },
  signUpSuccess: {
    id: 'auth.signUp.success',
    defaultMessage: 'Account created successfully! Please check your email to verify your account.',
  },
  email: { id: 'auth.field.email', defaultMessage: 'Email' },
  password: { id: 'auth.field.password', defaultMessage: 'Password' },
});

/** Spec §8: how sign-in words its refusals (the MFA step and step-up share them). */
export const SIGN_IN_WORDING: Wording = {
  refusal: (error) => {
    const intl = activeIntl();
    const remaining = error.details.attempts_remaining;
    // A wrong second-factor code: the server's words ('The code is not correct.'), same count.
    if (error.code === 'invalid_code' && typeof remaining === 'number') {
      const count = intl.formatMessage(
        {
          id: 'auth.attemptsRemaining',
          defaultMessage: '{remaining, plural, one {# attempt} other {# attempts}} remaining.',
        },
        { remaining },
      );
      return `${error.message} ${count}`;
    }
    if (error.status === 401 && typeof remaining === 'number')
      return intl.formatMessage(
        {
          id: 'auth.signIn.invalid',
          defaultMessage: 'Invalid email or password. {remaining} attempts remaining.',
        },
        { remaining },
      );
    if (error.status === 429) {
      const minutes =
        typeof error.details.retry_after_minutes === 'number'
          ? error.details.retry_after_minutes
          : Math.max(1, Math.ceil((error.retryAfterSeconds ?? 60) / 60));
      return intl.formatMessage(
        {
          id: 'auth.signIn.blocked',
          defaultMessage: 'Too many failed attempts. Please try again in {minutes} minutes.',
        },
        { minutes },
      );
    }
    return undefined;
  },
  get unexpected() {
    return activeIntl().formatMessage(AUTH_MESSAGES.unexpected);
  },
};

/** The spec §8 message for a failed sign-in. */
export function signInErrorMessage(error: unknown): string {
  return errorText(error, SIGN_IN_WORDING);
}

/**
 * The Sign In tab: email and password (an account with a second factor answers with an MFA
 * challenge, handed to the page), the way to a forgotten password, and a passkey sign-in that
 * needs no email at all. An address whose domain an identity provider owns is offered that
 * provider first (home-realm discovery); the enabled providers are buttons under the form.
 */
export function SignInForm({
  onSignedIn,
  onMfaRequired,
}: {
  onSignedIn: (state: SessionState) => void;
  onMfaRequired: (challenge: MfaChallenge) => void;
}) {
  const intl = useIntl();
  const form = useForm({ email: '', password: '' });
  const signIn = useSignInMutation();
  const homeRealm = useHomeRealm();
  const discovered = homeRealm.providerFor(form.values.email);

  async function submit(event: FormEvent) {
    event.preventDefault();
    form.setError(null);
    const email = form.values.email.trim();
    const { password } = form.values;
    // An email without a password: perhaps the person expects their organisation's sign-in.
    if (email && !password && (await homeRealm.lookUp(email))) return;
    if (!email || !password) {
      form.setError(intl.formatMessage(AUTH_MESSAGES.fillAll));
      return;
    }
    try {
      const answer = await signIn.mutateAsync({ email, password });
      if (isMfaChallenge(answer)) onMfaRequired(answer);
      else onSignedIn(answer);
    } catch (err) {
      form.setServerError(err, SIGN_IN_WORDING);
    }
  }

  return (
    <form
      onSubmit={submit}
      className="space-y-4"
      noValidate
      aria-label={intl.formatMessage({ id: 'auth.signIn.form', defaultMessage: 'Sign in' })}
    >
      <Field id="signin-email" label={intl.formatMessage(AUTH_MESSAGES.email)} {...form.field('email')}>
        <Input type="email" autoComplete="username" onBlur={() => void homeRealm.lookUp(form.values.email)} />
      </Field>
      {discovered && <DiscoveredProviderOffer provider={discovered} />}
      <Field
        id="signin-password"
        label={intl.formatMessage(AUTH_MESSAGES.password)}
        aside={
          <Link
            to="/forgot-password"
            className="text-sm text-primary underline-offset-4 hover:underline focus-visible:underline"
          >
            {intl.formatMessage({ id: 'auth.signIn.forgot', defaultMessage: 'Forgot password?' })}
          </Link>
        }
        {...form.field('password')}
      >
        <Input type="password" autoComplete="current-password" />
      </Field>
      <FormError {...form.error} />
      <Button type="submit" className="w-full" variant={discovered ? 'outline' : 'default'} disabled={signIn.isPending}>
        {signIn.isPending
          ? intl.formatMessage({ id: 'auth.signIn.pending', defaultMessage: 'Signing in...' })
          : intl.formatMessage({ id: 'auth.signIn.submit', defaultMessage: 'Sign In' })}
      </Button>
      <div className="flex items-center gap-3 text-xs text-muted-foreground" aria-hidden>
        <span className="h-px flex-1 bg-border" /> {intl.formatMessage({ id: 'auth.signIn.or', defaultMessage: 'or' })}{' '}
        <span className="h-px flex-1 bg-border" />
      </div>
      <PasskeySignInButton
        onSignedIn={onSignedIn}
        label={intl.formatMessage({ id: 'auth.signIn.passkey', defaultMessage: 'Sign in with a passkey' })}
      />
      <EmailSignIn onSignedIn={onSignedIn} onMfaRequired={onMfaRequired} />
      <ProviderButtons />
    </form>
  );
}
