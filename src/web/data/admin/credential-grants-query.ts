import { defineMessage } from 'react-intl';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { grantSchema } from '@shared/admin-api';
import { api } from '@/lib/api';
import type { QueryOptions } from '../options';
import { adminKeys } from './keys';

export type Grant = z.output<typeof grantSchema>;

export function getCredentialGrants(signal?: AbortSignal): Promise<Grant[]> {
  return api.get<{ grants: Grant[] }>('/api/admin/credential-grants', signal).then((r) => r.grants);
}

/** The signed-in admin's live grants (the active-access card). */
export function useCredentialGrantsQuery<T = Grant[]>(options: QueryOptions<Grant[], T> = {}) {
  return useQuery({
    queryKey: adminKeys.grants(),
    queryFn: ({ signal }) => getCredentialGrants(signal),
    meta: {
      errorToast: defineMessage({
        id: 'data.toast.failedToLoadSecurityAuditData',
        defaultMessage: 'Failed to load security audit data',
      }),
    },
    ...options,
  });
}
