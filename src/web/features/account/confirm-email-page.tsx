import { useEffect, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { CheckCircle2Icon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { useAuth } from '@/auth/auth-provider';
import { useEmailConfirmMutation } from '@/data/me/email-confirm-mutation';
import { AuthCard } from '@/features/auth/auth-card';
import { homePath } from '@/features/auth/auth.utils';
import { useDocumentTitle } from '@/lib/use-document-title';

/**
 * /account/confirm-email?token=… : the link mailed to a new address. Opening it confirms the
 * change (signed in or not: the token alone names the change); the old address was told.
 */
export default function ConfirmEmailPage() {
  const intl = useIntl();
  useDocumentTitle(
    intl.formatMessage({ id: 'account.confirmEmail.documentTitle', defaultMessage: 'Confirm Email Change' }),
  );
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { user, isEcosystemAdmin } = useAuth();
  const confirm = useEmailConfirmMutation();
  const sent = useRef(false);
  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    confirm.mutate(token);
  }, [token, confirm]);

  return (
    <AuthCard
      title={intl.formatMessage({ id: 'account.confirmEmail.title', defaultMessage: 'Confirm your new email' })}
      description={intl.formatMessage({
        id: 'account.confirmEmail.description',
        defaultMessage: 'The address you sign in with changes once it is confirmed.',
      })}
    >
      {!token ? (
        <p className="text-sm text-muted-foreground">
          <FormattedMessage
            id="account.confirmEmail.noToken"
            defaultMessage="This page needs the link from the confirmation email."
          />
        </p>
      ) : confirm.isSuccess ? (
        <div role="status" className="space-y-4 text-center">
          <CheckCircle2Icon className="mx-auto size-10 text-success" aria-hidden />
          <p>
            <FormattedMessage
              id="account.confirmEmail.done"
              defaultMessage="You now sign in as <b>{email}</b>."
              values={{
                email: confirm.data.email,
                b: (chunks) => <strong className="wrap-anywhere">{chunks}</strong>,
              }}
            />
          </p>
          <Button asChild className="w-full">
            <Link to={user ? homePath(isEcosystemAdmin) : '/auth'}>
              {user ? (
                <FormattedMessage id="account.confirmEmail.continue" defaultMessage="Continue" />
              ) : (
                <FormattedMessage id="account.confirmEmail.signIn" defaultMessage="Sign in" />
              )}
            </Link>
          </Button>
        </div>
      ) : confirm.isError ? (
        <ErrorState
          title={intl.formatMessage({
            id: 'account.confirmEmail.failed',
            defaultMessage: 'The email address was not changed',
          })}
          error={confirm.error}
        />
      ) : (
        <LoadingState
          label={intl.formatMessage({ id: 'account.confirmEmail.confirming', defaultMessage: 'Confirming…' })}
          rows={1}
        />
      )}
    </AuthCard>
  );
}
