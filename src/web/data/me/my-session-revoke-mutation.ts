import { defineMessage } from 'react-intl';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { MutationOptions } from '../options';
import { meKeys } from './keys';

export function revokeMySession(id: string): Promise<{ revoked: boolean }> {
  return api.post<{ revoked: boolean }>(`/api/me/sessions/${id}/revoke`);
}

export function useMySessionRevokeMutation({
  onSuccess,
  ...options
}: MutationOptions<{ revoked: boolean }, string> = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: revokeMySession,
    onSuccess: async (...args) => {
      await client.invalidateQueries({ queryKey: meKeys.sessions() });
      await onSuccess?.(...args);
    },
    meta: {
      errorToast: defineMessage({
        id: 'data.toast.failedToRevokeSession',
        defaultMessage: 'Failed to revoke session',
      }),
    },
    ...options,
  });
}
