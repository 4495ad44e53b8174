import { useState } from 'react';
import { FingerprintIcon, KeyRoundIcon, Trash2Icon } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/empty-state';
import { FormError } from '@/components/form-error';
import { QueryList } from '@/components/query-list';
import { SectionCard } from '@/components/section-card';
import { usePasskeysQuery, type Passkey } from '@/data/me/passkeys-query';
import { usePasskeyDeleteMutation, usePasskeyRegisterMutation } from '@/data/me/passkey-mutations';
import { passkeyErrorText } from '@/features/auth/auth.utils';
import { notify } from '@/lib/notify';
import { SignInMethodRow } from './sign-in-method-row';

function PasskeyRow({ passkey, index }: { passkey: Passkey; index: number }) {
  const intl = useIntl();
  const date = (iso: string) => intl.formatDate(iso, { dateStyle: 'medium' });
  const name =
    passkey.name ||
    intl.formatMessage({ id: 'account.passkeys.unnamed', defaultMessage: 'Passkey {number}' }, { number: index + 1 });
  const remove = usePasskeyDeleteMutation({
    onSuccess: () =>
      notify.success(intl.formatMessage({ id: 'account.passkeys.removed', defaultMessage: 'Passkey removed' })),
  });
  return (
    <SignInMethodRow
      icon={KeyRoundIcon}
      name={name}
      testId="passkey"
      detail={
        <>
          {intl.formatMessage(
            { id: 'account.passkeys.addedOn', defaultMessage: 'Added {date}' },
            { date: date(passkey.created_at) },
          )}{' '}
          ·{' '}
          {passkey.last_used_at
            ? intl.formatMessage(
                { id: 'account.passkeys.lastUsed', defaultMessage: 'last used {date}' },
                { date: date(passkey.last_used_at) },
              )
            : intl.formatMessage({ id: 'account.passkeys.neverUsed', defaultMessage: 'never used' })}
        </>
      }
      action={{
        icon: Trash2Icon,
        text: intl.formatMessage({ id: 'account.passkeys.remove', defaultMessage: 'Remove' }),
        busyText: intl.formatMessage({ id: 'account.passkeys.removing', defaultMessage: 'Removing…' }),
        label: intl.formatMessage({ id: 'account.passkeys.removeLabel', defaultMessage: 'Remove {name}' }, { name }),
        isBusy: remove.isPending,
        onClick: () => remove.mutate(passkey.id),
      }}
    />
  );
}

/**
 * Passkeys: sign in with the device's screen lock instead of a password and a code. Adding one
 * runs the browser's WebAuthn registration with the server's options.
 */
export function PasskeysCard() {
  const intl = useIntl();
  const passkeys = usePasskeysQuery();
  const [error, setError] = useState<string | null>(null);
  const register = usePasskeyRegisterMutation({
    onSuccess: () =>
      notify.success(intl.formatMessage({ id: 'account.passkeys.added', defaultMessage: 'Passkey added' })),
  });

  async function add() {
    setError(null);
    try {
      await register.mutateAsync();
    } catch (err) {
      setError(passkeyErrorText(err));
    }
  }

  return (
    <SectionCard
      icon={FingerprintIcon}
      title={intl.formatMessage({ id: 'account.passkeys.title', defaultMessage: 'Passkeys' })}
      description={intl.formatMessage({
        id: 'account.passkeys.description',
        defaultMessage: 'Sign in with your fingerprint, face or device PIN: no password, nothing to phish.',
      })}
      contentClassName="space-y-4"
    >
      <QueryList
        query={passkeys}
        label={intl.formatMessage({ id: 'account.passkeys.listLabel', defaultMessage: 'Your passkeys' })}
        loadingLabel={intl.formatMessage({ id: 'account.passkeys.loading', defaultMessage: 'Loading passkeys…' })}
        loadingRows={1}
        errorTitle={intl.formatMessage({
          id: 'account.passkeys.loadError',
          defaultMessage: 'Could not load your passkeys',
        })}
        empty={
          <EmptyState
            title={intl.formatMessage({ id: 'account.passkeys.empty', defaultMessage: 'No passkeys yet' })}
            hint={intl.formatMessage({
              id: 'account.passkeys.emptyHint',
              defaultMessage: 'Add one on each device you sign in from.',
            })}
            className="py-4"
          />
        }
      >
        {(p, i) => <PasskeyRow key={p.id} passkey={p} index={i} />}
      </QueryList>
      <FormError message={error} />
      <Button onClick={add} disabled={register.isPending}>
        {register.isPending ? (
          <FormattedMessage id="account.passkeys.waiting" defaultMessage="Waiting for your device…" />
        ) : (
          <FormattedMessage id="account.passkeys.add" defaultMessage="Add a passkey" />
        )}
      </Button>
    </SectionCard>
  );
}
