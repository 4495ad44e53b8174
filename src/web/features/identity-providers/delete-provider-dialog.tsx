import { useIntl } from 'react-intl';
import { TypeToConfirmDialog } from '@/components/type-to-confirm-dialog';
import type { IdentityProvider } from '@/data/identity-providers/providers-query';
import { useProviderDeleteMutation } from '@/data/identity-providers/provider-delete-mutation';
import { useProviderDeletionImpactQuery } from '@/data/identity-providers/provider-deletion-impact-query';
import { notify } from '@/lib/notify';

/**
 * Confirms removing a provider by its name, with the server's counts: the accounts it is the only
 * way into lose their way in (they need a password reset or another provider), the others keep theirs.
 */
export function DeleteProviderDialog({ provider, onClose }: { provider: IdentityProvider; onClose: () => void }) {
  const intl = useIntl();
  const name = provider.display_name;
  const impact = useProviderDeletionImpactQuery(provider.id).data;
  const remove = useProviderDeleteMutation({
    onSuccess: () =>
      notify.success(intl.formatMessage({ id: 'idp.delete.done', defaultMessage: '{name} removed' }, { name })),
  });
  const losses = impact
    ? [
        intl.formatMessage(
          {
            id: 'idp.delete.lossOnlyWayIn',
            defaultMessage:
              '{count, plural, =0 {Nobody signs in only through {name}} one {# person signs in only through {name} and loses the way in} other {# people sign in only through {name} and lose the way in}}',
          },
          { count: impact.only_way_in, name },
        ),
        intl.formatMessage(
          {
            id: 'idp.delete.lossLinked',
            defaultMessage:
              '{count, plural, =0 {No accounts are linked to it} one {# linked account is unlinked} other {# linked accounts are unlinked}}',
          },
          { count: impact.identities },
        ),
        ...(impact.organizations_requiring > 0
          ? [
              intl.formatMessage(
                {
                  id: 'idp.delete.lossOrgs',
                  defaultMessage:
                    '{count, plural, one {# organization requires} other {# organizations require}} signing in through it; that requirement ends',
                },
                { count: impact.organizations_requiring },
              ),
            ]
          : []),
      ]
    : null;
  return (
    <TypeToConfirmDialog
      title={intl.formatMessage({ id: 'idp.delete.title', defaultMessage: 'Delete {name}?' }, { name })}
      name={name}
      description={intl.formatMessage({
        id: 'idp.delete.description',
        defaultMessage:
          'Nobody can sign in through it any more. Accounts with a password, a passkey or another provider keep those ways in. ' +
          'To pause it instead, edit it and turn off Enabled.',
      })}
      losses={losses}
      action={intl.formatMessage({ id: 'idp.delete.action', defaultMessage: 'Delete' })}
      onConfirm={() => remove.mutate(provider.id, { onSettled: onClose })}
      onClose={onClose}
    />
  );
}
