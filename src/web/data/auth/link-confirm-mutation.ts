import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { linkConfirmResultSchema } from '@shared/api/federation';
import type { ReauthenticateBody } from '@shared/api/mfa';
import { api } from '@/lib/api';
import type { MutationOptions } from '../options';

/** The password, with the authenticator code when the account has one; or 'passkey'. */
export type LinkConfirmInput = Exclude<ReauthenticateBody, { type: 'public-key' }> | 'passkey';
export type LinkConfirmed = z.output<typeof linkConfirmResultSchema>;

/**
 * POST /api/auth/sso/link/confirm: proves the local account (the same proof as step-up; a counted
 * attempt), links the waiting identity and signs in. A passkey assertion is asked for with the
 * anonymous passkey options, as at sign-in.
 */
export async function confirmLink(input: LinkConfirmInput): Promise<LinkConfirmed> {
  if (input !== 'passkey') return api.post<LinkConfirmed>('/api/auth/sso/link/confirm', input);
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const optionsJSON = await api.post<Parameters<typeof startAuthentication>[0]['optionsJSON']>(
    '/api/auth/passkey/options',
  );
  return api.post<LinkConfirmed>('/api/auth/sso/link/confirm', await startAuthentication({ optionsJSON }));
}

export function useLinkConfirmMutation(options: MutationOptions<LinkConfirmed, LinkConfirmInput> = {}) {
  return useMutation({ mutationFn: confirmLink, ...options });
}
