import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CleanupCounts, cleanupResultSchema } from '@shared/api/setup';
import { api } from '@/lib/api';
import { authKeys } from '../auth/keys';
import type { MutationOptions } from '../options';

type CleanupResult = z.output<typeof cleanupResultSchema>;
export type Cleared = CleanupCounts;

export function cleanupAllUsers(confirmationKey: string): Promise<Cleared> {
  return api.post<CleanupResult>('/api/setup/cleanup', { confirmation_key: confirmationKey }).then((r) => r.cleared);
}

export function useCleanupMutation({ onSuccess, ...options }: MutationOptions<Cleared, string> = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: cleanupAllUsers,
    onSuccess: async (...args) => {
      // The wipe ends every session, the caller's included: re-read the signed-in state.
      await client.invalidateQueries({ queryKey: authKeys.session });
      await onSuccess?.(...args);
    },
    ...options,
  });
}
