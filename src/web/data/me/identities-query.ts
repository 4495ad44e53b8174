import { defineMessage } from 'react-intl';
import { useQuery } from '@tanstack/react-query';
import type { MyIdentity } from '@shared/api/federation';
import { api } from '@/lib/api';
import type { QueryOptions } from '../options';
import { meKeys } from './keys';

export type { MyIdentity };

export function getMyIdentities(signal?: AbortSignal): Promise<MyIdentity[]> {
  return api.get<{ identities: MyIdentity[] }>('/api/me/identities', signal).then((r) => r.identities);
}

/** GET /api/me/identities: the upstream identities linked to the signed-in account. */
export function useMyIdentitiesQuery<T = MyIdentity[]>(options: QueryOptions<MyIdentity[], T> = {}) {
  return useQuery({
    queryKey: meKeys.identities(),
    queryFn: ({ signal }) => getMyIdentities(signal),
    meta: {
      errorToast: defineMessage({
        id: 'data.toast.failedToLoadYourLinkedSigninMethods',
        defaultMessage: 'Failed to load your linked sign-in methods',
      }),
    },
    ...options,
  });
}
