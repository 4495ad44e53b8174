import { useState } from 'react';
import { useIntl } from 'react-intl';
import { FingerprintIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/form-error';
import { usePasskeySignInMutation } from '@/data/auth/passkey-sign-in-mutation';
import type { SessionState } from '@/data/auth/session-query';
import { passkeyErrorText } from './auth.utils';

/**
 * Signs in with a passkey: the browser asks which of its passkeys for this site to use, so no
 * email is typed; user verification makes it both factors at once.
 */
export function PasskeySignInButton({
  onSignedIn,
  label,
}: {
  onSignedIn: (state: SessionState) => void;
  label: string;
}) {
  const intl = useIntl();
  const [error, setError] = useState<string | null>(null);
  const passkey = usePasskeySignInMutation();
  async function run() {
    setError(null);
    try {
      onSignedIn(await passkey.mutateAsync());
    } catch (err) {
      setError(passkeyErrorText(err));
    }
  }
  return (
    <div className="space-y-2">
      <Button type="button" variant="outline" className="w-full" onClick={run} disabled={passkey.isPending}>
        <FingerprintIcon aria-hidden />
        {passkey.isPending
          ? intl.formatMessage({ id: 'auth.passkey.waiting', defaultMessage: 'Waiting for your passkey…' })
          : label}
      </Button>
      <FormError message={error} />
    </div>
  );
}
