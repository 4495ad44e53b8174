import { EmptyState } from '@/components/empty-state';
import { QueryList } from '@/components/query-list';
import { SectionCard } from '@/components/section-card';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { notify } from '@/lib/notify';
import { useCredentialRequestsQuery, type CredentialRequest } from '@/data/admin/credential-requests-query';
import { useCredentialDecisionMutation } from '@/data/admin/credential-decision-mutation';
import { CREDENTIAL_LABELS, formatDateTime } from './admin.utils';

/** Why Approve is missing: the server would refuse it (403 approver_not_independent). */
const NOT_INDEPENDENT =
  'You cannot approve this request: your admin role was granted by the requester or after the request was made.';

/** Offers only the decisions the server allows this administrator (`can_decide`, `can_approve`). */
function PendingRequest({ request: r }: { request: CredentialRequest }) {
  const decide = useCredentialDecisionMutation({
    onSuccess: (_data, { decision }) => notify.success(decision === 'approve' ? 'Request approved' : 'Request denied'),
  });
  return (
    <div data-testid="pending-request" className="space-y-2 rounded-lg border p-3 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium">
          {r.app_name ?? 'Unknown application'} · {CREDENTIAL_LABELS[r.credential_type ?? ''] ?? r.credential_type}
        </span>
        <Badge variant="secondary">{r.status}</Badge>
      </div>
      <p className="text-xs text-muted-foreground">
        {r.requester_email ?? 'Unknown requester'} · {r.time_limit_minutes} minutes · {formatDateTime(r.created_at)}
      </p>
      <p className="text-sm">{r.justification}</p>
      {r.can_decide ? (
        <div className="flex flex-wrap items-center gap-2">
          {r.can_approve && (
            <Button
              size="sm"
              onClick={() => decide.mutate({ id: r.id, decision: 'approve' })}
              disabled={decide.isPending}
            >
              Approve
            </Button>
          )}
          <Button
            size="sm"
            variant="destructive"
            onClick={() => decide.mutate({ id: r.id, decision: 'deny' })}
            disabled={decide.isPending}
          >
            Deny
          </Button>
          {!r.can_approve && <p className="text-xs text-muted-foreground">{NOT_INDEPENDENT}</p>}
        </div>
      ) : (
        <p className="text-xs text-muted-foreground">Your own request: another administrator must decide it.</p>
      )}
    </div>
  );
}

/**
 * The approval queue (DESIGN §6): another admin approves or denies; one's own requests only wait;
 * an admin the two-person rule does not count as independent may only deny.
 */
export function PendingApprovals() {
  const pending = useCredentialRequestsQuery({ scope: 'pending' });
  return (
    <SectionCard
      title="Pending Approvals"
      description="Credential access requests waiting for a second administrator."
      contentClassName="space-y-3"
    >
      <QueryList
        query={pending}
        loadingLabel="Loading pending requests…"
        loadingRows={1}
        errorTitle="Could not load the approval queue"
        empty={<EmptyState title="No requests are waiting." className="py-4" />}
      >
        {(r) => <PendingRequest key={r.id} request={r} />}
      </QueryList>
    </SectionCard>
  );
}
