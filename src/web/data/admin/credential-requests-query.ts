import { defineMessage } from 'react-intl';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { credentialRequestSchema } from '@shared/admin-api';
import { api } from '@/lib/api';
import type { QueryOptions } from '../options';
import { adminKeys } from './keys';

export type CredentialRequest = z.output<typeof credentialRequestSchema>;
export type RequestScope = 'mine' | 'pending';

export function getCredentialRequests(scope: RequestScope, signal?: AbortSignal): Promise<CredentialRequest[]> {
  return api
    .get<{ requests: CredentialRequest[] }>(`/api/admin/credential-requests?scope=${scope}`, signal)
    .then((r) => r.requests);
}

/** `mine`: the caller's own requests, newest first; `pending`: the approval queue. */
export function useCredentialRequestsQuery<T = CredentialRequest[]>(
  { scope }: { scope: RequestScope },
  options: QueryOptions<CredentialRequest[], T> = {},
) {
  return useQuery({
    queryKey: adminKeys.requests(scope),
    queryFn: ({ signal }) => getCredentialRequests(scope, signal),
    meta: {
      errorToast:
        scope === 'pending'
          ? defineMessage({
              id: 'data.toast.failedToLoadSecurityAuditData',
              defaultMessage: 'Failed to load security audit data',
            })
          : defineMessage({
              id: 'data.toast.failedToLoadAdminDataSecurely',
              defaultMessage: 'Failed to load admin data securely',
            }),
    },
    ...options,
  });
}
