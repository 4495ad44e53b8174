import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ReauthenticateBody, reauthenticatedSchema } from '@shared/api/mfa';
import { api } from '@/lib/api';
import type { MutationOptions } from '../options';

/** Step-up (ASVS V7): the password, and a code when the account has an authenticator app. */
export type ReauthenticateInput = Exclude<ReauthenticateBody, { type: 'public-key' }>;
type Reauthenticated = z.output<typeof reauthenticatedSchema>;

export function reauthenticate(input: ReauthenticateInput): Promise<Reauthenticated> {
  return api.post<Reauthenticated>('/api/auth/reauthenticate', input);
}

/** Step-up with a passkey instead (user verification makes it both factors). */
export async function reauthenticateWithPasskey(): Promise<Reauthenticated> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const optionsJSON = await api.post<Parameters<typeof startAuthentication>[0]['optionsJSON']>(
    '/api/auth/passkey/options',
  );
  const assertion = await startAuthentication({ optionsJSON });
  return api.post<Reauthenticated>('/api/auth/reauthenticate', assertion);
}

export function useReauthenticateMutation(options: MutationOptions<Reauthenticated, ReauthenticateInput | 'passkey'> = {}) {
  return useMutation({
    mutationFn: (input) => (input === 'passkey' ? reauthenticateWithPasskey() : reauthenticate(input)),
    ...options,
  });
}
