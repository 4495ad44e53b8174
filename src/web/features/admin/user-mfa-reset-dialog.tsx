import { useIntl } from 'react-intl';
import { DestructiveConfirmDialog } from '@/components/destructive-confirm-dialog';
import type { AdminUser } from '@/data/admin/users-query';
import { useUserMfaResetMutation } from '@/data/admin/user-mfa-reset-mutation';
import { notify } from '@/lib/notify';

/** Confirms a super_admin's reset of someone's second factors (a lost phone, a lost passkey). */
export function UserMfaResetDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const intl = useIntl();
  const email = user.email;
  const reset = useUserMfaResetMutation({
    onSuccess: () =>
      notify.success(
        intl.formatMessage(
          {
            id: 'admin.users.mfaReset.done',
            defaultMessage: 'Second factors of {email} removed; their sessions were ended',
          },
          { email },
        ),
      ),
  });
  return (
    <DestructiveConfirmDialog
      title={intl.formatMessage({ id: 'admin.users.mfaReset.title', defaultMessage: 'Reset two-step verification?' })}
      description={intl.formatMessage(
        {
          id: 'admin.users.mfaReset.description',
          defaultMessage:
            '{email} loses their authenticator app, recovery codes and passkeys, and is signed out everywhere. Do this only once you are sure who asked. The reset is recorded in the audit log.',
        },
        { email },
      )}
      action={intl.formatMessage({ id: 'admin.users.mfaReset.action', defaultMessage: 'Reset' })}
      onConfirm={() => reset.mutate(user.id, { onSettled: onClose })}
      onClose={onClose}
    />
  );
}
