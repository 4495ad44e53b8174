import { useState, type FormEvent } from 'react';
import { AUDIT_SEVERITIES } from '@shared/audit-events';
import type { AuditSinkKind } from '@shared/api/siem';
import { FormError } from '@/components/form-error';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field, useForm } from '@/components/ui/field';
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
  type AuditSinkFormValues,
} from './audit-sinks.utils';
import { AuditSinkKey } from './audit-sink-key';

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
  const initial = sink ? formValuesOf(sink) : EMPTY_AUDIT_SINK_FORM;
  const form = useForm<AuditSinkFormValues>(initial);
  const [checkpointKey, setCheckpointKey] = useState<string | null>(null);
  const create = useAuditSinkCreateMutation({
    onSuccess: (result) => {
      notify.success('Audit sink created');
      setCheckpointKey(result.checkpoint_key);
    },
  });
  const update = useAuditSinkUpdateMutation({
    onSuccess: () => {
      notify.success('Audit sink saved');
      close(false);
    },
  });
  const pending = create.isPending || update.isPending;

  function close(next: boolean) {
    if (!next) {
      form.reset(initial);
      // The key leaves memory with the dialog: nothing can show it again.
      setCheckpointKey(null);
      create.reset();
      update.reset();
    }
    onOpenChange(next);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    form.setError(null);
    const problem = firstSinkProblem(form.values);
    if (problem) {
      form.setError(problem[1], problem[0]);
      return;
    }
    if (sink) update.mutateAsync({ id: sink.id, body: updateSinkBodyOf(form.values) }).catch(form.setServerError);
    else create.mutateAsync(createSinkBodyOf(form.values)).catch(form.setServerError);
  }

  const isHttps = form.values.kind === 'https';
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-xl">
        {checkpointKey ? (
          <AuditSinkKey checkpointKey={checkpointKey} onDone={() => close(false)} />
        ) : (
          <form
            onSubmit={submit}
            className="space-y-4"
            noValidate
            aria-label={isCreate ? 'New audit sink' : 'Edit audit sink'}
          >
            <DialogHeader>
              <DialogTitle>{sink ? `Edit audit sink ${sinkHostOf(sink)}` : 'Add audit sink'}</DialogTitle>
              <DialogDescription>
                The hub streams its audit log, in order and with signed checkpoints, to this collector.
              </DialogDescription>
            </DialogHeader>
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
              <Select
                value={form.values.min_severity}
                onValueChange={(v) => isSeverity(v) && form.edit({ min_severity: v })}
              >
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
            <FormError {...form.error} />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => close(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={pending}>
                {pending ? 'Saving…' : isCreate ? 'Add sink' : 'Save'}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
