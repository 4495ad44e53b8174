import type { FormEvent } from 'react';
import { FormattedMessage, defineMessages, useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormError } from '@/components/form-error';
import { Field, useForm } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import type { Me } from '@/data/me/me-query';
import { useProfileUpdateMutation } from '@/data/me/profile-update-mutation';
import { notify } from '@/lib/notify';

const labels = defineMessages({
  full_name: { id: 'account.profile.fullName', defaultMessage: 'Full name' },
  organization: { id: 'account.profile.organization', defaultMessage: 'Organization' },
  department: { id: 'account.profile.department', defaultMessage: 'Department' },
});

const FIELDS = [
  { key: 'full_name', label: labels.full_name, autoComplete: 'name' },
  { key: 'organization', label: labels.organization, autoComplete: 'organization' },
  { key: 'department', label: labels.department, autoComplete: 'off' },
] as const;

/** PATCH /api/me with the fields that changed; an emptied field is stored as null. */
export function ProfileCard({ me }: { me: Me }) {
  const intl = useIntl();
  const initial = {
    full_name: me.full_name ?? '',
    organization: me.organization ?? '',
    department: me.department ?? '',
  };
  const form = useForm(initial);
  const { values } = form;
  const update = useProfileUpdateMutation({
    onSuccess: () =>
      notify.success(intl.formatMessage({ id: 'account.profile.saved', defaultMessage: 'Profile saved' })),
  });
  const changed = FIELDS.filter(({ key }) => values[key].trim() !== initial[key]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    form.setError(null);
    const patch = Object.fromEntries(changed.map(({ key }) => [key, values[key].trim() || null]));
    try {
      await update.mutateAsync(patch);
    } catch (err) {
      form.setServerError(err);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <FormattedMessage id="account.profile.title" defaultMessage="Profile" />
        </CardTitle>
        <CardDescription>
          <FormattedMessage
            id="account.profile.description"
            defaultMessage="How administrators and the apps you use see you."
          />
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          onSubmit={submit}
          className="grid gap-4 sm:grid-cols-2"
          noValidate
          aria-label={intl.formatMessage({ id: 'account.profile.formLabel', defaultMessage: 'Profile' })}
        >
          {FIELDS.map(({ key, label, autoComplete }) => (
            <Field
              key={key}
              id={`profile-${key}`}
              label={intl.formatMessage(label)}
              className={key === 'full_name' ? 'sm:col-span-2' : undefined}
              {...form.field(key)}
            >
              <Input autoComplete={autoComplete} maxLength={200} />
            </Field>
          ))}
          <div className="space-y-4 sm:col-span-2">
            <FormError {...form.error} />
            <Button type="submit" disabled={update.isPending || changed.length === 0}>
              {update.isPending ? (
                <FormattedMessage id="account.profile.saving" defaultMessage="Saving…" />
              ) : (
                <FormattedMessage id="account.profile.save" defaultMessage="Save profile" />
              )}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
