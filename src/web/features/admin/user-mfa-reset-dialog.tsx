import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import type { AdminUser } from '@/data/admin/users-query';
import { useUserMfaResetMutation } from '@/data/admin/user-mfa-reset-mutation';
import { notify } from '@/lib/notify';

/** Confirms a super_admin's reset of someone's second factors (a lost phone, a lost passkey). */
export function UserMfaResetDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const reset = useUserMfaResetMutation({
    onSuccess: () => notify.success(`Second factors of ${user.email} removed; their sessions were ended`),
  });
  return (
    <AlertDialog open onOpenChange={(open) => !open && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Reset two-step verification?</AlertDialogTitle>
          <AlertDialogDescription>
            {user.email} loses their authenticator app, recovery codes and passkeys, and is signed out everywhere. Do
            this only once you are sure who asked. The reset is recorded in the audit log.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction
            className="bg-destructive text-destructive-foreground hover:bg-destructive/90"
            onClick={() => reset.mutate(user.id, { onSettled: onClose })}
          >
            Reset
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
