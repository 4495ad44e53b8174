import { defineMessage } from 'react-intl';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { appRevokedSchema } from '@shared/api/me';
import { api } from '@/lib/api';
import type { MutationOptions } from '../options';
import { meKeys } from './keys';

/** Revokes the consent and every token of the app for this user. */
type AppRevoked = z.output<typeof appRevokedSchema>;

export function revokeMyApp(clientId: string): Promise<AppRevoked> {
  return api.delete<AppRevoked>(`/api/me/apps/${encodeURIComponent(clientId)}`);
}

export function useMyAppRevokeMutation({ onSuccess, ...options }: MutationOptions<AppRevoked, string> = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: revokeMyApp,
    onSuccess: async (...args) => {
      await Promise.all([
        client.invalidateQueries({ queryKey: meKeys.apps() }),
        client.invalidateQueries({ queryKey: meKeys.sessions() }),
      ]);
      await onSuccess?.(...args);
    },
    meta: {
      errorToast: defineMessage({
        id: 'data.toast.failedToRevokeTheApp',
        defaultMessage: 'Failed to revoke the app',
      }),
    },
    ...options,
  });
}
