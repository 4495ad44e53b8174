import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
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
import type { OrgMode } from '@/data/orgs/keys';
import { useMemberRolesMutation } from '@/data/orgs/member-mutations';
import type { OrgMember } from '@/data/orgs/members-query';
import { formProblems } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { assignableBuiltInRoles, builtInRoleOf, customRolesOf } from './orgs.utils';
import { RolePicker } from './role-picker';

/**
 * A member's roles: one built-in role and any custom role names an ecosystem admin defined. The
 * server's refusals (the last owner, an unknown role name, raising one's own role) stay in the dialog.
 */
export function MemberRolesDialog({
  mode,
  orgId,
  member,
  myRoles,
  onClose,
}: {
  mode: OrgMode;
  orgId: string;
  member: OrgMember;
  myRoles: string[];
  onClose: () => void;
}) {
  const intl = useIntl();
  const [roles, setRoles] = useState([builtInRoleOf(member.roles), ...customRolesOf(member.roles)]);
  const save = useMemberRolesMutation(
    { mode, orgId },
    {
      onSuccess: () => {
        notify.success(
          intl.formatMessage(
            { id: 'orgs.memberRoles.done', defaultMessage: 'Roles of {email} updated' },
            { email: member.email },
          ),
        );
        onClose();
      },
    },
  );
  // A member who is an owner stays offered "owner" so the dialog shows the truth even for an admin.
  const offered = [...new Set([...assignableBuiltInRoles(myRoles, mode), builtInRoleOf(member.roles)])];

  // The server's refusal in plain words: about the roles under the picker, anything else on the line.
  const problems = save.isError ? formProblems(save.error, ['roles']) : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate({ userId: member.user_id, roles });
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <form onSubmit={submit} className="space-y-4" noValidate>
          <DialogHeader>
            <DialogTitle>
              <FormattedMessage id="orgs.memberRoles.title" defaultMessage="Change roles" />
            </DialogTitle>
            <DialogDescription>
              {member.full_name ? `${member.full_name} (${member.email})` : member.email}
            </DialogDescription>
          </DialogHeader>
          <RolePicker
            mode={mode}
            orgId={orgId}
            name="member-role"
            offered={offered}
            value={roles}
            multiple
            onChange={(next) => {
              save.reset();
              setRoles(next);
            }}
            error={problems?.fields.roles}
          />
          <FormError message={problems?.other ?? null} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              <FormattedMessage id="orgs.memberRoles.cancel" defaultMessage="Cancel" />
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? (
                <FormattedMessage id="orgs.memberRoles.saving" defaultMessage="Saving…" />
              ) : (
                <FormattedMessage id="orgs.memberRoles.save" defaultMessage="Save roles" />
              )}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
