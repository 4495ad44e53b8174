import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  emailSignInAcceptedSchema,
  emailSignInModesSchema,
  emailSignInRequestSchema,
} from '@shared/api/email-sign-in';
import type { SignInResult } from '@shared/api/mfa';
import { api } from '@/lib/api';
import { authKeys } from './keys';
import { isMfaChallenge } from './sign-in-mutation';

/** Issue 42: sign-in by emailed code or link (src/server/auth/email-sign-in.ts). */
type Modes = z.output<typeof emailSignInModesSchema>;
type Accepted = z.output<typeof emailSignInAcceptedSchema>;
type RequestInput = z.input<typeof emailSignInRequestSchema>;

/** GET /api/auth/email-sign-in: which ways an administrator turned on. */
export function useEmailSignInModesQuery() {
  return useQuery({
    queryKey: ['auth', 'email-sign-in'] as const,
    queryFn: ({ signal }) => api.get<Modes>('/api/auth/email-sign-in', signal),
    staleTime: 5 * 60_000,
  });
}

export function useEmailSignInRequestMutation() {
  return useMutation({ mutationFn: (input: RequestInput) => api.post<Accepted>('/api/auth/email-sign-in', input) });
}

/** A session answer goes into the cache, as the password sign-in's does; an MFA challenge does not. */
function useSignedInAnswer<I>(send: (input: I) => Promise<SignInResult>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (answer) => {
      if (!isMfaChallenge(answer)) client.setQueryData(authKeys.session, answer);
    },
  });
}

export function useEmailCodeVerifyMutation() {
  return useSignedInAnswer((input: { email: string; code: string }) =>
    api.post<SignInResult>('/api/auth/email-sign-in/verify', input),
  );
}

export function useEmailLinkMutation() {
  return useSignedInAnswer((input: { token: string; confirm_code?: string }) =>
    api.post<SignInResult>('/api/auth/email-sign-in/link', input),
  );
}
