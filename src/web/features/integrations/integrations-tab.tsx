import { useState } from 'react';
import { WebhookIcon } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { QueryList } from '@/components/query-list';
import { SectionCard } from '@/components/section-card';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useWebhooksQuery, type Webhook } from '@/data/webhooks/webhooks-query';
import { useWebhookTestMutation, useWebhookUpdateMutation } from '@/data/webhooks/webhook-mutations';
import { countOf, formatTimestamp } from '@/lib/format';
import { notify } from '@/lib/notify';
import { AuditSinksSection } from './audit-sinks-section';
import { DeliveryLog } from './delivery-log';
import { hostOf } from './integrations.utils';
import { DeleteWebhookDialog, RotateSecretDialog } from './webhook-dialogs';
import { WebhookFormDialog } from './webhook-form-dialog';

/**
 * /admin?tab=integrations (issue 30): the webhook endpoints the hub tells about what happened,
 * then the SIEM sinks the audit log streams to.
 */
export default function IntegrationsTab() {
  return (
    <div className="space-y-6">
      <WebhooksSection />
      <AuditSinksSection />
    </div>
  );
}

function WebhooksSection() {
  const query = useWebhooksQuery();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Webhook | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  const [rotating, setRotating] = useState<Webhook | null>(null);
  return (
    <SectionCard
      title="Webhooks"
      description={
        'Signed events (Standard Webhooks) tell the sister platforms at once when accounts, sessions, clients or ' +
        'organizations change.'
      }
      action={<Button onClick={() => setCreating(true)}>Add webhook</Button>}
    >
      <QueryList
        query={query}
        label="Webhook endpoints"
        errorTitle="Failed to fetch webhooks"
        empty={
          <EmptyState
            icon={WebhookIcon}
            title="No webhooks yet"
            hint="Add an endpoint of a sister platform to tell it when a user is deactivated or their roles change."
          />
        }
      >
        {(w) => (
          <WebhookRow
            key={w.id}
            webhook={w}
            onEdit={() => setEditing(w)}
            onDelete={() => setDeleting(w)}
            onRotate={() => setRotating(w)}
          />
        )}
      </QueryList>
      <WebhookFormDialog open={creating} onOpenChange={setCreating} />
      {editing && (
        <WebhookFormDialog key={editing.id} webhook={editing} open onOpenChange={(o) => !o && setEditing(null)} />
      )}
      {deleting && <DeleteWebhookDialog webhook={deleting} onClose={() => setDeleting(null)} />}
      {rotating && <RotateSecretDialog webhook={rotating} onClose={() => setRotating(null)} />}
    </SectionCard>
  );
}

function WebhookRow({
  webhook: w,
  onEdit,
  onDelete,
  onRotate,
}: {
  webhook: Webhook;
  onEdit: () => void;
  onDelete: () => void;
  onRotate: () => void;
}) {
  const host = hostOf(w.url);
  const [showLog, setShowLog] = useState(false);
  const toggle = useWebhookUpdateMutation({
    onSuccess: (updated) => notify.success(updated.enabled ? `${host} enabled` : `${host} disabled`),
    meta: { errorToast: 'Failed to change the webhook' },
  });
  const test = useWebhookTestMutation({
    onSuccess: () => {
      notify.success('Test event queued', { description: 'It appears in the delivery log.' });
      setShowLog(true);
    },
  });
  const logId = `webhook-log-${w.id}`;
  return (
    <li className="space-y-3 py-4" data-testid="webhook-row">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <p className="flex flex-wrap items-center gap-2 font-medium">
            <span className="break-all">{host}</span>
            <Badge variant={w.enabled ? 'default' : 'secondary'}>{w.enabled ? 'Enabled' : 'Disabled'}</Badge>
            {w.failure_streak > 0 && (
              <Badge variant="destructive">{countOf(w.failure_streak, 'failure', 'failures')} in a row</Badge>
            )}
          </p>
          {w.description && <p className="text-sm">{w.description}</p>}
          {!w.enabled && w.disabled_reason && <p className="text-sm text-destructive">Disabled: {w.disabled_reason}</p>}
          <p className="break-words text-sm text-muted-foreground">
            {w.events.length > 0 ? w.events.join(', ') : 'No events'}
          </p>
          <p className="text-sm text-muted-foreground">
            {w.client_id ? `Only client ${w.client_id}` : 'All clients'}
            {w.previous_secret_valid_until &&
              ` · Previous secret signs until ${formatTimestamp(w.previous_secret_valid_until)}`}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Edit ${host}`}>
            Edit
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={toggle.isPending}
            onClick={() => toggle.mutate({ id: w.id, body: { enabled: !w.enabled } })}
            aria-label={`${w.enabled ? 'Disable' : 'Enable'} ${host}`}
          >
            {w.enabled ? 'Disable' : 'Enable'}
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={test.isPending || !w.enabled}
            onClick={() => test.mutate(w.id)}
            aria-label={`Send test event to ${host}`}
          >
            Send test event
          </Button>
          <Button variant="outline" size="sm" onClick={onRotate} aria-label={`Rotate secret of ${host}`}>
            Rotate secret
          </Button>
          <Button
            variant="outline"
            size="sm"
            onClick={() => setShowLog((s) => !s)}
            aria-expanded={showLog}
            aria-controls={showLog ? logId : undefined}
            aria-label={`Delivery log of ${host}`}
          >
            {showLog ? 'Hide log' : 'Delivery log'}
          </Button>
          <Button variant="outline" size="sm" onClick={onDelete} aria-label={`Delete ${host}`}>
            Delete
          </Button>
        </div>
      </div>
      {showLog && (
        <div id={logId}>
          <DeliveryLog webhookId={w.id} host={host} />
        </div>
      )}
    </li>
  );
}
