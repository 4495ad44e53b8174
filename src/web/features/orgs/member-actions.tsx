import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import type { OrgMember } from '@/data/orgs/members-query';

/**
 * A member's Change role and Remove (Leave, on one's own row), as the server's rule allows them
 * for this row (`member.actions`): a refused action is shown disabled with the reason beside it,
 * rather than offered and answered with an error. A role refusal is shown only to those who manage
 * members (an admin on an owner's row); a plain member sees just their own Leave.
 */
export function MemberActions({
  member,
  isSelf,
  mayManage,
  onEdit,
  onRemove,
}: {
  member: OrgMember;
  isSelf: boolean;
  mayManage: boolean;
  onEdit: () => void;
  onRemove: () => void;
}) {
  const intl = useIntl();
  const reasonId = useId();
  const { change_roles: change, remove } = member.actions;
  const showChange = mayManage;
  const showRemove = isSelf || mayManage;
  if (!showChange && !showRemove) return null;
  const reason = remove.reason ?? change.reason;
  const refused = (!change.allowed && showChange) || (!remove.allowed && showRemove);
  return (
    <div className="flex max-w-full flex-col items-start gap-1 sm:items-end">
      <div className="flex gap-2">
        {showChange && (
          <Button
            variant="outline"
            size="sm"
            onClick={onEdit}
            disabled={!change.allowed}
            aria-describedby={!change.allowed ? reasonId : undefined}
            aria-label={intl.formatMessage(
              { id: 'orgs.members.changeLabel', defaultMessage: 'Change roles of {email}' },
              { email: member.email },
            )}
          >
            <FormattedMessage id="orgs.members.change" defaultMessage="Change role" />
          </Button>
        )}
        {showRemove && (
          <Button
            variant="outline"
            size="sm"
            onClick={onRemove}
            disabled={!remove.allowed}
            aria-describedby={!remove.allowed ? reasonId : undefined}
            aria-label={
              isSelf
                ? intl.formatMessage({ id: 'orgs.members.leaveLabel', defaultMessage: 'Leave this organization' })
                : intl.formatMessage(
                    { id: 'orgs.members.removeLabel', defaultMessage: 'Remove {email}' },
                    { email: member.email },
                  )
            }
          >
            {isSelf ? (
              <FormattedMessage id="orgs.members.leave" defaultMessage="Leave" />
            ) : (
              <FormattedMessage id="orgs.members.remove" defaultMessage="Remove" />
            )}
          </Button>
        )}
      </div>
      {refused && reason && (
        <p
          id={reasonId}
          className="max-w-xs text-xs text-muted-foreground sm:text-end"
          data-testid="member-action-reason"
        >
          {reason === 'last_owner' ? (
            isSelf ? (
              <FormattedMessage
                id="orgs.members.reasonLastOwnerSelf"
                defaultMessage="You are the last owner: make someone else an owner first."
              />
            ) : (
              <FormattedMessage
                id="orgs.members.reasonLastOwner"
                defaultMessage="The last owner: make someone else an owner first."
              />
            )
          ) : (
            <FormattedMessage
              id="orgs.members.reasonRole"
              defaultMessage="Only an owner can change or remove an owner."
            />
          )}
        </p>
      )}
    </div>
  );
}
