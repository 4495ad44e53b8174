import { useState } from 'react';
import { FingerprintIcon, KeyRoundIcon, Trash2Icon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/empty-state';
import { FormError } from '@/components/form-error';
import { QueryList } from '@/components/query-list';
import { SectionCard } from '@/components/section-card';
import { usePasskeysQuery, type Passkey } from '@/data/me/passkeys-query';
import { usePasskeyDeleteMutation, usePasskeyRegisterMutation } from '@/data/me/passkey-mutations';
import { passkeyErrorText } from '@/features/auth/auth.utils';
import { formatDate } from '@/lib/format';
import { notify } from '@/lib/notify';
import { SignInMethodRow } from './sign-in-method-row';

function PasskeyRow({ passkey, index }: { passkey: Passkey; index: number }) {
  const name = passkey.name || `Passkey ${index + 1}`;
  const remove = usePasskeyDeleteMutation({ onSuccess: () => notify.success('Passkey removed') });
  return (
    <SignInMethodRow
      icon={KeyRoundIcon}
      name={name}
      testId="passkey"
      detail={
        <>
          Added {formatDate(passkey.created_at)} ·{' '}
          {passkey.last_used_at ? `last used ${formatDate(passkey.last_used_at)}` : 'never used'}
        </>
      }
      action={{
        icon: Trash2Icon,
        text: 'Remove',
        busyText: 'Removing…',
        label: `Remove ${name}`,
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
  const passkeys = usePasskeysQuery();
  const [error, setError] = useState<string | null>(null);
  const register = usePasskeyRegisterMutation({ onSuccess: () => notify.success('Passkey added') });

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
      title="Passkeys"
      description="Sign in with your fingerprint, face or device PIN: no password, nothing to phish."
      contentClassName="space-y-4"
    >
      <QueryList
        query={passkeys}
        label="Your passkeys"
        loadingLabel="Loading passkeys…"
        loadingRows={1}
        errorTitle="Could not load your passkeys"
        empty={<EmptyState title="No passkeys yet" hint="Add one on each device you sign in from." className="py-4" />}
      >
        {(p, i) => <PasskeyRow key={p.id} passkey={p} index={i} />}
      </QueryList>
      <FormError message={error} />
      <Button onClick={add} disabled={register.isPending}>
        {register.isPending ? 'Waiting for your device…' : 'Add a passkey'}
      </Button>
    </SectionCard>
  );
}
