import { useState } from 'react';
import { FingerprintIcon, KeyRoundIcon, Trash2Icon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/empty-state';
import { FormError } from '@/components/form-error';
import { QueryState } from '@/components/query-state';
import { usePasskeysQuery, type Passkey } from '@/data/me/passkeys-query';
import { usePasskeyDeleteMutation, usePasskeyRegisterMutation } from '@/data/me/passkey-mutations';
import { passkeyErrorText } from '@/features/auth/auth.utils';
import { formatDate } from '@/lib/format';
import { notify } from '@/lib/notify';

function PasskeyRow({ passkey, index }: { passkey: Passkey; index: number }) {
  const name = passkey.name || `Passkey ${index + 1}`;
  const remove = usePasskeyDeleteMutation({ onSuccess: () => notify.success('Passkey removed') });
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="passkey">
      <div className="flex min-w-0 items-center gap-3">
        <KeyRoundIcon className="size-5 shrink-0 text-muted-foreground" aria-hidden />
        <div className="min-w-0">
          <p className="truncate font-medium">{name}</p>
          <p className="text-xs text-muted-foreground">
            Added {formatDate(passkey.created_at)} ·{' '}
            {passkey.last_used_at ? `last used ${formatDate(passkey.last_used_at)}` : 'never used'}
          </p>
        </div>
      </div>
      <Button
        variant="outline"
        size="sm"
        aria-label={`Remove ${name}`}
        onClick={() => remove.mutate(passkey.id)}
        disabled={remove.isPending}
      >
        <Trash2Icon aria-hidden /> {remove.isPending ? 'Removing…' : 'Remove'}
      </Button>
    </li>
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
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <FingerprintIcon className="size-5" aria-hidden /> Passkeys
        </CardTitle>
        <CardDescription>
          Sign in with your fingerprint, face or device PIN: no password, nothing to phish.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <QueryState
          query={passkeys}
          loadingLabel="Loading passkeys…"
          loadingRows={1}
          errorTitle="Could not load your passkeys"
          isEmpty={(list) => list.length === 0}
          empty={
            <EmptyState title="No passkeys yet" hint="Add one on each device you sign in from." className="py-4" />
          }
        >
          {(list) => (
            <ul className="divide-y" aria-label="Your passkeys">
              {list.map((p, i) => (
                <PasskeyRow key={p.id} passkey={p} index={i} />
              ))}
            </ul>
          )}
        </QueryState>
        <FormError message={error} />
        <Button onClick={add} disabled={register.isPending}>
          {register.isPending ? 'Waiting for your device…' : 'Add a passkey'}
        </Button>
      </CardContent>
    </Card>
  );
}
