import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { FormDialog } from '@/components/form-dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { errorText } from '@/lib/error-text';
import type { AdminUser } from '@/data/admin/users-query';
import { isPendingApproval, useImpersonationStartMutation } from '@/data/admin/impersonation-start-mutation';
import { IMPERSONATION_MAX_MINUTES } from '@shared/roles';

/**
 * Issue 42, Admin → Users: "View as this user" with a justification and a time limit. An
 * administrator's account first needs another administrator's approval (the dialog then shows
 * the request to pass on); otherwise the browser becomes the user's, under the banner.
 */
export function UserViewAsDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const start = useImpersonationStartMutation();
  const [justification, setJustification] = useState('');
  const [minutes, setMinutes] = useState('15');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      const answer = await start.mutateAsync({
        userId: user.id,
        justification: justification.trim(),
        minutes: Number(minutes),
        ...(pending ? { request_id: pending } : {}),
      });
      if (isPendingApproval(answer)) setPending(answer.request_id);
      else navigate('/', { replace: true });
    } catch (err) {
      setError(errorText(err));
    }
  }

  return (
    <FormDialog
      open
      onOpenChange={(open) => !open && onClose()}
      label={intl.formatMessage({ id: 'auth.impersonation.dialog.title', defaultMessage: 'View as this user' })}
      title={intl.formatMessage({ id: 'auth.impersonation.dialog.title', defaultMessage: 'View as this user' })}
      description={
        <FormattedMessage
          id="auth.impersonation.dialog.description"
          defaultMessage={
            'You will see what {email} sees, for at most {max} minutes. They are told by mail; every ' +
            'step is audited with your name. Their password, factors and identities stay out of reach.'
          }
          values={{ email: user.email, max: IMPERSONATION_MAX_MINUTES }}
        />
      }
      error={{ id: 'view-as-error', message: error }}
      isPending={start.isPending}
      submitLabel={intl.formatMessage({ id: 'auth.impersonation.dialog.start', defaultMessage: 'Start' })}
      onSubmit={submit}
    >
      <div className="space-y-2">
        <Label htmlFor="view-as-justification">
          <FormattedMessage
            id="auth.impersonation.dialog.justification"
            defaultMessage="Why (a ticket, the person's request)"
          />
        </Label>
        <Textarea
          id="view-as-justification"
          value={justification}
          onChange={(e) => setJustification(e.target.value)}
          maxLength={500}
        />
      </div>
      <div className="space-y-2">
        <Label htmlFor="view-as-minutes">
          <FormattedMessage id="auth.impersonation.dialog.minutes" defaultMessage="Minutes" />
        </Label>
        <Input
          id="view-as-minutes"
          type="number"
          min={1}
          max={IMPERSONATION_MAX_MINUTES}
          value={minutes}
          onChange={(e) => setMinutes(e.target.value)}
        />
      </div>
      {pending && (
        <p role="status" className="rounded-md border bg-muted p-3 text-sm">
          <FormattedMessage
            id="auth.impersonation.dialog.pending"
            defaultMessage="This user is an administrator: another administrator must approve request {id} first. Then press Start again."
            values={{ id: <code className="font-mono">{pending}</code> }}
          />
        </p>
      )}
    </FormDialog>
  );
}
