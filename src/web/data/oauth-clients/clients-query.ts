import { defineMessage } from 'react-intl';
import { useQuery } from '@tanstack/react-query';
import type { ClientView } from '@shared/api/oauth-clients';
import { api } from '@/lib/api';
import type { QueryOptions } from '../options';
import { oauthKeys } from './keys';

/** A client as the admin API shows it: a preview of the secret, never the secret. */
export type OAuthClient = ClientView;

export function getClients(signal?: AbortSignal): Promise<OAuthClient[]> {
  return api.get<{ clients: OAuthClient[] }>('/api/admin/oauth-clients', signal).then((r) => r.clients);
}

/** Every registered client, newest first (spec §7). */
export function useClientsQuery<T = OAuthClient[]>(options: QueryOptions<OAuthClient[], T> = {}) {
  return useQuery({
    queryKey: oauthKeys.clients(),
    queryFn: ({ signal }) => getClients(signal),
    meta: {
      errorToast: defineMessage({
        id: 'data.toast.failedToFetchOAuthClients',
        defaultMessage: 'Failed to fetch OAuth clients',
      }),
    },
    ...options,
  });
}
