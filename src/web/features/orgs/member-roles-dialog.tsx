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
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import type { OrgMode } from '@/data/orgs/keys';
import { useMemberRolesMutation } from '@/data/orgs/member-mutations';
import type { OrgMember } from '@/data/orgs/members-query';
import { errorText } from '@/lib/error-text';
import { notify } from '@/lib/notify';
import { assignableBuiltInRoles, builtInRoleOf, customRolesOf, rolesFromInput } from './orgs.utils';
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
  const [builtIn, setBuiltIn] = useState(builtInRoleOf(member.roles));
  const [custom, setCustom] = useState(customRolesOf(member.roles).join(', '));
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

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate({ userId: member.user_id, roles: rolesFromInput(builtIn, custom) });
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
            name="member-role"
            roles={offered}
            value={builtIn}
            onChange={(r) => {
              save.reset();
              setBuiltIn(r);
            }}
          />
          <Field
            id="member-custom-roles"
            label={intl.formatMessage({ id: 'orgs.memberRoles.custom', defaultMessage: 'Custom roles' })}
            hint={intl.formatMessage({
              id: 'orgs.memberRoles.customHint',
              defaultMessage:
                'Role names an ecosystem admin defined, separated by commas (e.g. recruiter, hiring_manager).',
            })}
            value={custom}
            onChange={(e) => {
              save.reset();
              setCustom(e.target.value);
            }}
          >
            <Input autoComplete="off" />
          </Field>
          <FormError message={save.isError ? errorText(save.error) : null} />
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
