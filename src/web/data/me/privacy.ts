import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeletionStatus, PersonalDataExport } from '@shared/api/privacy';
import { api } from '@/lib/api';
import type { MutationOptions, QueryOptions } from '../options';

export type { DeletionStatus };

/** Under meKeys.all (['me', …]): sign-out removes it with the rest of the person's data. */
const deletionKey = ['me', 'deletion'] as const;

export function getDeletion(signal?: AbortSignal): Promise<DeletionStatus> {
  return api.get<DeletionStatus>('/api/me/deletion', signal);
}

/** Whether the signed-in account's erasure is scheduled, and when. */
export function useDeletionQuery<T = DeletionStatus>(options: QueryOptions<DeletionStatus, T> = {}) {
  return useQuery({
    queryKey: deletionKey,
    queryFn: ({ signal }) => getDeletion(signal),
    ...options,
  });
}

/** POST /api/me/deletion with the typed confirmation (the step-up dialog opens when the server asks). */
export function useRequestDeletionMutation(options: MutationOptions<DeletionStatus, string> = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (confirmation: string) => api.post<DeletionStatus>('/api/me/deletion', { confirmation }),
    ...options,
    onSuccess: async (...args) => {
      client.setQueryData(deletionKey, args[0]);
      await options.onSuccess?.(...args);
    },
  });
}

export function useCancelDeletionMutation(options: MutationOptions<DeletionStatus, void> = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<DeletionStatus>('/api/me/deletion'),
    ...options,
    onSuccess: async (...args) => {
      client.setQueryData(deletionKey, args[0]);
      await options.onSuccess?.(...args);
    },
  });
}

/** GET /api/me/export, saved by the browser as a JSON file. */
export async function downloadMyData(): Promise<void> {
  const data = await api.get<PersonalDataExport>('/api/me/export');
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'ecosystem-hub-personal-data.json';
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
