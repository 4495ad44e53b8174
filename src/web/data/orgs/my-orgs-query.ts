import { defineMessage } from 'react-intl';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { myOrgListSchema, myOrgListItemSchema } from '@shared/api/orgs';
import { api } from '@/lib/api';
import type { QueryOptions } from '../options';
import { orgKeys } from './keys';

export type MyOrg = z.output<typeof myOrgListItemSchema>;

export function getMyOrgs(signal?: AbortSignal): Promise<MyOrg[]> {
  return api.get<z.output<typeof myOrgListSchema>>('/api/me/orgs', signal).then((r) => r.organizations);
}

/** GET /api/me/orgs: the organizations the user belongs to, with their roles in each. */
export function useMyOrgsQuery<T = MyOrg[]>(options: QueryOptions<MyOrg[], T> = {}) {
  return useQuery({
    queryKey: orgKeys.mine(),
    queryFn: ({ signal }) => getMyOrgs(signal),
    meta: {
      errorToast: defineMessage({
        id: 'data.toast.failedToLoadYourOrganizations',
        defaultMessage: 'Failed to load your organizations',
      }),
    },
    ...options,
  });
}
