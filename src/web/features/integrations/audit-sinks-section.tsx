import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ScrollTextIcon } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { QueryList } from '@/components/query-list';
import { SectionCard } from '@/components/section-card';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useAuditSinksQuery, type AuditSink } from '@/data/siem/audit-sinks-query';
import { useAuditSinkUpdateMutation } from '@/data/siem/audit-sink-mutations';
import { notify } from '@/lib/notify';
import { AuditSinkFormDialog } from './audit-sink-form-dialog';
import { DeleteAuditSinkDialog, RotateCheckpointKeyDialog } from './audit-sink-dialogs';
import { SEVERITY_LABELS, sinkHostOf } from './audit-sinks.utils';
import { TIMESTAMP } from './integrations.utils';

/** The SIEM sinks (issue 30): collectors the audit log streams to, each with how far behind it is. */
export function AuditSinksSection() {
  const intl = useIntl();
  const query = useAuditSinksQuery();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<AuditSink | null>(null);
  const [deleting, setDeleting] = useState<AuditSink | null>(null);
  const [rotating, setRotating] = useState<AuditSink | null>(null);
  return (
    <SectionCard
      title={intl.formatMessage({ id: 'integrations.sinks.title', defaultMessage: 'Audit log streaming (SIEM)' })}
      description={intl.formatMessage({
        id: 'integrations.sinks.description',
        defaultMessage:
          'Every audit entry, in order, to a syslog-over-TLS or HTTPS collector, with checkpoints that prove nothing ' +
          'was left out.',
      })}
      action={
        <Button onClick={() => setCreating(true)}>
          <FormattedMessage id="integrations.sinks.add" defaultMessage="Add sink" />
        </Button>
      }
    >
      <QueryList
        query={query}
        label={intl.formatMessage({ id: 'integrations.sinks.list', defaultMessage: 'Audit sinks' })}
        errorTitle={intl.formatMessage({
          id: 'integrations.sinks.loadError',
          defaultMessage: 'Failed to fetch audit sinks',
        })}
        empty={
          <EmptyState
            icon={ScrollTextIcon}
            title={intl.formatMessage({ id: 'integrations.sinks.empty.title', defaultMessage: 'No audit sinks yet' })}
            hint={intl.formatMessage({
              id: 'integrations.sinks.empty.hint',
              defaultMessage: 'Add your SIEM’s collector to keep a copy of the audit log outside the hub.',
            })}
          />
        }
      >
        {(s) => (
          <AuditSinkRow
            key={s.id}
            sink={s}
            onEdit={() => setEditing(s)}
            onRotate={() => setRotating(s)}
            onDelete={() => setDeleting(s)}
          />
        )}
      </QueryList>
      <AuditSinkFormDialog open={creating} onOpenChange={setCreating} />
      {editing && (
        <AuditSinkFormDialog key={editing.id} sink={editing} open onOpenChange={(o) => !o && setEditing(null)} />
      )}
      {deleting && <DeleteAuditSinkDialog sink={deleting} onClose={() => setDeleting(null)} />}
      {rotating && <RotateCheckpointKeyDialog sink={rotating} onClose={() => setRotating(null)} />}
    </SectionCard>
  );
}

function AuditSinkRow({
  sink: s,
  onEdit,
  onRotate,
  onDelete,
}: {
  sink: AuditSink;
  onEdit: () => void;
  onRotate: () => void;
  onDelete: () => void;
}) {
  const intl = useIntl();
  const host = sinkHostOf(s);
  const toggle = useAuditSinkUpdateMutation({
    onSuccess: (updated) =>
      notify.success(
        updated.enabled
          ? intl.formatMessage({ id: 'integrations.sink.enabled', defaultMessage: '{host} enabled' }, { host })
          : intl.formatMessage({ id: 'integrations.sink.disabled', defaultMessage: '{host} disabled' }, { host }),
      ),
    meta: {
      errorToast: intl.formatMessage({
        id: 'integrations.sink.toggleError',
        defaultMessage: 'Failed to change the audit sink',
      }),
    },
  });
  return (
    <li className="space-y-1 py-4" data-testid="audit-sink-row">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <p className="flex flex-wrap items-center gap-2 font-medium">
            <span className="break-all">{host}</span>
            <Badge variant="outline">{s.kind === 'https' ? 'HTTPS' : 'Syslog TLS'}</Badge>
            <Badge variant={s.enabled ? 'default' : 'secondary'}>
              {s.enabled ? (
                <FormattedMessage id="integrations.sink.badge.enabled" defaultMessage="Enabled" />
              ) : (
                <FormattedMessage id="integrations.sink.badge.disabled" defaultMessage="Disabled" />
              )}
            </Badge>
            {s.failure_streak > 0 && (
              <Badge variant="destructive">
                <FormattedMessage
                  id="integrations.sink.failures"
                  defaultMessage="{count, plural, one {# failure} other {# failures}} in a row"
                  values={{ count: s.failure_streak }}
                />
              </Badge>
            )}
          </p>
          <p className="break-words text-sm text-muted-foreground">
            {s.event_types.length > 0 ? (
              s.event_types.join(', ')
            ) : (
              <FormattedMessage id="integrations.sink.allEventTypes" defaultMessage="All event types" />
            )}{' '}
            · {intl.formatMessage(SEVERITY_LABELS[s.min_severity])}
          </p>
          <p className="text-sm text-muted-foreground">
            {s.lag_rows === 0 ? (
              <FormattedMessage id="integrations.sink.upToDate" defaultMessage="Up to date" />
            ) : (
              <FormattedMessage
                id="integrations.sink.lag"
                defaultMessage="{count, plural, one {# row} other {# rows}} behind"
                values={{ count: s.lag_rows }}
              />
            )}
            {' · '}
            {s.last_delivered_at ? (
              <FormattedMessage
                id="integrations.sink.lastDelivered"
                defaultMessage="Last delivered {time}"
                values={{ time: intl.formatDate(s.last_delivered_at, TIMESTAMP) }}
              />
            ) : (
              <FormattedMessage id="integrations.sink.nothingDelivered" defaultMessage="Nothing delivered yet" />
            )}
          </p>
          {s.last_error && (
            <p className="break-words text-sm text-destructive">
              {s.last_error_at ? (
                <FormattedMessage
                  id="integrations.sink.lastErrorAt"
                  defaultMessage="Last error ({time}): {error}"
                  values={{ time: intl.formatDate(s.last_error_at, TIMESTAMP), error: s.last_error }}
                />
              ) : (
                <FormattedMessage
                  id="integrations.sink.lastError"
                  defaultMessage="Last error: {error}"
                  values={{ error: s.last_error }}
                />
              )}
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            size="sm"
            onClick={onEdit}
            aria-label={intl.formatMessage(
              { id: 'integrations.sink.editLabel', defaultMessage: 'Edit audit sink {host}' },
              { host },
            )}
          >
            <FormattedMessage id="integrations.sink.edit" defaultMessage="Edit" />
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={toggle.isPending}
            onClick={() => toggle.mutate({ id: s.id, body: { enabled: !s.enabled } })}
            aria-label={
              s.enabled
                ? intl.formatMessage(
                    { id: 'integrations.sink.disableLabel', defaultMessage: 'Disable audit sink {host}' },
                    { host },
                  )
                : intl.formatMessage(
                    { id: 'integrations.sink.enableLabel', defaultMessage: 'Enable audit sink {host}' },
                    { host },
                  )
            }
          >
            {s.enabled ? (
              <FormattedMessage id="integrations.sink.disable" defaultMessage="Disable" />
            ) : (
              <FormattedMessage id="integrations.sink.enable" defaultMessage="Enable" />
            )}
          </Button>
          <Button
            variant="outline"
            size="sm"
            onClick={onRotate}
            aria-label={intl.formatMessage(
              { id: 'integrations.sink.rotateLabel', defaultMessage: 'Rotate the checkpoint key of {host}' },
              { host },
            )}
          >
            <FormattedMessage id="integrations.sink.rotate" defaultMessage="Rotate key" />
          </Button>
          <Button
            variant="outline"
            size="sm"
            onClick={onDelete}
            aria-label={intl.formatMessage(
              { id: 'integrations.sink.deleteLabel', defaultMessage: 'Delete audit sink {host}' },
              { host },
            )}
          >
            <FormattedMessage id="integrations.sink.delete" defaultMessage="Delete" />
          </Button>
        </div>
      </div>
    </li>
  );
}
