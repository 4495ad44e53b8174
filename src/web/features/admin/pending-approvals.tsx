import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ApiError } from '@/lib/api';
import { useDecideRequestMutation } from '@/data/admin/credential-access';
import type { CredentialRequest } from '@/data/admin/types';
import { CREDENTIAL_LABELS, formatDateTime } from './admin.utils';

/** The approval queue (DESIGN §6): another admin approves or denies; one's own requests only wait. */
export function PendingApprovals({ requests }: { requests: CredentialRequest[] }) {
  const decide = useDecideRequestMutation();

  async function act(id: string, decision: 'approve' | 'deny') {
    try {
      await decide.mutateAsync({ id, decision });
      toast.success(decision === 'approve' ? 'Request approved' : 'Request denied');
    } catch (error) {
      toast.error('Request Failed', {
        description: error instanceof ApiError ? error.message : 'Failed to submit credential access request',
      });
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Pending Approvals</CardTitle>
        <CardDescription>Credential access requests waiting for a second administrator.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {requests.length === 0 && <p className="text-sm text-muted-foreground">No requests are waiting.</p>}
        {requests.map((r) => (
          <div key={r.id} data-testid="pending-request" className="space-y-2 rounded-lg border p-3 text-sm">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-medium">
                {r.app_name ?? 'Unknown application'} ·{' '}
                {CREDENTIAL_LABELS[r.credential_type ?? ''] ?? r.credential_type}
              </span>
              <Badge variant="secondary">{r.status}</Badge>
            </div>
            <p className="text-xs text-muted-foreground">
              {r.requester_email ?? 'Unknown requester'} · {r.time_limit_minutes} minutes ·{' '}
              {formatDateTime(r.created_at)}
            </p>
            <p className="text-sm">{r.justification}</p>
            {r.can_decide ? (
              <div className="flex gap-2">
                <Button size="sm" onClick={() => act(r.id, 'approve')} disabled={decide.isPending}>
                  Approve
                </Button>
                <Button size="sm" variant="destructive" onClick={() => act(r.id, 'deny')} disabled={decide.isPending}>
                  Deny
                </Button>
              </div>
            ) : (
              <p className="text-xs text-muted-foreground">Your own request: another administrator must decide it.</p>
            )}
          </div>
        ))}
      </CardContent>
    </Card>
  );
}
