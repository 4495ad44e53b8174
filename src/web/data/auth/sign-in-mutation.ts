import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { signInBodySchema } from '@shared/api/auth';
import type { SessionState } from './session-query';
import { api } from '@/lib/api';
import type { MutationOptions } from '../options';
import { authKeys } from './keys';

export type SignInInput = z.input<typeof signInBodySchema>;

export function signIn(input: SignInInput): Promise<SessionState> {
  return api.post<SessionState>('/api/auth/sign-in', input);
}

/** The answer is the new session state, which goes straight into the cache. */
export function useSignInMutation({ onSuccess, ...options }: MutationOptions<SessionState, SignInInput> = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: async (state, ...rest) => {
      client.setQueryData(authKeys.session, state);
      await onSuccess?.(state, ...rest);
    },
    ...options,
  });
}
