import { defineMessage } from 'react-intl';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { orgResultSchema } from '@shared/api/orgs';
import { api } from '@/lib/api';
import type { QueryOptions } from '../options';
import { orgKeys, orgPath, type OrgMode } from './keys';

/** An organization and the caller's roles in it ([] for an ecosystem admin who is not a member). */
export type OrgResult = z.output<typeof orgResultSchema>;
export type Org = OrgResult['organization'];

export function getOrg(mode: OrgMode, id: string, signal?: AbortSignal): Promise<OrgResult> {
  return api.get<OrgResult>(orgPath(mode, id), signal);
}

export function useOrgQuery<T = OrgResult>(
  { mode, id }: { mode: OrgMode; id: string },
  options: QueryOptions<OrgResult, T> = {},
) {
  return useQuery({
    queryKey: orgKeys.org(mode, id),
    queryFn: ({ signal }) => getOrg(mode, id, signal),
    meta: {
      errorToast: defineMessage({
        id: 'data.toast.failedToLoadTheOrganization',
        defaultMessage: 'Failed to load the organization',
      }),
    },
    ...options,
  });
}
