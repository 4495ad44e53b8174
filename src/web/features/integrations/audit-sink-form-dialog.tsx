import { defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { AUDIT_EVENT_TYPES, AUDIT_SEVERITIES } from '@shared/audit-events';
import type { AuditSinkKind } from '@shared/api/siem';
import { FormDialog, useCreateEditForm } from '@/components/form-dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import type { AuditSink } from '@/data/siem/audit-sinks-query';
import { useAuditSinkCreateMutation, useAuditSinkUpdateMutation } from '@/data/siem/audit-sink-mutations';
import { notify } from '@/lib/notify';
import {
  EMPTY_AUDIT_SINK_FORM,
  SEVERITY_LABELS,
  createSinkBodyOf,
  firstSinkProblem,
  formValuesOf,
  isSeverity,
  sinkHostOf,
  updateSinkBodyOf,
} from './audit-sinks.utils';
import { CHECKPOINT_KEY, ShownOnceSecret } from './shown-once-secret';
import { EventChecklist } from './event-checklist';

const KIND_LABELS: Record<AuditSinkKind, MessageDescriptor> = defineMessages({
  https: { id: 'integrations.sink.kind.https', defaultMessage: 'HTTPS (NDJSON batches)' },
  'syslog-tls': { id: 'integrations.sink.kind.syslog', defaultMessage: 'Syslog over TLS (RFC 5424)' },
});
/** The wire module's values stay on the server; the Record above keeps this list complete. */
const KINDS = Object.keys(KIND_LABELS) as AuditSinkKind[];
const isKind = (v: string): v is AuditSinkKind => (KINDS as string[]).includes(v);

/**
 * Add (sink = undefined) or edit a SIEM sink. Adding names the collector, how the hub trusts it
 * and what it receives, and ends on the checkpoint key, shown this once; the route wants a recent
 * sign-in, which the shell's step-up dialog asks for before the request runs again. Editing
 * changes the filters only.
 */
export function AuditSinkFormDialog({
  sink,
  open,
  onOpenChange,
}: {
  sink?: AuditSink;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const intl = useIntl();
  const isCreate = !sink;
  const createdTitle = intl.formatMessage({ id: 'integrations.sink.created', defaultMessage: 'Audit sink created' });
  const create = useAuditSinkCreateMutation({ onSuccess: () => notify.success(createdTitle) });
  const update = useAuditSinkUpdateMutation({
    onSuccess: () =>
      notify.success(intl.formatMessage({ id: 'integrations.sink.saved', defaultMessage: 'Audit sink saved' })),
  });
  const dialog = useCreateEditForm({
    initial: sink ? formValuesOf(sink) : EMPTY_AUDIT_SINK_FORM,
    onOpenChange,
    check: (values) => {
      const problem = firstSinkProblem(values);
      return problem && [problem[0], intl.formatMessage(problem[1], problem[2])];
    },
    send: (values) =>
      sink
        ? update.mutateAsync({ id: sink.id, body: updateSinkBodyOf(values) }).then(() => null)
        : create.mutateAsync(createSinkBodyOf(values)).then((result) => result.checkpoint_key),
    requests: [create, update],
  });
  const { form } = dialog;

  const isHttps = form.values.kind === 'https';
  return (
    <FormDialog
      open={open}
      onOpenChange={dialog.close}
      label={
        isCreate
          ? intl.formatMessage({ id: 'integrations.sink.form.labelNew', defaultMessage: 'New audit sink' })
          : intl.formatMessage({ id: 'integrations.sink.form.labelEdit', defaultMessage: 'Edit audit sink' })
      }
      title={
        sink
          ? intl.formatMessage(
              { id: 'integrations.sink.form.titleEdit', defaultMessage: 'Edit audit sink {host}' },
              { host: sinkHostOf(sink) },
            )
          : intl.formatMessage({ id: 'integrations.sink.form.titleAdd', defaultMessage: 'Add audit sink' })
      }
      description={intl.formatMessage({
        id: 'integrations.sink.form.description',
        defaultMessage: 'The hub streams its audit log, in order and with signed checkpoints, to this collector.',
      })}
      error={form.error}
      isPending={dialog.isPending}
      submitLabel={
        isCreate
          ? intl.formatMessage({ id: 'integrations.sink.form.add', defaultMessage: 'Add sink' })
          : intl.formatMessage({ id: 'integrations.sink.form.save', defaultMessage: 'Save' })
      }
      onSubmit={dialog.submit}
      after={
        dialog.created && (
          <ShownOnceSecret
            title={createdTitle}
            wording={CHECKPOINT_KEY}
            secret={dialog.created}
            onDone={() => dialog.close(false)}
          />
        )
      }
    >
      {isCreate && (
        <>
          <div className="space-y-2">
            <Label htmlFor="audit-sink-kind">
              <FormattedMessage id="integrations.sink.form.kind" defaultMessage="Kind" />
            </Label>
            <Select value={form.values.kind} onValueChange={(kind) => isKind(kind) && form.edit({ kind })}>
              <SelectTrigger id="audit-sink-kind" className="w-full">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {KINDS.map((k) => (
                  <SelectItem key={k} value={k}>
                    {intl.formatMessage(KIND_LABELS[k])}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <Field
            id="audit-sink-target"
            label={intl.formatMessage({ id: 'integrations.sink.form.target', defaultMessage: 'Target' })}
            hint={intl.formatMessage(
              {
                id: 'integrations.sink.form.targetHint',
                defaultMessage:
                  '{kind, select, https {An https URL.} other {host:port of the syslog collector.}} ' +
                  'Private and loopback addresses are refused unless the operator allows them.',
              },
              { kind: form.values.kind },
            )}
            {...form.field('target')}
          >
            <Input
              inputMode={isHttps ? 'url' : 'text'}
              placeholder={isHttps ? 'https://siem.example/ingest' : 'siem.example:6514'}
              autoComplete="off"
            />
          </Field>
          <Field
            id="audit-sink-ca"
            label={intl.formatMessage({
              id: 'integrations.sink.form.ca',
              defaultMessage: 'CA certificates (optional, PEM)',
            })}
            hint={intl.formatMessage({
              id: 'integrations.sink.form.caHint',
              defaultMessage: 'Trust only these to verify the collector; empty: the system’s trusted authorities.',
            })}
            {...form.field('ca_pem')}
          >
            <Textarea rows={4} spellCheck={false} className="font-mono text-xs" />
          </Field>
          {isHttps && (
            <Field
              id="audit-sink-auth"
              label={intl.formatMessage({
                id: 'integrations.sink.form.auth',
                defaultMessage: 'Authorization header (optional)',
              })}
              hint={intl.formatMessage({
                id: 'integrations.sink.form.authHint',
                defaultMessage:
                  'Sent with each batch, as "Header-Name: value". It is stored sealed and never shown again.',
              })}
              {...form.field('auth_header')}
            >
              <Input autoComplete="off" placeholder="Authorization: Bearer …" />
            </Field>
          )}
        </>
      )}
      <EventChecklist
        types={AUDIT_EVENT_TYPES}
        chosen={form.values.event_types}
        onChange={(event_types) => form.edit({ event_types })}
        id="audit-sink-events"
        controlRef={form.control('event_types').ref}
        error={form.control('event_types').error}
        legend={intl.formatMessage({ id: 'integrations.sink.form.events', defaultMessage: 'Event types (optional)' })}
        hint={intl.formatMessage({
          id: 'integrations.sink.form.eventsChecklistHint',
          defaultMessage: 'Choose from the audit log’s catalogue. None chosen: every type.',
        })}
      />
      <div className="space-y-2">
        <Label htmlFor="audit-sink-severity">
          <FormattedMessage id="integrations.sink.form.severity" defaultMessage="Minimum severity" />
        </Label>
        <Select value={form.values.min_severity} onValueChange={(v) => isSeverity(v) && form.edit({ min_severity: v })}>
          <SelectTrigger id="audit-sink-severity" className="w-full">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {AUDIT_SEVERITIES.map((s) => (
              <SelectItem key={s} value={s}>
                {intl.formatMessage(SEVERITY_LABELS[s])}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
    </FormDialog>
  );
}
