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
import type { IdentityProvider } from '@/data/identity-providers/providers-query';
import { useProviderDeleteMutation } from '@/data/identity-providers/provider-delete-mutation';
import { notify } from '@/lib/notify';

/** Confirms removing a provider: people who only sign in through it need another way in. */
export function DeleteProviderDialog({ provider, onClose }: { provider: IdentityProvider; onClose: () => void }) {
  const remove = useProviderDeleteMutation({
    onSuccess: () => notify.success(`${provider.display_name} removed`),
  });
  return (
    <AlertDialog open onOpenChange={(open) => !open && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete {provider.display_name}?</AlertDialogTitle>
          <AlertDialogDescription>
            Nobody can sign in through it any more; accounts that used it keep their other ways in. To pause it instead,
            edit it and turn off Enabled.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction
            className="bg-destructive text-destructive-foreground hover:bg-destructive/90"
            onClick={() => remove.mutate(provider.id, { onSettled: onClose })}
          >
            Delete
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
