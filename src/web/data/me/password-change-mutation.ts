import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { MePasswordBody, passwordChangedSchema } from '@shared/api/me';
import { api } from '@/lib/api';
import type { MutationOptions } from '../options';
import { authKeys } from '../auth/keys';
import { meKeys } from './keys';

export type PasswordChangeInput = MePasswordBody;
type PasswordChanged = z.output<typeof passwordChangedSchema>;

/**
 * Changes the password; every other session ends (so the sessions list changes too), and a
 * breached-password mark is cleared (so the session's notice goes, issue 42).
 */
export function changePassword(input: PasswordChangeInput): Promise<PasswordChanged> {
  return api.post<PasswordChanged>('/api/me/password', input);
}

export function usePasswordChangeMutation({
  onSuccess,
  ...options
}: MutationOptions<PasswordChanged, PasswordChangeInput> = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: async (...args) => {
      await Promise.all([
        client.invalidateQueries({ queryKey: meKeys.sessions() }),
        client.invalidateQueries({ queryKey: authKeys.session }),
      ]);
      await onSuccess?.(...args);
    },
    ...options,
  });
}
