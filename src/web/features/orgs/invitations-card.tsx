import { MailIcon } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { QueryState } from '@/components/query-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { OrgMode } from '@/data/orgs/keys';
import { useInvitationsQuery, type Invitation } from '@/data/orgs/invitations-query';
import { useInvitationResendMutation, useInvitationRevokeMutation } from '@/data/orgs/invitation-mutations';
import { formatDate } from '@/lib/format';
import { notify } from '@/lib/notify';
import { InviteForm } from './invite-form';
import { roleLabel } from './orgs.utils';

const STATUS_VARIANT = { pending: 'warning', accepted: 'success', revoked: 'secondary', expired: 'secondary' } as const;

/** Invite by email with a role; the list with resend (a fresh 7-day link) and revoke for pending ones. */
export function InvitationsCard({ mode, orgId, myRoles }: { mode: OrgMode; orgId: string; myRoles: string[] }) {
  const query = useInvitationsQuery({ mode, id: orgId });
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Invitations</CardTitle>
        <CardDescription>
          The invited person gets a link valid 7 days, and joins once signed in with that address, verified.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <InviteForm mode={mode} orgId={orgId} myRoles={myRoles} />
        <QueryState
          query={query}
          loadingLabel="Loading invitations…"
          errorTitle="Could not load the invitations"
          isEmpty={(list) => list.length === 0}
          empty={<EmptyState icon={MailIcon} title="No invitations yet" hint="Invite someone by email above." />}
        >
          {(list) => (
            <ul className="divide-y" aria-label="Invitations">
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
  const resend = useInvitationResendMutation(
    { mode, orgId },
    { onSuccess: () => notify.success(`Invitation sent again to ${inv.email}`) },
  );
  const revoke = useInvitationRevokeMutation(
    { mode, orgId },
    { onSuccess: () => notify.success(`Invitation to ${inv.email} revoked`) },
  );
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-3" data-testid="org-invitation">
      <div className="min-w-0 space-y-1">
        <p className="font-medium break-all">{inv.email}</p>
        <p className="flex flex-wrap items-center gap-1 text-sm text-muted-foreground">
          <Badge variant="secondary">{roleLabel(inv.role)}</Badge>
          <Badge variant={STATUS_VARIANT[inv.status]}>{roleLabel(inv.status)}</Badge>
          <span>
            · sent {formatDate(inv.created_at)}
            {inv.status === 'pending' && `, valid until ${formatDate(inv.expires_at)}`}
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
            aria-label={`Resend the invitation to ${inv.email}`}
          >
            {resend.isPending ? 'Sending…' : 'Resend'}
          </Button>
          {inv.status === 'pending' && (
            <Button
              variant="outline"
              size="sm"
              onClick={() => revoke.mutate(inv.id)}
              disabled={revoke.isPending}
              aria-label={`Revoke the invitation to ${inv.email}`}
            >
              {revoke.isPending ? 'Revoking…' : 'Revoke'}
            </Button>
          )}
        </div>
      )}
    </li>
  );
}
