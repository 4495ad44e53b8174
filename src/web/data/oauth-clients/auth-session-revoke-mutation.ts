import { defineMessage } from 'react-intl';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { MutationOptions } from '../options';
import { oauthKeys } from './keys';

export function revokeAuthSession(id: string): Promise<{ revoked: boolean }> {
  return api.post<{ revoked: boolean }>(`/api/admin/auth-sessions/${id}/revoke`);
}

export function useAuthSessionRevokeMutation({
  onSuccess,
  ...options
}: MutationOptions<{ revoked: boolean }, string> = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: revokeAuthSession,
    onSuccess: async (...args) => {
      await client.invalidateQueries({ queryKey: oauthKeys.authSessions() });
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
