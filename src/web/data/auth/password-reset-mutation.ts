import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { passwordResetSchema, resetPasswordBodySchema } from '@shared/api/auth';
import { api } from '@/lib/api';
import type { MutationOptions } from '../options';

export type PasswordResetInput = z.input<typeof resetPasswordBodySchema>;
type PasswordReset = z.output<typeof passwordResetSchema>;

/** Sets a new password with the mailed single-use token; every session of the user ends. */
export function resetPassword(input: PasswordResetInput): Promise<PasswordReset> {
  return api.post<PasswordReset>('/api/auth/password/reset', input);
}

export function usePasswordResetMutation(options: MutationOptions<PasswordReset, PasswordResetInput> = {}) {
  return useMutation({ mutationFn: resetPassword, ...options });
}
