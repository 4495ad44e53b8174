import { useState } from 'react';
import { ScrollTextIcon } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { QueryList } from '@/components/query-list';
import { SectionCard } from '@/components/section-card';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useAuditSinksQuery, type AuditSink } from '@/data/siem/audit-sinks-query';
import { useAuditSinkUpdateMutation } from '@/data/siem/audit-sink-mutations';
import { countOf, formatNumber, formatTimestamp } from '@/lib/format';
import { notify } from '@/lib/notify';
import { AuditSinkFormDialog } from './audit-sink-form-dialog';
import { DeleteAuditSinkDialog } from './audit-sink-dialogs';
import { SEVERITY_LABELS, sinkHostOf } from './audit-sinks.utils';

/** The SIEM sinks (issue 30): collectors the audit log streams to, each with how far behind it is. */
export function AuditSinksSection() {
  const query = useAuditSinksQuery();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<AuditSink | null>(null);
  const [deleting, setDeleting] = useState<AuditSink | null>(null);
  return (
    <SectionCard
      title="Audit log streaming (SIEM)"
      description={
        'Every audit entry, in order, to a syslog-over-TLS or HTTPS collector, with checkpoints that prove nothing ' +
        'was left out.'
      }
      action={<Button onClick={() => setCreating(true)}>Add sink</Button>}
    >
      <QueryList
        query={query}
        label="Audit sinks"
        errorTitle="Failed to fetch audit sinks"
        empty={
          <EmptyState
            icon={ScrollTextIcon}
            title="No audit sinks yet"
            hint="Add your SIEM’s collector to keep a copy of the audit log outside the hub."
          />
        }
      >
        {(s) => <AuditSinkRow key={s.id} sink={s} onEdit={() => setEditing(s)} onDelete={() => setDeleting(s)} />}
      </QueryList>
      <AuditSinkFormDialog open={creating} onOpenChange={setCreating} />
      {editing && (
        <AuditSinkFormDialog key={editing.id} sink={editing} open onOpenChange={(o) => !o && setEditing(null)} />
      )}
      {deleting && <DeleteAuditSinkDialog sink={deleting} onClose={() => setDeleting(null)} />}
    </SectionCard>
  );
}

function AuditSinkRow({ sink: s, onEdit, onDelete }: { sink: AuditSink; onEdit: () => void; onDelete: () => void }) {
  const host = sinkHostOf(s);
  const toggle = useAuditSinkUpdateMutation({
    onSuccess: (updated) => notify.success(updated.enabled ? `${host} enabled` : `${host} disabled`),
    meta: { errorToast: 'Failed to change the audit sink' },
  });
  return (
    <li className="space-y-1 py-4" data-testid="audit-sink-row">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <p className="flex flex-wrap items-center gap-2 font-medium">
            <span className="break-all">{host}</span>
            <Badge variant="outline">{s.kind === 'https' ? 'HTTPS' : 'Syslog TLS'}</Badge>
            <Badge variant={s.enabled ? 'default' : 'secondary'}>{s.enabled ? 'Enabled' : 'Disabled'}</Badge>
            {s.failure_streak > 0 && (
              <Badge variant="destructive">{countOf(s.failure_streak, 'failure', 'failures')} in a row</Badge>
            )}
          </p>
          <p className="break-words text-sm text-muted-foreground">
            {s.event_types.length > 0 ? s.event_types.join(', ') : 'All event types'} ·{' '}
            {SEVERITY_LABELS[s.min_severity]}
          </p>
          <p className="text-sm text-muted-foreground">
            {s.lag_rows === 0
              ? 'Up to date'
              : `${formatNumber(s.lag_rows)} ${s.lag_rows === 1 ? 'row' : 'rows'} behind`}
            {' · '}
            {s.last_delivered_at ? `Last delivered ${formatTimestamp(s.last_delivered_at)}` : 'Nothing delivered yet'}
          </p>
          {s.last_error && (
            <p className="break-words text-sm text-destructive">
              Last error{s.last_error_at ? ` (${formatTimestamp(s.last_error_at)})` : ''}: {s.last_error}
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Edit audit sink ${host}`}>
            Edit
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={toggle.isPending}
            onClick={() => toggle.mutate({ id: s.id, body: { enabled: !s.enabled } })}
            aria-label={`${s.enabled ? 'Disable' : 'Enable'} audit sink ${host}`}
          >
            {s.enabled ? 'Disable' : 'Enable'}
          </Button>
          <Button variant="outline" size="sm" onClick={onDelete} aria-label={`Delete audit sink ${host}`}>
            Delete
          </Button>
        </div>
      </div>
    </li>
  );
}
