import { defineMessage } from 'react-intl';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { MutationOptions } from '../options';
import { oauthKeys } from './keys';
import type { OAuthClient } from './clients-query';

export interface ClientToggleVars {
  id: string;
  isActive: boolean;
}

export function setClientActive({ id, isActive }: ClientToggleVars): Promise<OAuthClient> {
  return api
    .patch<{ client: OAuthClient }>(`/api/admin/oauth-clients/${id}`, { is_active: isActive })
    .then((r) => r.client);
}

export function useClientToggleMutation({
  onSuccess,
  ...options
}: MutationOptions<OAuthClient, ClientToggleVars> = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setClientActive,
    onSuccess: async (...args) => {
      await client.invalidateQueries({ queryKey: oauthKeys.clients() });
      await onSuccess?.(...args);
    },
    meta: {
      errorToast: defineMessage({
        id: 'data.toast.failedToUpdateClientStatus',
        defaultMessage: 'Failed to update client status',
      }),
    },
    ...options,
  });
}
