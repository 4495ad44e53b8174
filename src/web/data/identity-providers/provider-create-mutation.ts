import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CreateIdentityProviderBody, identityProviderResultSchema } from '@shared/api/federation';
import { api } from '@/lib/api';
import type { MutationOptions } from '../options';
import { identityProviderKeys } from './keys';

/** The create answer carries what to register at the provider (its redirect URI). */
export type IdentityProviderResult = z.output<typeof identityProviderResultSchema>;

export function createIdentityProvider(body: CreateIdentityProviderBody): Promise<IdentityProviderResult> {
  return api.post<IdentityProviderResult>('/api/admin/identity-providers', body);
}

export function useProviderCreateMutation({
  onSuccess,
  ...options
}: MutationOptions<IdentityProviderResult, CreateIdentityProviderBody> = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createIdentityProvider,
    onSuccess: async (...args) => {
      await client.invalidateQueries({ queryKey: identityProviderKeys.list() });
      await onSuccess?.(...args);
    },
    ...options,
  });
}
