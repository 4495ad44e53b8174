import { useIntl } from 'react-intl';
import { DestructiveConfirmDialog } from '@/components/destructive-confirm-dialog';
import type { AuditSink } from '@/data/siem/audit-sinks-query';
import { useAuditSinkDeleteMutation } from '@/data/siem/audit-sink-mutations';
import { notify } from '@/lib/notify';
import { sinkHostOf } from './audit-sinks.utils';

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
