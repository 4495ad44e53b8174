import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { orgDeletionImpactSchema } from '@shared/api/orgs';
import { api } from '@/lib/api';
import { orgKeys, orgPath, type OrgMode } from './keys';

export type OrgDeletionImpact = z.output<typeof orgDeletionImpactSchema>;

/** What deleting the organization ends (members, pending invitations, domains): its confirmation's counts. */
export function useOrgDeletionImpactQuery({ mode, id }: { mode: OrgMode; id: string }) {
  return useQuery({
    queryKey: [...orgKeys.org(mode, id), 'deletion-impact'],
    queryFn: ({ signal }) => api.get<OrgDeletionImpact>(orgPath(mode, id, '/deletion-impact'), signal),
    staleTime: 0,
  });
}
