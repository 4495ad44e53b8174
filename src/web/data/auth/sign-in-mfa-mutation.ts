import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SessionState } from './session-query';
import type { SignInMfaBody } from '@shared/api/mfa';
import { api } from '@/lib/api';
import type { MutationOptions } from '../options';
import { authKeys } from './keys';

/** The second step of a sign-in: a code from the authenticator app, one recovery code, or a passkey. */
export type SignInMfaInput = Exclude<SignInMfaBody, { type: 'public-key' }> | 'passkey';

export async function signInMfa(input: SignInMfaInput): Promise<SessionState> {
  if (input !== 'passkey') return api.post<SessionState>('/api/auth/sign-in/mfa', input);
  // The pending sign-in's cookie reaches the passkey options too; the assertion completes it.
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const optionsJSON = await api.post<Parameters<typeof startAuthentication>[0]['optionsJSON']>(
    '/api/auth/passkey/options',
  );
  return api.post<SessionState>('/api/auth/sign-in/mfa', await startAuthentication({ optionsJSON }));
}

export function useSignInMfaMutation({ onSuccess, ...options }: MutationOptions<SessionState, SignInMfaInput> = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: signInMfa,
    onSuccess: async (state, ...rest) => {
      client.setQueryData(authKeys.session, state);
      await onSuccess?.(state, ...rest);
    },
    ...options,
  });
}
