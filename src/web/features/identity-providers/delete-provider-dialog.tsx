import { DestructiveConfirmDialog } from '@/components/destructive-confirm-dialog';
import type { IdentityProvider } from '@/data/identity-providers/providers-query';
import { useProviderDeleteMutation } from '@/data/identity-providers/provider-delete-mutation';
import { notify } from '@/lib/notify';

/** Confirms removing a provider: people who only sign in through it need another way in. */
export function DeleteProviderDialog({ provider, onClose }: { provider: IdentityProvider; onClose: () => void }) {
  const remove = useProviderDeleteMutation({
    onSuccess: () => notify.success(`${provider.display_name} removed`),
  });
  return (
    <DestructiveConfirmDialog
      title={`Delete ${provider.display_name}?`}
      description={
        'Nobody can sign in through it any more; accounts that used it keep their other ways in. ' +
        'To pause it instead, edit it and turn off Enabled.'
      }
      action="Delete"
      onConfirm={() => remove.mutate(provider.id, { onSettled: onClose })}
      onClose={onClose}
    />
  );
}
