import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormError } from '@/components/form-error';
import { Field, useForm } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useAuth } from '@/auth/auth-provider';
import { downloadMyData, useDeletionQuery, useRequestDeletionMutation } from '@/data/me/privacy';
import { ScheduledNotice } from './deletion-notice';
import { notify } from '@/lib/notify';

/** Download: the whole export as a JSON file (the step-up dialog opens first when the sign-in is old). */
function ExportCard() {
  const intl = useIntl();
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      await downloadMyData();
      notify.success(
        intl.formatMessage({ id: 'account.privacy.export.done', defaultMessage: 'Your data was downloaded' }),
      );
    } catch {
      notify.error(
        intl.formatMessage({
          id: 'account.privacy.export.failed',
          defaultMessage: 'Your data could not be downloaded',
        }),
      );
    } finally {
      setBusy(false);
    }
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3" className="text-base">
          <FormattedMessage id="account.privacy.export.title" defaultMessage="Download your data" />
        </CardTitle>
        <CardDescription>
          <FormattedMessage
            id="account.privacy.export.description"
            defaultMessage={
              'A JSON file with everything the hub holds about you: profile, organizations, sign-in methods (never ' +
              'their secrets), sessions, connected apps, invitations and the security events about you.'
            }
          />
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button onClick={download} disabled={busy} data-testid="privacy-export">
          {busy ? (
            <FormattedMessage id="account.privacy.export.busy" defaultMessage="Preparing…" />
          ) : (
            <FormattedMessage id="account.privacy.export.action" defaultMessage="Download my data" />
          )}
        </Button>
      </CardContent>
    </Card>
  );
}

/** Delete: the email typed as confirmation; the server checks it, and the step-up. */
function DeleteForm({ email }: { email: string }) {
  const intl = useIntl();
  const form = useForm({ confirmation: '' });
  const request = useRequestDeletionMutation();
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (form.values.confirmation.trim().toLowerCase() !== email.toLowerCase()) {
      form.setError(
        intl.formatMessage({
          id: 'account.privacy.delete.mismatch',
          defaultMessage: 'Type your email address exactly to confirm.',
        }),
        'confirmation',
      );
      return;
    }
    await form.send(() => request.mutateAsync(form.values.confirmation));
  }
  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <Field
        id="delete-confirmation"
        label={
          <FormattedMessage
            id="account.privacy.delete.confirmLabel"
            defaultMessage="To confirm, type your email address ({email})"
            values={{ email }}
          />
        }
        {...form.field('confirmation')}
      >
        <Input type="email" autoComplete="off" />
      </Field>
      <FormError {...form.error} />
      <Button type="submit" variant="destructive" disabled={request.isPending}>
        <FormattedMessage id="account.privacy.delete.action" defaultMessage="Delete my account" />
      </Button>
    </form>
  );
}

function DeleteCard() {
  const { user } = useAuth();
  const deletion = useDeletionQuery();
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3" className="text-base">
          <FormattedMessage id="account.privacy.delete.title" defaultMessage="Delete your account" />
        </CardTitle>
        <CardDescription>
          <FormattedMessage
            id="account.privacy.delete.description"
            defaultMessage={
              'After a grace period your account is erased: your sessions end, your sign-in methods, consents and ' +
              'memberships are removed, and the security log keeps only “erased person” where it named you. If you ' +
              'are the only owner of an organization, make someone else an owner first.'
            }
          />
        </CardDescription>
      </CardHeader>
      <CardContent>
        {deletion.data?.scheduled && deletion.data.due_at ? (
          <ScheduledNotice dueAt={deletion.data.due_at} />
        ) : (
          user && deletion.data && <DeleteForm email={user.email} />
        )}
      </CardContent>
    </Card>
  );
}

/** /account → Privacy (issue 41): take your data, or erase your account. */
export default function PrivacyTab() {
  return (
    <section aria-labelledby="privacy-heading" className="space-y-3">
      <div>
        <h2 id="privacy-heading" className="text-lg font-semibold">
          <FormattedMessage id="account.privacy.title" defaultMessage="Your data" />
        </h2>
        <p className="text-sm text-muted-foreground">
          <FormattedMessage
            id="account.privacy.intro"
            defaultMessage="Take a copy of what the hub holds about you, or delete your account."
          />
        </p>
      </div>
      <ExportCard />
      <DeleteCard />
    </section>
  );
}
