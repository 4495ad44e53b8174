import { useEffect, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation, useSearchParams } from 'react-router';
import { CheckCircle2Icon } from 'lucide-react';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/auth/auth-provider';
import { useInvitationAcceptMutation } from '@/data/orgs/invitation-mutations';
import { AuthCard } from '@/features/auth/auth-card';
import { useDocumentTitle } from '@/lib/use-document-title';
import { orgHref } from './orgs.utils';

/**
 * /invitations/accept?token=… : the link an invitation mail carries. Signed out, it sends the
 * person to /auth (sign in or sign up) with this very page as `next`, so the token survives the
 * detour; signed in, it accepts at once. The server decides (the invited address, verified; not
 * expired, used or revoked) and its reason is shown as it gave it; Try again serves the person
 * who verified their address in the meantime.
 */
export default function InvitationAcceptPage() {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage({ id: 'orgs.accept.documentTitle', defaultMessage: 'Accept Invitation' }));
  const [params] = useSearchParams();
  const location = useLocation();
  const token = params.get('token') ?? '';
  const { user, loading } = useAuth();
  const accept = useInvitationAcceptMutation();
  const sent = useRef(false);
  useEffect(() => {
    if (!token || !user || sent.current) return;
    sent.current = true;
    accept.mutate(token);
  }, [token, user, accept]);
  const next = new URLSearchParams({ next: location.pathname + location.search }).toString();

  return (
    <AuthCard
      title={intl.formatMessage({ id: 'orgs.accept.title', defaultMessage: 'Join an organization' })}
      description={intl.formatMessage({
        id: 'orgs.accept.description',
        defaultMessage: 'An invitation to work together on the hub’s platforms.',
      })}
    >
      {!token ? (
        <p className="text-sm text-muted-foreground">
          <FormattedMessage
            id="orgs.accept.noToken"
            defaultMessage="This page needs the link from the invitation email."
          />
        </p>
      ) : loading ? (
        <LoadingState label={intl.formatMessage({ id: 'orgs.accept.loading', defaultMessage: 'Loading…' })} rows={1} />
      ) : !user ? (
        <div className="space-y-4">
          <p className="text-sm">
            <FormattedMessage
              id="orgs.accept.signIn"
              defaultMessage="Sign in, or create an account, with the email address the invitation was sent to. You come back here afterwards."
            />
          </p>
          <Button asChild className="w-full">
            <Link to={`/auth?${next}`}>
              <FormattedMessage id="orgs.accept.signInButton" defaultMessage="Sign in or sign up" />
            </Link>
          </Button>
        </div>
      ) : accept.isSuccess ? (
        <div role="status" className="space-y-4 text-center">
          <CheckCircle2Icon className="mx-auto size-10 text-success" aria-hidden />
          <p>
            <FormattedMessage
              id="orgs.accept.joined"
              defaultMessage="You joined <b>{name}</b>."
              values={{
                name: accept.data.organization.name,
                b: (chunks) => <strong className="wrap-anywhere">{chunks}</strong>,
              }}
            />
          </p>
          <Button asChild className="w-full">
            <Link to={orgHref('member', accept.data.organization.id)}>
              <FormattedMessage
                id="orgs.accept.open"
                defaultMessage="Open {name}"
                values={{ name: accept.data.organization.name }}
              />
            </Link>
          </Button>
        </div>
      ) : accept.isError ? (
        <div className="space-y-4">
          <ErrorState
            title={intl.formatMessage({ id: 'orgs.accept.failed', defaultMessage: 'The invitation was not accepted' })}
            error={accept.error}
          />
          <p className="text-sm text-muted-foreground">
            <FormattedMessage
              id="orgs.accept.signedInAs"
              defaultMessage="Signed in as <b>{email}</b>."
              values={{ email: user.email, b: (chunks) => <strong className="wrap-anywhere">{chunks}</strong> }}
            />
          </p>
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => accept.mutate(token)} disabled={accept.isPending}>
              <FormattedMessage id="orgs.accept.retry" defaultMessage="Try again" />
            </Button>
            <Button asChild variant="ghost">
              <Link to="/account">
                <FormattedMessage id="orgs.accept.account" defaultMessage="Go to your account" />
              </Link>
            </Button>
          </div>
        </div>
      ) : (
        <LoadingState
          label={intl.formatMessage({ id: 'orgs.accept.accepting', defaultMessage: 'Accepting the invitation…' })}
          rows={1}
        />
      )}
    </AuthCard>
  );
}
