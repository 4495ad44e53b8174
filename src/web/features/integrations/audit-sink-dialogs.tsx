import { useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { DestructiveConfirmDialog } from '@/components/destructive-confirm-dialog';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import type { AuditSink } from '@/data/siem/audit-sinks-query';
import { useAuditSinkDeleteMutation, useAuditSinkRotateKeyMutation } from '@/data/siem/audit-sink-mutations';
import { notify } from '@/lib/notify';
import { sinkHostOf } from './audit-sinks.utils';
import { CHECKPOINT_KEY, ShownOnceSecret } from './shown-once-secret';

/** Confirms removing a sink: the collector stops receiving the audit log from here on. */
export function DeleteAuditSinkDialog({ sink, onClose }: { sink: AuditSink; onClose: () => void }) {
  const intl = useIntl();
  const host = sinkHostOf(sink);
  const remove = useAuditSinkDeleteMutation({
    onSuccess: () =>
      notify.success(
        intl.formatMessage(
          { id: 'integrations.sink.delete.done', defaultMessage: 'Audit sink {host} deleted' },
          { host },
        ),
      ),
  });
  return (
    <DestructiveConfirmDialog
      title={intl.formatMessage(
        { id: 'integrations.sink.delete.title', defaultMessage: 'Delete the audit sink {host}?' },
        { host },
      )}
      description={intl.formatMessage({
        id: 'integrations.sink.delete.description',
        defaultMessage:
          'The hub stops streaming the audit log there and forgets its checkpoint key. To pause it instead, disable it.',
      })}
      action={intl.formatMessage({ id: 'integrations.sink.delete.action', defaultMessage: 'Delete' })}
      onConfirm={() => remove.mutate(sink.id, { onSettled: onClose })}
      onClose={onClose}
    />
  );
}

/**
 * Rotates a sink's checkpoint key after a confirmation, then shows the new key this once (issue 46).
 * The route wants a recent sign-in: the shell's step-up dialog asks for it and the request runs again.
 */
export function RotateCheckpointKeyDialog({ sink, onClose }: { sink: AuditSink; onClose: () => void }) {
  const intl = useIntl();
  const host = sinkHostOf(sink);
  const [key, setKey] = useState<string | null>(null);
  // The confirmation closes as its button is pressed; the component stays for the new key.
  const confirmed = useRef(false);
  const rotate = useAuditSinkRotateKeyMutation({
    onSuccess: (result) => {
      notify.success(
        intl.formatMessage({ id: 'integrations.sink.rotate.done', defaultMessage: 'Checkpoint key rotated' }),
      );
      setKey(result.checkpoint_key);
    },
  });
  if (!key) {
    if (confirmed.current) return null;
    return (
      <DestructiveConfirmDialog
        title={intl.formatMessage(
          { id: 'integrations.sink.rotate.title', defaultMessage: 'Rotate the checkpoint key of {host}?' },
          { host },
        )}
        description={intl.formatMessage({
          id: 'integrations.sink.rotate.description',
          defaultMessage:
            'The next checkpoints are signed with a new key, and the old key checks none of them. ' +
            'Give the new key to the collector right away.',
        })}
        action={intl.formatMessage({ id: 'integrations.sink.rotate.action', defaultMessage: 'Rotate key' })}
        onConfirm={() => {
          confirmed.current = true;
          rotate.mutate(sink.id, { onError: onClose });
        }}
        onClose={() => {
          if (!confirmed.current) onClose();
        }}
      />
    );
  }
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-xl">
        <ShownOnceSecret
          title={intl.formatMessage({ id: 'integrations.sink.rotate.newKey', defaultMessage: 'New checkpoint key' })}
          wording={CHECKPOINT_KEY}
          secret={key}
          onDone={onClose}
        />
      </DialogContent>
    </Dialog>
  );
}
