import { FormattedMessage, useIntl } from 'react-intl';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { notify } from '@/lib/notify';
import { useSignInSettingsMutation, useSignInSettingsQuery } from '@/data/admin/sign-in-settings';
import type { SignInSettings } from '@shared/api/sign-in-settings';

/**
 * Issue 42, Admin → Settings: sign-in by emailed code or link (off by default) and whether a
 * breached password at sign-in only asks for a change or requires it. A super admin changes them
 * (the server refuses anyone else); what HUB_EMAIL_SIGN_IN turns on shows as on and fixed.
 */
export function SignInSettingsCard() {
  const intl = useIntl();
  const settings = useSignInSettingsQuery();
  const save = useSignInSettingsMutation();
  const data = settings.data;

  async function change(patch: Partial<SignInSettings>) {
    try {
      await save.mutateAsync(patch);
      notify.success(
        intl.formatMessage({ id: 'auth.emailSignIn.settings.saved', defaultMessage: 'Sign-in settings saved' }),
      );
    } catch (error) {
      notify.error(
        intl.formatMessage({
          id: 'auth.emailSignIn.settings.failed',
          defaultMessage: 'Failed to save sign-in settings',
        }),
        {
          error,
        },
      );
    }
  }

  const rows: Array<{ id: 'email_code' | 'email_link'; label: string; fixed: boolean }> = data
    ? [
        {
          id: 'email_code',
          label: intl.formatMessage({
            id: 'auth.emailSignIn.settings.code',
            defaultMessage: 'Sign-in by a 6-digit code sent by mail',
          }),
          fixed: data.environment.email_code,
        },
        {
          id: 'email_link',
          label: intl.formatMessage({
            id: 'auth.emailSignIn.settings.link',
            defaultMessage: 'Sign-in by a link sent by mail',
          }),
          fixed: data.environment.email_link,
        },
      ]
    : [];

  return (
    <Card data-testid="sign-in-settings">
      <CardHeader>
        <CardTitle>
          <FormattedMessage id="auth.emailSignIn.settings.title" defaultMessage="Sign-in" />
        </CardTitle>
        <CardDescription>
          <FormattedMessage
            id="auth.emailSignIn.settings.description"
            defaultMessage={
              'Ways in besides the password, and what a password found in a breach leads to. Only a super ' +
              'admin can change these.'
            }
          />
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {rows.map((row) => (
          <div key={row.id} className="flex items-center justify-between gap-4">
            <Label htmlFor={`sign-in-${row.id}`}>{row.label}</Label>
            <Switch
              id={`sign-in-${row.id}`}
              checked={row.fixed || data![row.id]}
              disabled={row.fixed || save.isPending}
              onCheckedChange={(checked) => void change({ [row.id]: checked })}
            />
          </div>
        ))}
        {data && (
          <div className="flex items-center justify-between gap-4">
            <Label htmlFor="sign-in-breached">
              <FormattedMessage
                id="auth.emailSignIn.settings.breached"
                defaultMessage="Require a new password when someone signs in with a breached one"
              />
            </Label>
            <Switch
              id="sign-in-breached"
              checked={data.breached_password === 'require'}
              disabled={save.isPending}
              onCheckedChange={(checked) => void change({ breached_password: checked ? 'require' : 'ask' })}
            />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
