import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { clientDeactivationImpactSchema } from '@shared/api/oauth-clients';
import { api } from '@/lib/api';
import { oauthKeys } from './keys';

export type ClientDeactivationImpact = z.output<typeof clientDeactivationImpactSchema>;

/** Who is signed in to a client now: the deactivation confirmation's count. */
export function useClientDeactivationImpactQuery(id: string) {
  return useQuery({
    queryKey: [...oauthKeys.clients(), id, 'deactivation-impact'],
    queryFn: ({ signal }) =>
      api.get<ClientDeactivationImpact>(`/api/admin/oauth-clients/${encodeURIComponent(id)}/deactivation-impact`, signal),
    staleTime: 0,
  });
}
