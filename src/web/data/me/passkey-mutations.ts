import { defineMessage } from 'react-intl';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Passkey } from '@shared/api/mfa';
import { api } from '@/lib/api';
import type { MutationOptions } from '../options';
import { meKeys } from './keys';

/**
 * Registers a passkey: the server's creation options go to the browser's authenticator as they
 * are (startRegistration), and its answer goes back as it is. @simplewebauthn/browser loads
 * only here, when someone adds a passkey.
 */
export async function registerPasskey(): Promise<Passkey> {
  const { startRegistration } = await import('@simplewebauthn/browser');
  const optionsJSON =
    await api.post<Parameters<typeof startRegistration>[0]['optionsJSON']>('/api/me/passkeys/options');
  const attestation = await startRegistration({ optionsJSON });
  return api.post<Passkey>('/api/me/passkeys', attestation);
}

export function deletePasskey(id: string): Promise<unknown> {
  return api.delete(`/api/me/passkeys/${encodeURIComponent(id)}`);
}

/** Passkeys change both the list and GET /api/me's `mfa.passkeys`. */
function usePasskeyMutation<TVars>(
  mutationFn: (vars: TVars) => Promise<unknown>,
  { onSuccess, ...options }: MutationOptions<unknown, TVars>,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (...args) => {
      await Promise.all([
        client.invalidateQueries({ queryKey: meKeys.passkeys() }),
        client.invalidateQueries({ queryKey: meKeys.profile() }),
      ]);
      await onSuccess?.(...args);
    },
    ...options,
  });
}

export const usePasskeyRegisterMutation = (options: MutationOptions<unknown, void> = {}) =>
  usePasskeyMutation(registerPasskey, options);
export const usePasskeyDeleteMutation = (options: MutationOptions<unknown, string> = {}) =>
  usePasskeyMutation(deletePasskey, {
    meta: {
      errorToast: defineMessage({
        id: 'data.toast.failedToRemoveThePasskey',
        defaultMessage: 'Failed to remove the passkey',
      }),
    },
    ...options,
  });
