import { useQuery } from '@tanstack/react-query';
import type { ClientBrand } from '@shared/api/oauth-clients';
import { api } from '@/lib/api';

/**
 * GET /api/auth/client-brand: the name and display metadata of the client whose authorization
 * request sent the person to /auth (issue 39); none without a client_id, or for an unknown one.
 */
export function useClientBrandQuery(clientId: string | null) {
  return useQuery({
    queryKey: ['auth', 'client-brand', clientId],
    queryFn: ({ signal }) =>
      api.get<ClientBrand>(`/api/auth/client-brand?client_id=${encodeURIComponent(clientId!)}`, signal),
    enabled: !!clientId,
    staleTime: 5 * 60_000,
    retry: false,
  });
}
