import type { FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field, useForm } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import type { Wording } from '@/lib/error-text';
import { useSignUpMutation } from '@/data/auth/sign-up-mutation';
import type { SessionState } from '@/data/auth/session-query';
import { notify } from '@/lib/notify';
import { checkPassword, WEAK_PASSWORD_MESSAGE } from '@shared/password-policy';
import { SIGN_IN_MESSAGES } from '@shared/auth-limits';
import { PasswordStrength } from './password-strength';
import { FormError } from '@/components/form-error';

/** Spec §2: after sign-up the success toast shows, then the flow continues after 1.5 s. */
export const CONTINUE_AFTER_SIGN_UP_MS = 1500;

/** Spec §8: a taken address in the spec's words; other refusals in the server's. */
const SIGN_UP_WORDING: Wording = {
  refusal: (error) => (error.status === 409 ? SIGN_IN_MESSAGES.emailTaken : undefined),
  unexpected: SIGN_IN_MESSAGES.unexpected,
};

export function SignUpForm({
  onSignedUp,
  onHold,
}: {
  onSignedUp: (state: SessionState) => void;
  onHold?: (hold: boolean) => void;
}) {
  const form = useForm({ full_name: '', email: '', password: '' });
  const signUp = useSignUpMutation();

  async function submit(event: FormEvent) {
    event.preventDefault();
    form.setError(null);
    const fullName = form.values.full_name.trim();
    const email = form.values.email.trim();
    const { password } = form.values;
    if (!fullName || !email || !password) {
      form.setError(SIGN_IN_MESSAGES.fillAll);
      return;
    }
    if (!checkPassword(password).valid) {
      form.setError(WEAK_PASSWORD_MESSAGE, 'password');
      return;
    }
    // Hold the page: the new session arrives before the toast has had its 1.5 s.
    onHold?.(true);
    try {
      const result = await signUp.mutateAsync({ full_name: fullName, email, password });
      notify.success(SIGN_IN_MESSAGES.signUpSuccess);
      setTimeout(() => onSignedUp(result), CONTINUE_AFTER_SIGN_UP_MS);
    } catch (err) {
      onHold?.(false);
      form.setServerError(err, SIGN_UP_WORDING);
    }
  }

  return (
    <form onSubmit={submit} className="space-y-4" noValidate aria-label="Sign up">
      <Field id="signup-name" label="Full name" {...form.field('full_name')}>
        <Input autoComplete="name" />
      </Field>
      <Field id="signup-email" label="Email" {...form.field('email')}>
        <Input type="email" autoComplete="email" />
      </Field>
      <Field id="signup-password" label="Password" {...form.field('password')}>
        <Input type="password" autoComplete="new-password" />
      </Field>
      <PasswordStrength password={form.values.password} refusal={form.refusal} />
      <FormError {...form.error} />
      <Button type="submit" className="w-full" disabled={signUp.isPending || signUp.isSuccess}>
        {signUp.isPending ? 'Creating account...' : 'Create Account'}
      </Button>
    </form>
  );
}
