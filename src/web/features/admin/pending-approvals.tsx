import { FormattedMessage, useIntl } from 'react-intl';
import { EmptyState } from '@/components/empty-state';
import { QueryList } from '@/components/query-list';
import { SectionCard } from '@/components/section-card';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { notify } from '@/lib/notify';
import { useCredentialRequestsQuery, type CredentialRequest } from '@/data/admin/credential-requests-query';
import { useCredentialDecisionMutation } from '@/data/admin/credential-decision-mutation';
import { credentialLabel, formatDateTime, requestStatusLabel } from './admin.utils';

/** Offers only the decisions the server allows this administrator (`can_decide`, `can_approve`). */
function PendingRequest({ request: r }: { request: CredentialRequest }) {
  const intl = useIntl();
  const decide = useCredentialDecisionMutation({
    onSuccess: (_data, { decision }) =>
      notify.success(
        decision === 'approve'
          ? intl.formatMessage({ id: 'admin.approvals.approved', defaultMessage: 'Request approved' })
          : intl.formatMessage({ id: 'admin.approvals.denied', defaultMessage: 'Request denied' }),
      ),
  });
  return (
    <div data-testid="pending-request" className="space-y-2 rounded-lg border p-3 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium">
          {r.app_name ??
            intl.formatMessage({ id: 'admin.approvals.unknownApp', defaultMessage: 'Unknown application' })}{' '}
          · {credentialLabel(intl, r.credential_type)}
        </span>
        <Badge variant="secondary">{requestStatusLabel(intl, r.status)}</Badge>
      </div>
      <p className="text-xs text-muted-foreground">
        {r.requester_email ??
          intl.formatMessage({ id: 'admin.approvals.unknownRequester', defaultMessage: 'Unknown requester' })}{' '}
        ·{' '}
        {intl.formatMessage(
          { id: 'admin.approvals.minutes', defaultMessage: '{count, plural, one {# minute} other {# minutes}}' },
          { count: r.time_limit_minutes },
        )}{' '}
        · {formatDateTime(intl, r.created_at)}
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
              <FormattedMessage id="admin.approvals.approve" defaultMessage="Approve" />
            </Button>
          )}
          <Button
            size="sm"
            variant="destructive"
            onClick={() => decide.mutate({ id: r.id, decision: 'deny' })}
            disabled={decide.isPending}
          >
            <FormattedMessage id="admin.approvals.deny" defaultMessage="Deny" />
          </Button>
          {!r.can_approve && (
            <p className="text-xs text-muted-foreground">
              <FormattedMessage
                id="admin.approvals.notIndependent"
                defaultMessage="You cannot approve this request: your admin role was granted by the requester or after the request was made."
              />
            </p>
          )}
        </div>
      ) : (
        <p className="text-xs text-muted-foreground">
          <FormattedMessage
            id="admin.approvals.ownRequest"
            defaultMessage="Your own request: another administrator must decide it."
          />
        </p>
      )}
    </div>
  );
}

/**
 * The approval queue (DESIGN §6): another admin approves or denies; one's own requests only wait;
 * an admin the two-person rule does not count as independent may only deny.
 */
export function PendingApprovals() {
  const intl = useIntl();
  const pending = useCredentialRequestsQuery({ scope: 'pending' });
  return (
    <SectionCard
      title={intl.formatMessage({ id: 'admin.approvals.title', defaultMessage: 'Pending Approvals' })}
      description={intl.formatMessage({
        id: 'admin.approvals.description',
        defaultMessage: 'Credential access requests waiting for a second administrator.',
      })}
      contentClassName="space-y-3"
    >
      <QueryList
        query={pending}
        loadingLabel={intl.formatMessage({
          id: 'admin.approvals.loading',
          defaultMessage: 'Loading pending requests…',
        })}
        loadingRows={1}
        errorTitle={intl.formatMessage({
          id: 'admin.approvals.loadError',
          defaultMessage: 'Could not load the approval queue',
        })}
        empty={
          <EmptyState
            title={intl.formatMessage({ id: 'admin.approvals.empty', defaultMessage: 'No requests are waiting.' })}
            className="py-4"
          />
        }
      >
        {(r) => <PendingRequest key={r.id} request={r} />}
      </QueryList>
    </SectionCard>
  );
}
