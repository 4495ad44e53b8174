import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { acceptedSchema } from '@shared/api/auth';
import { api } from '@/lib/api';
import type { MutationOptions } from '../options';

/** One more verification mail; a second ask within 60 s answers 429 with Retry-After. */
type Accepted = z.output<typeof acceptedSchema>;

export function resendVerification(): Promise<Accepted> {
  return api.post<Accepted>('/api/auth/verify-email/resend');
}

export function useVerificationResendMutation(options: MutationOptions<Accepted, void> = {}) {
  return useMutation({ mutationFn: resendVerification, ...options });
}
