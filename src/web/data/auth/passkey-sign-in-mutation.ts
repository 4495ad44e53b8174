import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SessionState } from './session-query';
import { api } from '@/lib/api';
import type { MutationOptions } from '../options';
import { authKeys } from './keys';

/**
 * Sign-in with a passkey (discoverable credential, user verification required, so it counts as
 * both factors): the server's options go to the browser's authenticator as they are, and its
 * answer goes back as it is. @simplewebauthn/browser loads only when someone uses a passkey.
 */
export async function signInWithPasskey(): Promise<SessionState> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const optionsJSON = await api.post<Parameters<typeof startAuthentication>[0]['optionsJSON']>(
    '/api/auth/passkey/options',
  );
  const assertion = await startAuthentication({ optionsJSON });
  return api.post<SessionState>('/api/auth/passkey', assertion);
}

export function usePasskeySignInMutation({ onSuccess, ...options }: MutationOptions<SessionState, void> = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: signInWithPasskey,
    onSuccess: async (state, ...rest) => {
      client.setQueryData(authKeys.session, state);
      await onSuccess?.(state, ...rest);
    },
    ...options,
  });
}
