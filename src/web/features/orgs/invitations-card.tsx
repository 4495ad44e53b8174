import { FormattedMessage, useIntl } from 'react-intl';
import { MailIcon } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { QueryState } from '@/components/query-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { OrgMode } from '@/data/orgs/keys';
import { useInvitationsQuery, type Invitation } from '@/data/orgs/invitations-query';
import { useInvitationResendMutation, useInvitationRevokeMutation } from '@/data/orgs/invitation-mutations';
import { notify } from '@/lib/notify';
import { InviteForm } from './invite-form';
import { DATE, roleText } from './orgs.utils';

const STATUS_VARIANT = { pending: 'warning', accepted: 'success', revoked: 'secondary', expired: 'secondary' } as const;

/** Invite by email with a role; the list with resend (a fresh 7-day link) and revoke for pending ones. */
export function InvitationsCard({ mode, orgId, myRoles }: { mode: OrgMode; orgId: string; myRoles: string[] }) {
  const intl = useIntl();
  const query = useInvitationsQuery({ mode, id: orgId });
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">
          <FormattedMessage id="orgs.invitations.title" defaultMessage="Invitations" />
        </CardTitle>
        <CardDescription>
          <FormattedMessage
            id="orgs.invitations.description"
            defaultMessage="The invited person gets a link valid {days, plural, one {# day} other {# days}}, and joins once signed in with that address, verified."
            values={{ days: 7 }}
          />
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <InviteForm mode={mode} orgId={orgId} myRoles={myRoles} />
        <QueryState
          query={query}
          loadingLabel={intl.formatMessage({ id: 'orgs.invitations.loading', defaultMessage: 'Loading invitations…' })}
          errorTitle={intl.formatMessage({
            id: 'orgs.invitations.loadError',
            defaultMessage: 'Could not load the invitations',
          })}
          isEmpty={(list) => list.length === 0}
          empty={
            <EmptyState
              icon={MailIcon}
              title={intl.formatMessage({ id: 'orgs.invitations.empty.title', defaultMessage: 'No invitations yet' })}
              hint={intl.formatMessage({
                id: 'orgs.invitations.empty.hint',
                defaultMessage: 'Invite someone by email above.',
              })}
            />
          }
        >
          {(list) => (
            <ul
              className="divide-y"
              aria-label={intl.formatMessage({ id: 'orgs.invitations.list', defaultMessage: 'Invitations' })}
            >
              {list.map((inv) => (
                <InvitationRow key={inv.id} mode={mode} orgId={orgId} invitation={inv} />
              ))}
            </ul>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}

function InvitationRow({ mode, orgId, invitation: inv }: { mode: OrgMode; orgId: string; invitation: Invitation }) {
  const intl = useIntl();
  const email = inv.email;
  const resend = useInvitationResendMutation(
    { mode, orgId },
    {
      onSuccess: () =>
        notify.success(
          intl.formatMessage(
            { id: 'orgs.invitations.resent', defaultMessage: 'Invitation sent again to {email}' },
            { email },
          ),
        ),
    },
  );
  const revoke = useInvitationRevokeMutation(
    { mode, orgId },
    {
      onSuccess: () =>
        notify.success(
          intl.formatMessage(
            { id: 'orgs.invitations.revoked', defaultMessage: 'Invitation to {email} revoked' },
            { email },
          ),
        ),
    },
  );
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-3" data-testid="org-invitation">
      <div className="min-w-0 space-y-1">
        <p className="font-medium break-all">{inv.email}</p>
        <p className="flex flex-wrap items-center gap-1 text-sm text-muted-foreground">
          <Badge variant="secondary">{roleText(intl, inv.role)}</Badge>
          <Badge variant={STATUS_VARIANT[inv.status]}>{roleText(intl, inv.status)}</Badge>
          <span>
            {inv.status === 'pending' ? (
              <FormattedMessage
                id="orgs.invitations.sentValid"
                defaultMessage="· sent {sent}, valid until {until}"
                values={{ sent: intl.formatDate(inv.created_at, DATE), until: intl.formatDate(inv.expires_at, DATE) }}
              />
            ) : (
              <FormattedMessage
                id="orgs.invitations.sent"
                defaultMessage="· sent {sent}"
                values={{ sent: intl.formatDate(inv.created_at, DATE) }}
              />
            )}
          </span>
        </p>
      </div>
      {(inv.status === 'pending' || inv.status === 'expired') && (
        <div className="flex gap-2">
          <Button
            variant="outline"
            size="sm"
            onClick={() => resend.mutate(inv.id)}
            disabled={resend.isPending}
            aria-label={intl.formatMessage(
              { id: 'orgs.invitations.resendLabel', defaultMessage: 'Resend the invitation to {email}' },
              { email },
            )}
          >
            {resend.isPending ? (
              <FormattedMessage id="orgs.invitations.sending" defaultMessage="Sending…" />
            ) : (
              <FormattedMessage id="orgs.invitations.resend" defaultMessage="Resend" />
            )}
          </Button>
          {inv.status === 'pending' && (
            <Button
              variant="outline"
              size="sm"
              onClick={() => revoke.mutate(inv.id)}
              disabled={revoke.isPending}
              aria-label={intl.formatMessage(
                { id: 'orgs.invitations.revokeLabel', defaultMessage: 'Revoke the invitation to {email}' },
                { email },
              )}
            >
              {revoke.isPending ? (
                <FormattedMessage id="orgs.invitations.revoking" defaultMessage="Revoking…" />
              ) : (
                <FormattedMessage id="orgs.invitations.revoke" defaultMessage="Revoke" />
              )}
            </Button>
          )}
        </div>
      )}
    </li>
  );
}
