import { useEffect, useRef } from 'react';
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
  useDocumentTitle('Accept Invitation');
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
    <AuthCard title="Join an organization" description="An invitation to work together on the hub's platforms.">
      {!token ? (
        <p className="text-sm text-muted-foreground">This page needs the link from the invitation email.</p>
      ) : loading ? (
        <LoadingState label="Loading…" rows={1} />
      ) : !user ? (
        <div className="space-y-4">
          <p className="text-sm">
            Sign in, or create an account, with the email address the invitation was sent to. You come back here
            afterwards.
          </p>
          <Button asChild className="w-full">
            <Link to={`/auth?${next}`}>Sign in or sign up</Link>
          </Button>
        </div>
      ) : accept.isSuccess ? (
        <div role="status" className="space-y-4 text-center">
          <CheckCircle2Icon className="mx-auto size-10 text-success" aria-hidden />
          <p>
            You joined <strong className="wrap-anywhere">{accept.data.organization.name}</strong>.
          </p>
          <Button asChild className="w-full">
            <Link to={orgHref('member', accept.data.organization.id)}>Open {accept.data.organization.name}</Link>
          </Button>
        </div>
      ) : accept.isError ? (
        <div className="space-y-4">
          <ErrorState title="The invitation was not accepted" error={accept.error} />
          <p className="text-sm text-muted-foreground">
            Signed in as <strong className="wrap-anywhere">{user.email}</strong>.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => accept.mutate(token)} disabled={accept.isPending}>
              Try again
            </Button>
            <Button asChild variant="ghost">
              <Link to="/account">Go to your account</Link>
            </Button>
          </div>
        </div>
      ) : (
        <LoadingState label="Accepting the invitation…" rows={1} />
      )}
    </AuthCard>
  );
}
