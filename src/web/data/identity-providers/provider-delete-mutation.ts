import { defineMessage } from 'react-intl';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { MutationOptions } from '../options';
import { identityProviderKeys } from './keys';

export function deleteIdentityProvider(id: string): Promise<{ deleted: true }> {
  return api.delete<{ deleted: true }>(`/api/admin/identity-providers/${encodeURIComponent(id)}`);
}

export function useProviderDeleteMutation({ onSuccess, ...options }: MutationOptions<{ deleted: true }, string> = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteIdentityProvider,
    onSuccess: async (...args) => {
      await client.invalidateQueries({ queryKey: identityProviderKeys.list() });
      await onSuccess?.(...args);
    },
    meta: {
      errorToast: defineMessage({
        id: 'data.toast.failedToDeleteIdentityProvider',
        defaultMessage: 'Failed to delete identity provider',
      }),
    },
    ...options,
  });
}
