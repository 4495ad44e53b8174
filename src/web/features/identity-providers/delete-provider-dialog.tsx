import { useIntl } from 'react-intl';
import { DestructiveConfirmDialog } from '@/components/destructive-confirm-dialog';
import type { IdentityProvider } from '@/data/identity-providers/providers-query';
import { useProviderDeleteMutation } from '@/data/identity-providers/provider-delete-mutation';
import { notify } from '@/lib/notify';

/** Confirms removing a provider: people who only sign in through it need another way in. */
export function DeleteProviderDialog({ provider, onClose }: { provider: IdentityProvider; onClose: () => void }) {
  const intl = useIntl();
  const name = provider.display_name;
  const remove = useProviderDeleteMutation({
    onSuccess: () =>
      notify.success(intl.formatMessage({ id: 'idp.delete.done', defaultMessage: '{name} removed' }, { name })),
  });
  return (
    <DestructiveConfirmDialog
      title={intl.formatMessage({ id: 'idp.delete.title', defaultMessage: 'Delete {name}?' }, { name })}
      description={intl.formatMessage({
        id: 'idp.delete.description',
        defaultMessage:
          'Nobody can sign in through it any more; accounts that used it keep their other ways in. ' +
          'To pause it instead, edit it and turn off Enabled.',
      })}
      action={intl.formatMessage({ id: 'idp.delete.action', defaultMessage: 'Delete' })}
      onConfirm={() => remove.mutate(provider.id, { onSettled: onClose })}
      onClose={onClose}
    />
  );
}
