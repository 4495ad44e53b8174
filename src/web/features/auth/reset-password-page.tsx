import { FormattedMessage, useIntl } from 'react-intl';
import type { FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/form-error';
import { Field, useForm } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { usePasswordResetMutation } from '@/data/auth/password-reset-mutation';
import { notify } from '@/lib/notify';
import { useDocumentTitle } from '@/lib/use-document-title';
import { checkPassword } from '@shared/password-policy';
import { AuthCard } from './auth-card';
import { PasswordStrength } from './password-strength';

/**
 * /reset-password?token=… (issue 13): the mailed single-use link. The new password meets the
 * same policy as sign-up; every session of the account ends, so the user signs in afresh.
 */
export default function ResetPasswordPage() {
  const intl = useIntl();
  const weak = intl.formatMessage({
    id: 'auth.password.weak',
    defaultMessage: 'Password does not meet security requirements. Please check the requirements below.',
  });
  useDocumentTitle(intl.formatMessage({ id: 'auth.reset.title', defaultMessage: 'Choose a New Password' }));
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const form = useForm({ password: '' });
  const reset = usePasswordResetMutation();
  const { password } = form.values;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!checkPassword(password).valid) {
      form.setError(weak, 'password');
      return;
    }
    form.setError(null);
    try {
      await reset.mutateAsync({ token, password });
      notify.success(
        intl.formatMessage({
          id: 'auth.reset.done',
          defaultMessage: 'Your password has been changed. Sign in with your new password.',
        }),
      );
      navigate('/auth', { replace: true });
    } catch (err) {
      form.setServerError(err);
    }
  }

  if (!token) {
    return (
      <AuthCard
        title={intl.formatMessage({ id: 'auth.reset.heading', defaultMessage: 'Choose a new password' })}
        description={intl.formatMessage({
          id: 'auth.reset.needsLink',
          defaultMessage: 'This page needs the link from your reset email.',
        })}
      >
        <p className="mb-4 text-sm text-muted-foreground">
          <FormattedMessage
            id="auth.reset.incomplete"
            defaultMessage="The link is incomplete. Open it again from the email, or ask for a new one."
          />
        </p>
        <Button asChild className="w-full">
          <Link to="/forgot-password">
            <FormattedMessage id="auth.reset.askNew" defaultMessage="Ask for a new link" />
          </Link>
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={intl.formatMessage({ id: 'auth.reset.heading', defaultMessage: 'Choose a new password' })}
      description={intl.formatMessage({
        id: 'auth.reset.description',
        defaultMessage: 'After the change, every device signed in to your account is signed out.',
      })}
    >
      <form
        onSubmit={submit}
        className="space-y-4"
        noValidate
        aria-label={intl.formatMessage({ id: 'auth.reset.heading', defaultMessage: 'Choose a new password' })}
      >
        <Field
          id="reset-password"
          label={intl.formatMessage({ id: 'auth.reset.newPassword', defaultMessage: 'New password' })}
          {...form.field('password')}
        >
          <Input type="password" autoComplete="new-password" />
        </Field>
        <PasswordStrength password={password} refusal={form.refusal} />
        <FormError {...form.error}>
          {form.error.message !== weak && (
            <Link to="/forgot-password" className="mt-2 inline-block font-medium underline underline-offset-4">
              <FormattedMessage id="auth.reset.askNew" defaultMessage="Ask for a new link" />
            </Link>
          )}
        </FormError>
        <Button type="submit" className="w-full" disabled={reset.isPending}>
          {reset.isPending
            ? intl.formatMessage({ id: 'common.saving', defaultMessage: 'Saving…' })
            : intl.formatMessage({ id: 'auth.reset.submit', defaultMessage: 'Set new password' })}
        </Button>
      </form>
    </AuthCard>
  );
}
