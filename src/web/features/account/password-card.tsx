import type { FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormError } from '@/components/form-error';
import { Field, useForm } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { usePasswordChangeMutation } from '@/data/me/password-change-mutation';
import { PasswordStrength } from '@/features/auth/password-strength';
import { notify } from '@/lib/notify';
import { checkPassword } from '@shared/password-policy';

/** Change password: the current one, a new one under the sign-up policy; other sessions end. */
export function PasswordCard() {
  const intl = useIntl();
  const form = useForm({ current_password: '', new_password: '' });
  const change = usePasswordChangeMutation({
    onSuccess: () =>
      notify.success(
        intl.formatMessage({
          id: 'account.password.changed',
          defaultMessage: 'Password changed. Your other sessions were signed out.',
        }),
      ),
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const { current_password, new_password } = form.values;
    if (!current_password || !new_password)
      return form.setError(
        intl.formatMessage({
          id: 'account.password.missing',
          defaultMessage: 'Enter your current password and a new one.',
        }),
      );
    if (!checkPassword(new_password).valid)
      return form.setError(
        intl.formatMessage({
          id: 'account.password.weak',
          defaultMessage: 'Password does not meet security requirements. Please check the requirements below.',
        }),
        'new_password',
      );
    await form.send(() => change.mutateAsync({ current_password, new_password }));
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <FormattedMessage id="account.password.title" defaultMessage="Password" />
        </CardTitle>
        <CardDescription>
          <FormattedMessage
            id="account.password.description"
            defaultMessage="Changing it signs out every other device."
          />
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          onSubmit={submit}
          className="grid gap-4 sm:grid-cols-2"
          noValidate
          aria-label={intl.formatMessage({ id: 'account.password.formLabel', defaultMessage: 'Change password' })}
        >
          <Field
            id="password-current"
            label={intl.formatMessage({ id: 'account.password.current', defaultMessage: 'Current password' })}
            {...form.field('current_password')}
          >
            <Input type="password" autoComplete="current-password" />
          </Field>
          <Field
            id="password-new"
            label={intl.formatMessage({ id: 'account.password.new', defaultMessage: 'New password' })}
            {...form.field('new_password')}
          >
            <Input type="password" autoComplete="new-password" />
          </Field>
          <PasswordStrength password={form.values.new_password} refusal={form.refusal} className="sm:col-span-2" />
          <div className="space-y-4 sm:col-span-2">
            <FormError {...form.error} />
            <Button type="submit" variant="outline" disabled={change.isPending}>
              {change.isPending ? (
                <FormattedMessage id="account.password.changing" defaultMessage="Changing…" />
              ) : (
                <FormattedMessage id="account.password.submit" defaultMessage="Change password" />
              )}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
