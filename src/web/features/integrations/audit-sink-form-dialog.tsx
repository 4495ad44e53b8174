import { AUDIT_SEVERITIES } from '@shared/audit-events';
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

const KIND_LABELS: Record<AuditSinkKind, string> = {
  https: 'HTTPS (NDJSON batches)',
  'syslog-tls': 'Syslog over TLS (RFC 5424)',
};
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
  const isCreate = !sink;
  const create = useAuditSinkCreateMutation({ onSuccess: () => notify.success('Audit sink created') });
  const update = useAuditSinkUpdateMutation({ onSuccess: () => notify.success('Audit sink saved') });
  const dialog = useCreateEditForm({
    initial: sink ? formValuesOf(sink) : EMPTY_AUDIT_SINK_FORM,
    onOpenChange,
    check: firstSinkProblem,
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
      label={isCreate ? 'New audit sink' : 'Edit audit sink'}
      title={sink ? `Edit audit sink ${sinkHostOf(sink)}` : 'Add audit sink'}
      description="The hub streams its audit log, in order and with signed checkpoints, to this collector."
      error={form.error}
      isPending={dialog.isPending}
      submitLabel={isCreate ? 'Add sink' : 'Save'}
      onSubmit={dialog.submit}
      after={
        dialog.created && (
          <ShownOnceSecret
            title="Audit sink created"
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
            <Label htmlFor="audit-sink-kind">Kind</Label>
            <Select value={form.values.kind} onValueChange={(kind) => isKind(kind) && form.edit({ kind })}>
              <SelectTrigger id="audit-sink-kind" className="w-full">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {KINDS.map((k) => (
                  <SelectItem key={k} value={k}>
                    {KIND_LABELS[k]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <Field
            id="audit-sink-target"
            label="Target"
            hint={
              (isHttps ? 'An https URL. ' : 'host:port of the syslog collector. ') +
              'Private and loopback addresses are refused unless the operator allows them.'
            }
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
            label="CA certificates (optional, PEM)"
            hint="Trust only these to verify the collector; empty: the system’s trusted authorities."
            {...form.field('ca_pem')}
          >
            <Textarea rows={4} spellCheck={false} className="font-mono text-xs" />
          </Field>
          {isHttps && (
            <Field
              id="audit-sink-auth"
              label="Authorization header (optional)"
              hint='Sent with each batch, as "Header-Name: value". It is stored sealed and never shown again.'
              {...form.field('auth_header')}
            >
              <Input autoComplete="off" placeholder="Authorization: Bearer …" />
            </Field>
          )}
        </>
      )}
      <Field
        id="audit-sink-events"
        label="Event types (optional)"
        hint="Comma-separated audit event types, e.g. permission_denied, user_deactivated. Empty: every type."
        {...form.field('event_types')}
      >
        <Input autoComplete="off" spellCheck={false} />
      </Field>
      <div className="space-y-2">
        <Label htmlFor="audit-sink-severity">Minimum severity</Label>
        <Select value={form.values.min_severity} onValueChange={(v) => isSeverity(v) && form.edit({ min_severity: v })}>
          <SelectTrigger id="audit-sink-severity" className="w-full">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {AUDIT_SEVERITIES.map((s) => (
              <SelectItem key={s} value={s}>
                {SEVERITY_LABELS[s]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
    </FormDialog>
  );
}
