import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { WebhookIcon } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { QueryList } from '@/components/query-list';
import { SectionCard } from '@/components/section-card';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useWebhooksQuery, type Webhook } from '@/data/webhooks/webhooks-query';
import { useWebhookTestMutation, useWebhookUpdateMutation } from '@/data/webhooks/webhook-mutations';
import { notify } from '@/lib/notify';
import { AuditSinksSection } from './audit-sinks-section';
import { DeliveryLog } from './delivery-log';
import { endpointNameOf, TIMESTAMP } from './integrations.utils';
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
  const intl = useIntl();
  const query = useWebhooksQuery();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Webhook | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  const [rotating, setRotating] = useState<Webhook | null>(null);
  return (
    <SectionCard
      title={intl.formatMessage({ id: 'integrations.webhooks.title', defaultMessage: 'Webhooks' })}
      description={intl.formatMessage({
        id: 'integrations.webhooks.description',
        defaultMessage:
          'Signed events (Standard Webhooks) tell the sister platforms at once when accounts, sessions, clients or ' +
          'organizations change.',
      })}
      action={
        <Button onClick={() => setCreating(true)}>
          <FormattedMessage id="integrations.webhooks.add" defaultMessage="Add webhook" />
        </Button>
      }
    >
      <QueryList
        query={query}
        label={intl.formatMessage({ id: 'integrations.webhooks.list', defaultMessage: 'Webhook endpoints' })}
        errorTitle={intl.formatMessage({
          id: 'integrations.webhooks.loadError',
          defaultMessage: 'Failed to fetch webhooks',
        })}
        empty={
          <EmptyState
            icon={WebhookIcon}
            title={intl.formatMessage({ id: 'integrations.webhooks.empty.title', defaultMessage: 'No webhooks yet' })}
            hint={intl.formatMessage({
              id: 'integrations.webhooks.empty.hint',
              defaultMessage:
                'Add an endpoint of a sister platform to tell it when a user is deactivated or their roles change.',
            })}
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
  const intl = useIntl();
  const host = endpointNameOf(w.url);
  const [showLog, setShowLog] = useState(false);
  const toggle = useWebhookUpdateMutation({
    onSuccess: (updated) =>
      notify.success(
        updated.enabled
          ? intl.formatMessage({ id: 'integrations.webhook.enabled', defaultMessage: '{host} enabled' }, { host })
          : intl.formatMessage({ id: 'integrations.webhook.disabled', defaultMessage: '{host} disabled' }, { host }),
      ),
    meta: {
      errorToast: intl.formatMessage({
        id: 'integrations.webhook.toggleError',
        defaultMessage: 'Failed to change the webhook',
      }),
    },
  });
  const test = useWebhookTestMutation({
    onSuccess: () => {
      notify.success(
        intl.formatMessage({ id: 'integrations.webhook.test.done', defaultMessage: 'Test event queued' }),
        {
          description: intl.formatMessage({
            id: 'integrations.webhook.test.doneHint',
            defaultMessage: 'It appears in the delivery log.',
          }),
        },
      );
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
            <Badge variant={w.enabled ? 'default' : 'secondary'}>
              {w.enabled ? (
                <FormattedMessage id="integrations.webhook.badge.enabled" defaultMessage="Enabled" />
              ) : (
                <FormattedMessage id="integrations.webhook.badge.disabled" defaultMessage="Disabled" />
              )}
            </Badge>
            {w.failure_streak > 0 && (
              <Badge variant="destructive">
                <FormattedMessage
                  id="integrations.webhook.failures"
                  defaultMessage="{count, plural, one {# failure} other {# failures}} in a row"
                  values={{ count: w.failure_streak }}
                />
              </Badge>
            )}
          </p>
          {w.description && <p className="text-sm">{w.description}</p>}
          {!w.enabled && w.disabled_reason && (
            <p className="text-sm text-destructive">
              <FormattedMessage
                id="integrations.webhook.disabledReason"
                defaultMessage="Disabled: {reason}"
                values={{ reason: w.disabled_reason }}
              />
            </p>
          )}
          <p className="break-words text-sm text-muted-foreground">
            {w.events.length > 0 ? (
              w.events.join(', ')
            ) : (
              <FormattedMessage id="integrations.webhook.noEvents" defaultMessage="No events" />
            )}
          </p>
          <p className="text-sm text-muted-foreground">
            {w.client_id ? (
              <FormattedMessage
                id="integrations.webhook.onlyClient"
                defaultMessage="Only client {client}"
                values={{ client: w.client_id }}
              />
            ) : (
              <FormattedMessage id="integrations.webhook.allClients" defaultMessage="All clients" />
            )}
            {w.previous_secret_valid_until &&
              intl.formatMessage(
                {
                  id: 'integrations.webhook.previousSecret',
                  defaultMessage: ' · Previous secret signs until {time}',
                },
                { time: intl.formatDate(w.previous_secret_valid_until, TIMESTAMP) },
              )}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            size="sm"
            onClick={onEdit}
            aria-label={intl.formatMessage(
              { id: 'integrations.webhook.editLabel', defaultMessage: 'Edit {host}' },
              { host },
            )}
          >
            <FormattedMessage id="integrations.webhook.edit" defaultMessage="Edit" />
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={toggle.isPending}
            onClick={() => toggle.mutate({ id: w.id, body: { enabled: !w.enabled } })}
            aria-label={
              w.enabled
                ? intl.formatMessage(
                    { id: 'integrations.webhook.disableLabel', defaultMessage: 'Disable {host}' },
                    { host },
                  )
                : intl.formatMessage(
                    { id: 'integrations.webhook.enableLabel', defaultMessage: 'Enable {host}' },
                    { host },
                  )
            }
          >
            {w.enabled ? (
              <FormattedMessage id="integrations.webhook.disable" defaultMessage="Disable" />
            ) : (
              <FormattedMessage id="integrations.webhook.enable" defaultMessage="Enable" />
            )}
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={test.isPending || !w.enabled}
            onClick={() => test.mutate(w.id)}
            aria-label={intl.formatMessage(
              { id: 'integrations.webhook.testLabel', defaultMessage: 'Send test event to {host}' },
              { host },
            )}
          >
            <FormattedMessage id="integrations.webhook.test" defaultMessage="Send test event" />
          </Button>
          <Button
            variant="outline"
            size="sm"
            onClick={onRotate}
            aria-label={intl.formatMessage(
              { id: 'integrations.webhook.rotateLabel', defaultMessage: 'Rotate secret of {host}' },
              { host },
            )}
          >
            <FormattedMessage id="integrations.webhook.rotate" defaultMessage="Rotate secret" />
          </Button>
          <Button
            variant="outline"
            size="sm"
            onClick={() => setShowLog((s) => !s)}
            aria-expanded={showLog}
            aria-controls={showLog ? logId : undefined}
            aria-label={intl.formatMessage(
              { id: 'integrations.webhook.logLabel', defaultMessage: 'Delivery log of {host}' },
              { host },
            )}
          >
            {showLog ? (
              <FormattedMessage id="integrations.webhook.hideLog" defaultMessage="Hide log" />
            ) : (
              <FormattedMessage id="integrations.webhook.showLog" defaultMessage="Delivery log" />
            )}
          </Button>
          <Button
            variant="outline"
            size="sm"
            onClick={onDelete}
            aria-label={intl.formatMessage(
              { id: 'integrations.webhook.deleteLabel', defaultMessage: 'Delete {host}' },
              { host },
            )}
          >
            <FormattedMessage id="integrations.webhook.delete" defaultMessage="Delete" />
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
