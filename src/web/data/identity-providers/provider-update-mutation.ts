import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateIdentityProviderBody } from '@shared/api/federation';
import { api } from '@/lib/api';
import type { MutationOptions } from '../options';
import { identityProviderKeys } from './keys';
import type { IdentityProviderResult } from './provider-create-mutation';

export interface ProviderUpdateVars {
  id: string;
  body: UpdateIdentityProviderBody;
}

export function updateIdentityProvider({ id, body }: ProviderUpdateVars): Promise<IdentityProviderResult> {
  return api.patch<IdentityProviderResult>(`/api/admin/identity-providers/${encodeURIComponent(id)}`, body);
}

export function useProviderUpdateMutation({
  onSuccess,
  ...options
}: MutationOptions<IdentityProviderResult, ProviderUpdateVars> = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateIdentityProvider,
    onSuccess: async (...args) => {
      await client.invalidateQueries({ queryKey: identityProviderKeys.list() });
      await onSuccess?.(...args);
    },
    ...options,
  });
}
