import { defineMessage } from 'react-intl';
import { useQuery } from '@tanstack/react-query';
import type { IdentityProviderView } from '@shared/api/federation';
import { api } from '@/lib/api';
import type { QueryOptions } from '../options';
import { identityProviderKeys } from './keys';

/** A provider as the admin API shows it: whether it has a client secret, never the secret. */
export type IdentityProvider = IdentityProviderView;

/** The list answer: the providers, and the hub's public URL their registration URLs are made of. */
export interface IdentityProviderList {
  providers: IdentityProvider[];
  public_url: string;
}

export function getIdentityProviders(signal?: AbortSignal): Promise<IdentityProviderList> {
  return api.get<IdentityProviderList>('/api/admin/identity-providers', signal);
}

const providersOf = (list: IdentityProviderList) => list.providers;

export function useIdentityProvidersQuery(
  options: Omit<QueryOptions<IdentityProviderList, IdentityProvider[]>, 'select'> = {},
) {
  return useQuery({
    queryKey: identityProviderKeys.list(),
    queryFn: ({ signal }) => getIdentityProviders(signal),
    meta: {
      errorToast: defineMessage({
        id: 'data.toast.failedToFetchIdentityProviders',
        defaultMessage: 'Failed to fetch identity providers',
      }),
    },
    select: providersOf,
    ...options,
  });
}

const publicUrlOf = (list: IdentityProviderList) => list.public_url;

/** The hub's public URL (from the same cached answer): what a new provider's registration URLs start with. */
export function useSsoPublicUrl(): string | undefined {
  return useQuery({
    queryKey: identityProviderKeys.list(),
    queryFn: ({ signal }) => getIdentityProviders(signal),
    select: publicUrlOf,
  }).data;
}
