import { FormattedMessage, useIntl } from 'react-intl';
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
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage({ id: 'auth.forgot.title', defaultMessage: 'Forgot Password' }));
  const form = useForm({ email: '' });
  const [sentTo, setSentTo] = useState<string | null>(null);
  const forgot = usePasswordForgotMutation();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const address = form.values.email.trim();
    if (!address) {
      form.setError(
        intl.formatMessage({
          id: 'auth.forgot.enterEmail',
          defaultMessage: 'Enter the email address of your account.',
        }),
      );
      return;
    }
    form.setError(null);
    try {
      await forgot.mutateAsync(address);
      setSentTo(address);
    } catch (err) {
      form.setServerError(err, {
        refusal: (e) =>
          e.status === 429
            ? [
                intl.formatMessage({ id: 'auth.forgot.tooMany', defaultMessage: 'Too many reset requests from here.' }),
                waitText(e.retryAfterSeconds),
              ].join(' ')
            : undefined,
      });
    }
  }

  return (
    <AuthCard
      title={intl.formatMessage({ id: 'auth.forgot.heading', defaultMessage: 'Reset your password' })}
      description={intl.formatMessage({
        id: 'auth.forgot.description',
        defaultMessage: 'We will email you a link to choose a new password.',
      })}
    >
      {sentTo ? (
        <div role="status" className="space-y-4 text-center">
          <MailCheckIcon className="mx-auto size-10 text-primary" aria-hidden />
          <h2 className="text-lg font-semibold">
            <FormattedMessage id="auth.forgot.checkEmail" defaultMessage="Check your email" />
          </h2>
          <p className="text-sm text-muted-foreground">
            <FormattedMessage
              id="auth.forgot.sent"
              defaultMessage="If an account exists for <strong>{email}</strong>, a link to reset its password is on its way. The link works once, for one hour."
              values={{
                email: sentTo,
                strong: (chunks) => <strong className="wrap-anywhere text-foreground">{chunks}</strong>,
              }}
            />
          </p>
          <Button asChild variant="outline" className="w-full">
            <Link to="/auth">
              {intl.formatMessage({ id: 'auth.mfa.backToSignIn', defaultMessage: 'Back to sign in' })}
            </Link>
          </Button>
        </div>
      ) : (
        <form
          onSubmit={submit}
          className="space-y-4"
          noValidate
          aria-label={intl.formatMessage({ id: 'auth.forgot.form', defaultMessage: 'Request a reset link' })}
        >
          <Field
            id="forgot-email"
            label={intl.formatMessage({ id: 'auth.field.email', defaultMessage: 'Email' })}
            {...form.field('email')}
          >
            <Input type="email" autoComplete="email" />
          </Field>
          <FormError {...form.error} />
          <Button type="submit" className="w-full" disabled={forgot.isPending}>
            {forgot.isPending
              ? intl.formatMessage({ id: 'auth.forgot.pending', defaultMessage: 'Sending…' })
              : intl.formatMessage({ id: 'auth.forgot.submit', defaultMessage: 'Send reset link' })}
          </Button>
          <p className="text-center text-sm">
            <Link to="/auth" className="text-primary underline-offset-4 hover:underline">
              {intl.formatMessage({ id: 'auth.mfa.backToSignIn', defaultMessage: 'Back to sign in' })}
            </Link>
          </p>
        </form>
      )}
    </AuthCard>
  );
}
