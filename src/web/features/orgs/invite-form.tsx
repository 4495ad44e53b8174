import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { FormError } from '@/components/form-error';
import { Button } from '@/components/ui/button';
import { Field, useForm } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import type { OrgMode } from '@/data/orgs/keys';
import { useInviteMutation } from '@/data/orgs/invitation-mutations';
import { assignableBuiltInRoles, inviteFormError } from './orgs.utils';

/**
 * Invite by address and role. The role is typed (a custom name such as `recruiter` is allowed) with
 * the built-in roles suggested; the browser checks the shape, the server everything else (an
 * unknown role, a member already) and its reason shows under the form.
 */
export function InviteForm({ mode, orgId, myRoles }: { mode: OrgMode; orgId: string; myRoles: string[] }) {
  const intl = useIntl();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({ email: '', role: 'member' }, { onEdit: () => setSentTo(null) });
  const invite = useInviteMutation({ mode, orgId });
  const listId = `invite-roles-${orgId}`;

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
      className="grid gap-4 sm:grid-cols-[2fr_1fr_auto] sm:items-end"
    >
      <Field
        id="invite-email"
        label={intl.formatMessage({ id: 'orgs.invite.email', defaultMessage: 'Email address' })}
        {...form.field('email')}
      >
        <Input type="email" autoComplete="off" />
      </Field>
      <Field
        id="invite-role"
        label={intl.formatMessage({ id: 'orgs.invite.role', defaultMessage: 'Role' })}
        {...form.field('role')}
      >
        <Input list={listId} autoComplete="off" />
      </Field>
      <datalist id={listId}>
        {assignableBuiltInRoles(myRoles, mode).map((r) => (
          <option key={r} value={r} />
        ))}
      </datalist>
      <Button type="submit" disabled={invite.isPending}>
        {invite.isPending ? (
          <FormattedMessage id="orgs.invite.sending" defaultMessage="Sending…" />
        ) : (
          <FormattedMessage id="orgs.invite.send" defaultMessage="Send invitation" />
        )}
      </Button>
      <div className="sm:col-span-3 space-y-2 empty:hidden">
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
