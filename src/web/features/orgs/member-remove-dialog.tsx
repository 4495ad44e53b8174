import { useIntl } from 'react-intl';
import { DestructiveConfirmDialog } from '@/components/destructive-confirm-dialog';
import type { OrgMode } from '@/data/orgs/keys';
import { useMemberRemoveMutation } from '@/data/orgs/member-mutations';
import type { OrgMember } from '@/data/orgs/members-query';
import { notify } from '@/lib/notify';

/** Removing a member ends their organization roles; the last owner's removal is refused (its 409 as a toast). */
export function MemberRemoveDialog({
  mode,
  orgId,
  member,
  onClose,
}: {
  mode: OrgMode;
  orgId: string;
  member: OrgMember;
  onClose: () => void;
}) {
  const intl = useIntl();
  const remove = useMemberRemoveMutation(
    { mode, orgId },
    {
      onSuccess: () =>
        notify.success(
          intl.formatMessage(
            { id: 'orgs.memberRemove.done', defaultMessage: '{email} removed' },
            { email: member.email },
          ),
        ),
      meta: {
        errorToast: intl.formatMessage({
          id: 'orgs.memberRemove.error',
          defaultMessage: 'Could not remove the member',
        }),
      },
    },
  );
  return (
    <DestructiveConfirmDialog
      title={intl.formatMessage(
        { id: 'orgs.memberRemove.title', defaultMessage: 'Remove {name}?' },
        { name: member.full_name ?? member.email },
      )}
      description={intl.formatMessage({
        id: 'orgs.memberRemove.description',
        defaultMessage:
          'They lose their roles in this organization, and sister platforms stop receiving it in their organizations claim.',
      })}
      action={intl.formatMessage({ id: 'orgs.memberRemove.action', defaultMessage: 'Remove' })}
      onConfirm={() => remove.mutate(member.user_id, { onSettled: onClose })}
      onClose={onClose}
    />
  );
}
