import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { signInBodySchema } from '@shared/api/auth';
import type { MfaRequired, SignInResult } from '@shared/api/mfa';
import { api } from '@/lib/api';
import type { MutationOptions } from '../options';
import { authKeys } from './keys';

export type SignInInput = z.input<typeof signInBodySchema>;

/** The password was right, and the account has a second factor: a pending sign-in, not a session. */
export type MfaChallenge = MfaRequired;
export type SignInAnswer = SignInResult;

export function isMfaChallenge(answer: SignInAnswer): answer is MfaChallenge {
  return 'mfa_required' in answer && answer.mfa_required === true;
}

export function signIn(input: SignInInput): Promise<SignInAnswer> {
  return api.post<SignInAnswer>('/api/auth/sign-in', input);
}

/** A session answer goes straight into the cache; an MFA challenge leaves the user signed out. */
export function useSignInMutation({ onSuccess, ...options }: MutationOptions<SignInAnswer, SignInInput> = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: async (answer, ...rest) => {
      if (!isMfaChallenge(answer)) client.setQueryData(authKeys.session, answer);
      await onSuccess?.(answer, ...rest);
    },
    ...options,
  });
}
