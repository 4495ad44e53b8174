import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { acceptedSchema } from '@shared/api/auth';
import { api } from '@/lib/api';
import type { MutationOptions } from '../options';

/** Always 202 whether or not the account exists (no enumeration); 429 beyond the per-IP limit. */
type Accepted = z.output<typeof acceptedSchema>;

export function requestPasswordReset(email: string): Promise<Accepted> {
  return api.post<Accepted>('/api/auth/password/forgot', { email });
}

export function usePasswordForgotMutation(options: MutationOptions<Accepted, string> = {}) {
  return useMutation({ mutationFn: requestPasswordReset, ...options });
}
