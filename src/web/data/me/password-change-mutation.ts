import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { MePasswordBody, passwordChangedSchema } from '@shared/api/me';
import { api } from '@/lib/api';
import type { MutationOptions } from '../options';
import { meKeys } from './keys';

export type PasswordChangeInput = MePasswordBody;
type PasswordChanged = z.output<typeof passwordChangedSchema>;

/** Changes the password; every other session ends (so the sessions list changes too). */
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
      await client.invalidateQueries({ queryKey: meKeys.sessions() });
      await onSuccess?.(...args);
    },
    ...options,
  });
}
