import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import { useCancelDeletionMutation, useDeletionQuery } from '@/data/me/privacy';
import { notify } from '@/lib/notify';

/** Scheduled: when the erasure happens, and the way back. */
export function ScheduledNotice({ dueAt }: { dueAt: string }) {
  const intl = useIntl();
  const cancel = useCancelDeletionMutation({
    onSuccess: () =>
      notify.success(
        intl.formatMessage({
          id: 'account.privacy.delete.cancelled',
          defaultMessage: 'Your account will not be deleted',
        }),
      ),
  });
  return (
    <div
      role="status"
      className="space-y-3 rounded-md border border-destructive/50 p-4"
      data-testid="deletion-scheduled"
    >
      <p className="text-sm">
        <FormattedMessage
          id="account.privacy.delete.scheduled"
          defaultMessage="Your account will be deleted on {date}. Until then you can change your mind."
          values={{ date: intl.formatDate(dueAt, { dateStyle: 'long', timeStyle: 'short' }) }}
        />
      </p>
      <Button variant="outline" onClick={() => cancel.mutate()} disabled={cancel.isPending}>
        <FormattedMessage id="account.privacy.delete.cancel" defaultMessage="Keep my account" />
      </Button>
    </div>
  );
}

/**
 * Above every /account tab (where signing in lands): while the account's erasure is scheduled, the
 * person is told so after signing in, with the way to keep the account. The Privacy tab shows it
 * in its own place.
 */
export function DeletionBanner({ hidden }: { hidden: boolean }) {
  const deletion = useDeletionQuery();
  if (hidden || !deletion.data?.scheduled || !deletion.data.due_at) return null;
  return (
    <div className="mb-6">
      <ScheduledNotice dueAt={deletion.data.due_at} />
    </div>
  );
}
