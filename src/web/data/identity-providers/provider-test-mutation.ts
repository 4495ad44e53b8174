import { defineMessage } from 'react-intl';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConnectionTestResult } from '@shared/api/federation';
import { api } from '@/lib/api';
import type { MutationOptions } from '../options';
import { identityProviderKeys } from './keys';

/** POST …/:id/test: each step the hub tried (discovery or metadata, keys, a dry authorization request). */
export function testIdentityProvider(id: string): Promise<ConnectionTestResult> {
  return api.post<ConnectionTestResult>(`/api/admin/identity-providers/${encodeURIComponent(id)}/test`);
}

/** The test, then the list again: the row's last success or last error changed with it. */
export function useProviderTestMutation({ onSuccess, ...options }: MutationOptions<ConnectionTestResult, string> = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: testIdentityProvider,
    onSuccess: async (...args) => {
      await client.invalidateQueries({ queryKey: identityProviderKeys.list() });
      await onSuccess?.(...args);
    },
    meta: {
      errorToast: defineMessage({
        id: 'data.toast.failedToTestIdentityProvider',
        defaultMessage: 'Failed to test identity provider',
      }),
    },
    ...options,
  });
}
