import { useQuery } from '@tanstack/react-query';
import type { ScimOverview } from '@shared/api/scim';
import { api } from '@/lib/api';
import type { QueryOptions } from '../options';
import { orgKeys, orgPath, type OrgMode } from './keys';

export type { ScimOverview };

export function getScimOverview(mode: OrgMode, id: string, signal?: AbortSignal): Promise<ScimOverview> {
  return api.get<ScimOverview>(orgPath(mode, id, '/scim'), signal);
}

/** The SCIM base URL, the organization's SCIM tokens (never their secret) and the last provisioning calls. */
export function useScimQuery<T = ScimOverview>(
  { mode, id }: { mode: OrgMode; id: string },
  options: QueryOptions<ScimOverview, T> = {},
) {
  return useQuery({
    queryKey: orgKeys.scim(mode, id),
    queryFn: ({ signal }) => getScimOverview(mode, id, signal),
    ...options,
  });
}
