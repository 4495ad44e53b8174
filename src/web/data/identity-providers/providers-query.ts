import { useQuery } from '@tanstack/react-query';
import type { IdentityProviderView } from '@shared/api/federation';
import { api } from '@/lib/api';
import type { QueryOptions } from '../options';
import { identityProviderKeys } from './keys';

/** A provider as the admin API shows it: whether it has a client secret, never the secret. */
export type IdentityProvider = IdentityProviderView;

export function getIdentityProviders(signal?: AbortSignal): Promise<IdentityProvider[]> {
  return api
    .get<{ providers: IdentityProvider[] }>('/api/admin/identity-providers', signal)
    .then((r) => r.providers);
}

export function useIdentityProvidersQuery<T = IdentityProvider[]>(options: QueryOptions<IdentityProvider[], T> = {}) {
  return useQuery({
    queryKey: identityProviderKeys.list(),
    queryFn: ({ signal }) => getIdentityProviders(signal),
    meta: { errorToast: 'Failed to fetch identity providers' },
    ...options,
  });
}
