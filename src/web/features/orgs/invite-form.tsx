import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { FormError } from '@/components/form-error';
import { Button } from '@/components/ui/button';
import { Field, useForm } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { RolePicker } from './role-picker';
import type { OrgMode } from '@/data/orgs/keys';
import { useInviteMutation } from '@/data/orgs/invitation-mutations';
import { assignableBuiltInRoles, inviteFormError } from './orgs.utils';

/**
 * Invite by address and role: the role from the one role picker (the built-in roles the caller may
 * give and the custom ones defined); the browser checks the address, the server everything else (a
 * member already) and its words show under the field they are about.
 */
export function InviteForm({ mode, orgId, myRoles }: { mode: OrgMode; orgId: string; myRoles: string[] }) {
  const intl = useIntl();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({ email: '', role: 'member' }, { onEdit: () => setSentTo(null) });
  const invite = useInviteMutation({ mode, orgId });
  const role = form.control('role');
  const rolePickerWiring = { error: role.error, focusRef: role.ref };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = inviteFormError(form.values.email, form.values.role);
    if (problem) {
      form.setError(intl.formatMessage(problem.message), problem.field);
      return;
    }
    try {
      const { invitation } = await invite.mutateAsync({
        email: form.values.email.trim(),
        role: form.values.role.trim(),
      });
      setSentTo(invitation.email);
      form.reset({ email: '', role: form.values.role });
    } catch (err) {
      form.setServerError(err);
    }
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={intl.formatMessage({ id: 'orgs.invite.label', defaultMessage: 'Invite someone' })}
      className="grid gap-4"
    >
      <Field
        id="invite-email"
        label={intl.formatMessage({ id: 'orgs.invite.email', defaultMessage: 'Email address' })}
        {...form.field('email')}
      >
        <Input type="email" autoComplete="off" />
      </Field>
      <div>
        <RolePicker
          mode={mode}
          orgId={orgId}
          name="invite-role"
          offered={assignableBuiltInRoles(myRoles, mode)}
          value={[form.values.role]}
          onChange={([role = 'member']) => form.edit({ role })}
          {...rolePickerWiring}
        />
      </div>
      <Button type="submit" disabled={invite.isPending} className="justify-self-start">
        {invite.isPending ? (
          <FormattedMessage id="orgs.invite.sending" defaultMessage="Sending…" />
        ) : (
          <FormattedMessage id="orgs.invite.send" defaultMessage="Send invitation" />
        )}
      </Button>
      <div className="space-y-2 empty:hidden">
        <FormError {...form.error} />
        {sentTo && (
          <p role="status" className="rounded-md border bg-accent p-3 text-sm">
            <FormattedMessage
              id="orgs.invite.sent"
              defaultMessage="Invitation sent to <b>{email}</b>."
              values={{ email: sentTo, b: (chunks) => <strong className="wrap-anywhere">{chunks}</strong> }}
            />
          </p>
        )}
      </div>
    </form>
  );
}
