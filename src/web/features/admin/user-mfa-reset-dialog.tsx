import { DestructiveConfirmDialog } from '@/components/destructive-confirm-dialog';
import type { AdminUser } from '@/data/admin/users-query';
import { useUserMfaResetMutation } from '@/data/admin/user-mfa-reset-mutation';
import { notify } from '@/lib/notify';

/** Confirms a super_admin's reset of someone's second factors (a lost phone, a lost passkey). */
export function UserMfaResetDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const reset = useUserMfaResetMutation({
    onSuccess: () => notify.success(`Second factors of ${user.email} removed; their sessions were ended`),
  });
  return (
    <DestructiveConfirmDialog
      title="Reset two-step verification?"
      description={
        `${user.email} loses their authenticator app, recovery codes and passkeys, and is signed out everywhere. ` +
        'Do this only once you are sure who asked. The reset is recorded in the audit log.'
      }
      action="Reset"
      onConfirm={() => reset.mutate(user.id, { onSettled: onClose })}
      onClose={onClose}
    />
  );
}
