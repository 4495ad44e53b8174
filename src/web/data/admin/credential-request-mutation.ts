import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CredentialRequestInput } from '@shared/admin-api';
import type { credentialRequestResultSchema } from '@shared/admin-api';
import { api } from '@/lib/api';
import type { MutationOptions } from '../options';
import { adminKeys } from './keys';

export type { CredentialRequestInput };
export type CredentialType = CredentialRequestInput['credential_type'];
export type CredentialRequestResult = z.output<typeof credentialRequestResultSchema>;

export function requestCredentialAccess(input: CredentialRequestInput): Promise<CredentialRequestResult> {
  return api.post<CredentialRequestResult>('/api/admin/credential-requests', input);
}

/** Requests, grants and the overview's pending count all change with one request or decision. */
export function refreshCredentialViews(client: QueryClient) {
  return Promise.all([
    client.invalidateQueries({ queryKey: adminKeys.requestsAll() }),
    client.invalidateQueries({ queryKey: adminKeys.grants() }),
    client.invalidateQueries({ queryKey: adminKeys.overview() }),
  ]);
}

/** Both request forms use it; each names its own spec toast through `meta`. */
export function useCredentialRequestMutation({
  onSuccess,
  ...options
}: MutationOptions<CredentialRequestResult, CredentialRequestInput> = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: requestCredentialAccess,
    onSuccess: async (...args) => {
      await refreshCredentialViews(client);
      await onSuccess?.(...args);
    },
    ...options,
  });
}
