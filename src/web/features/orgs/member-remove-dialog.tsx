import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { DestructiveConfirmDialog } from '@/components/destructive-confirm-dialog';
import type { OrgMode } from '@/data/orgs/keys';
import { useMemberRemoveMutation } from '@/data/orgs/member-mutations';
import type { OrgMember } from '@/data/orgs/members-query';
import { notify } from '@/lib/notify';

/**
 * Removing a member ends their organization roles; on one's own row it is leaving, said to oneself.
 * The last owner is never offered it (member.actions); should the rule refuse meanwhile, its 409 is a toast.
 */
export function MemberRemoveDialog({
  mode,
  orgId,
  member,
  isSelf,
  onClose,
}: {
  mode: OrgMode;
  orgId: string;
  member: OrgMember;
  isSelf: boolean;
  onClose: () => void;
}) {
  const intl = useIntl();
  const navigate = useNavigate();
  const remove = useMemberRemoveMutation(
    { mode, orgId },
    {
      onSuccess: () => {
        notify.success(
          isSelf
            ? intl.formatMessage({ id: 'orgs.memberRemove.left', defaultMessage: 'You left the organization' })
            : intl.formatMessage(
                { id: 'orgs.memberRemove.done', defaultMessage: '{email} removed' },
                { email: member.email },
              ),
        );
        if (isSelf && mode === 'member') void navigate('/account?tab=organizations');
      },
      meta: {
        errorToast: intl.formatMessage({
          id: 'orgs.memberRemove.error',
          defaultMessage: 'Could not remove the member',
        }),
      },
    },
  );
  if (isSelf)
    return (
      <DestructiveConfirmDialog
        title={intl.formatMessage({ id: 'orgs.memberRemove.leaveTitle', defaultMessage: 'Leave this organization?' })}
        description={intl.formatMessage({
          id: 'orgs.memberRemove.leaveDescription',
          defaultMessage: 'You lose your roles in it; to come back you need a new invitation.',
        })}
        action={intl.formatMessage({ id: 'orgs.memberRemove.leaveAction', defaultMessage: 'Leave' })}
        onConfirm={() => remove.mutate(member.user_id, { onSettled: onClose })}
        onClose={onClose}
      />
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
