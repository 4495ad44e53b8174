import { defineMessage } from 'react-intl';
import { useQuery } from '@tanstack/react-query';
import type { DomainView } from '@shared/api/orgs';
import { api } from '@/lib/api';
import type { QueryOptions } from '../options';
import { orgKeys, orgPath, type OrgMode } from './keys';

export type OrgDomain = DomainView;

export function getDomains(mode: OrgMode, id: string, signal?: AbortSignal): Promise<OrgDomain[]> {
  return api.get<{ domains: OrgDomain[] }>(orgPath(mode, id, '/domains'), signal).then((r) => r.domains);
}

/** The email domains an organization claims, each with the TXT record that proves it. */
export function useDomainsQuery<T = OrgDomain[]>(
  { mode, id }: { mode: OrgMode; id: string },
  options: QueryOptions<OrgDomain[], T> = {},
) {
  return useQuery({
    queryKey: orgKeys.domains(mode, id),
    queryFn: ({ signal }) => getDomains(mode, id, signal),
    meta: {
      errorToast: defineMessage({
        id: 'data.toast.failedToLoadDomains',
        defaultMessage: 'Failed to load domains',
      }),
    },
    ...options,
  });
}
