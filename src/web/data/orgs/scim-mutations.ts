import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ScimTokenCreated } from '@shared/api/scim';
import { api } from '@/lib/api';
import type { MutationOptions } from '../options';
import { orgKeys, orgPath, type OrgMode } from './keys';

type Scope = { mode: OrgMode; orgId: string };

function useScimMutation<TData, TVars>(
  scope: Scope,
  mutationFn: (vars: TVars) => Promise<TData>,
  { onSuccess, ...options }: MutationOptions<TData, TVars>,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (...args) => {
      await client.invalidateQueries({ queryKey: orgKeys.scim(scope.mode, scope.orgId) });
      await onSuccess?.(...args);
    },
    ...options,
  });
}

/** Creates a token: the answer carries its secret, this once. */
export function useScimTokenCreateMutation(scope: Scope, options: MutationOptions<ScimTokenCreated, string> = {}) {
  return useScimMutation(
    scope,
    (name: string) => api.post<ScimTokenCreated>(orgPath(scope.mode, scope.orgId, '/scim-tokens'), { name }),
    options,
  );
}

export function useScimTokenRevokeMutation(scope: Scope, options: MutationOptions<{ deleted: true }, string> = {}) {
  return useScimMutation(
    scope,
    (tokenId: string) =>
      api.delete<{ deleted: true }>(orgPath(scope.mode, scope.orgId, `/scim-tokens/${encodeURIComponent(tokenId)}`)),
    options,
  );
}
