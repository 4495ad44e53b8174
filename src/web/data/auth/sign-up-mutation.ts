import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { signUpBodySchema, signUpResultSchema } from '@shared/api/auth';
import type { SessionState } from './session-query';
import { api } from '@/lib/api';
import type { MutationOptions } from '../options';
import { authKeys } from './keys';

export type SignUpInput = z.input<typeof signUpBodySchema>;
type SignUpResult = z.output<typeof signUpResultSchema>;

export function signUp(input: SignUpInput): Promise<SignUpResult> {
  return api.post<SignUpResult>('/api/auth/sign-up', input);
}

/** A new account is signed in at once: its session state goes into the cache. */
export function useSignUpMutation({ onSuccess, ...options }: MutationOptions<SignUpResult, SignUpInput> = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: signUp,
    onSuccess: async (result, ...rest) => {
      const { user, session, is_ecosystem_admin } = result;
      client.setQueryData<SessionState>(authKeys.session, { user, session, is_ecosystem_admin });
      await onSuccess?.(result, ...rest);
    },
    ...options,
  });
}
