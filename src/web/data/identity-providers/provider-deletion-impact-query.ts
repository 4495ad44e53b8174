import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { providerDeletionImpactSchema } from '@shared/api/federation';
import { api } from '@/lib/api';
import { identityProviderKeys } from './keys';

export type ProviderDeletionImpact = z.output<typeof providerDeletionImpactSchema>;

/** What deleting a provider ends (its identities, the accounts it is the only way into): the confirmation's counts. */
export function useProviderDeletionImpactQuery(id: string) {
  return useQuery({
    queryKey: [...identityProviderKeys.list(), id, 'deletion-impact'],
    queryFn: ({ signal }) =>
      api.get<ProviderDeletionImpact>(`/api/admin/identity-providers/${encodeURIComponent(id)}/deletion-impact`, signal),
    staleTime: 0,
  });
}
