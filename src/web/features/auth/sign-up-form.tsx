import type { FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { activeIntl } from '@/i18n/active-intl';
import { Button } from '@/components/ui/button';
import { Field, useForm } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import type { Wording } from '@/lib/error-text';
import { useSignUpMutation } from '@/data/auth/sign-up-mutation';
import type { SessionState } from '@/data/auth/session-query';
import { notify } from '@/lib/notify';
import { checkPassword } from '@shared/password-policy';
import { AUTH_MESSAGES } from './sign-in-form';
import { PasswordStrength } from './password-strength';
import { FormError } from '@/components/form-error';

/** Spec §2: after sign-up the success toast shows, then the flow continues after 1.5 s. */
export const CONTINUE_AFTER_SIGN_UP_MS = 1500;

/** Spec §8: a taken address in the spec's words; other refusals in the server's. */
const SIGN_UP_WORDING: Wording = {
  refusal: (error) => (error.status === 409 ? activeIntl().formatMessage(AUTH_MESSAGES.emailTaken) : undefined),
  get unexpected() {
    return activeIntl().formatMessage(AUTH_MESSAGES.unexpected);
  },
};

export function SignUpForm({
  onSignedUp,
  onHold,
}: {
  onSignedUp: (state: SessionState) => void;
  onHold?: (hold: boolean) => void;
}) {
  const intl = useIntl();
  const form = useForm({ full_name: '', email: '', password: '' });
  const signUp = useSignUpMutation();

  async function submit(event: FormEvent) {
    event.preventDefault();
    form.setError(null);
    const fullName = form.values.full_name.trim();
    const email = form.values.email.trim();
    const { password } = form.values;
    if (!fullName || !email || !password) {
      form.setError(intl.formatMessage(AUTH_MESSAGES.fillAll));
      return;
    }
    if (!checkPassword(password).valid) {
      form.setError(
        intl.formatMessage({
          id: 'auth.password.weak',
          defaultMessage: 'Password does not meet security requirements. Please check the requirements below.',
        }),
        'password',
      );
      return;
    }
    // Hold the page: the new session arrives before the toast has had its 1.5 s.
    onHold?.(true);
    try {
      const result = await signUp.mutateAsync({ full_name: fullName, email, password });
      notify.success(intl.formatMessage(AUTH_MESSAGES.signUpSuccess));
      setTimeout(() => onSignedUp(result), CONTINUE_AFTER_SIGN_UP_MS);
    } catch (err) {
      onHold?.(false);
      form.setServerError(err, SIGN_UP_WORDING);
    }
  }

  return (
    <form
      onSubmit={submit}
      className="space-y-4"
      noValidate
      aria-label={intl.formatMessage({ id: 'auth.signUp.form', defaultMessage: 'Sign up' })}
    >
      <Field
        id="signup-name"
        label={intl.formatMessage({ id: 'auth.signUp.fullName', defaultMessage: 'Full name' })}
        {...form.field('full_name')}
      >
        <Input autoComplete="name" />
      </Field>
      <Field id="signup-email" label={intl.formatMessage(AUTH_MESSAGES.email)} {...form.field('email')}>
        <Input type="email" autoComplete="email" />
      </Field>
      <Field id="signup-password" label={intl.formatMessage(AUTH_MESSAGES.password)} {...form.field('password')}>
        <Input type="password" autoComplete="new-password" />
      </Field>
      <PasswordStrength password={form.values.password} refusal={form.refusal} />
      <FormError {...form.error} />
      <Button type="submit" className="w-full" disabled={signUp.isPending || signUp.isSuccess}>
        {signUp.isPending
          ? intl.formatMessage({ id: 'auth.signUp.pending', defaultMessage: 'Creating account...' })
          : intl.formatMessage({ id: 'auth.signUp.submit', defaultMessage: 'Create Account' })}
      </Button>
    </form>
  );
}
