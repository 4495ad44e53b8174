import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormError } from '@/components/form-error';
import { Field, useForm } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import type { Me } from '@/data/me/me-query';
import { useEmailChangeMutation } from '@/data/me/email-change-mutation';

/**
 * The email address and its change: the new address gets a confirmation link and the change
 * happens only when it is opened (the old address is told). The current password is asked so
 * a borrowed session cannot take the account over.
 */
export function EmailChangeCard({ me }: { me: Me }) {
  const intl = useIntl();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({ new_email: '', current_password: '' }, { onEdit: () => setSentTo(null) });
  const change = useEmailChangeMutation();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const address = form.values.new_email.trim();
    const { current_password } = form.values;
    if (!address || !current_password)
      return form.setError(
        intl.formatMessage({
          id: 'account.email.missing',
          defaultMessage: 'Enter the new address and your current password.',
        }),
      );
    if (await form.send(() => change.mutateAsync({ new_email: address, current_password }))) setSentTo(address);
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <FormattedMessage id="account.email.title" defaultMessage="Email address" />
        </CardTitle>
        <CardDescription className="flex flex-wrap items-center gap-2">
          <span className="wrap-anywhere text-foreground" data-testid="account-email">
            {me.email}
          </span>
          <Badge variant={me.email_verified ? 'success' : 'secondary'}>
            {me.email_verified ? (
              <FormattedMessage id="account.email.verified" defaultMessage="Verified" />
            ) : (
              <FormattedMessage id="account.email.notVerified" defaultMessage="Not verified" />
            )}
          </Badge>
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          onSubmit={submit}
          className="grid gap-4 sm:grid-cols-2"
          noValidate
          aria-label={intl.formatMessage({ id: 'account.email.formLabel', defaultMessage: 'Change email address' })}
        >
          <Field
            id="email-new"
            label={intl.formatMessage({ id: 'account.email.newAddress', defaultMessage: 'New email address' })}
            {...form.field('new_email')}
          >
            <Input type="email" autoComplete="email" />
          </Field>
          <Field
            id="email-password"
            label={intl.formatMessage({ id: 'account.email.currentPassword', defaultMessage: 'Current password' })}
            {...form.field('current_password')}
          >
            <Input type="password" autoComplete="current-password" />
          </Field>
          <div className="space-y-4 sm:col-span-2">
            <FormError {...form.error} />
            {sentTo && (
              <p role="status" className="rounded-md border bg-accent p-3 text-sm">
                <FormattedMessage
                  id="account.email.sent"
                  defaultMessage="We sent a confirmation link to <b>{address}</b>. Your address changes when you open it."
                  values={{ address: sentTo, b: (chunks) => <strong className="wrap-anywhere">{chunks}</strong> }}
                />
              </p>
            )}
            <Button type="submit" variant="outline" disabled={change.isPending}>
              {change.isPending ? (
                <FormattedMessage id="account.email.sending" defaultMessage="Sending…" />
              ) : (
                <FormattedMessage id="account.email.send" defaultMessage="Send confirmation link" />
              )}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
