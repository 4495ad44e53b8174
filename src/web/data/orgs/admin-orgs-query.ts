import { defineMessage } from 'react-intl';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { adminOrgListSchema } from '@shared/api/orgs';
import { api } from '@/lib/api';
import type { InfiniteQueryOptions } from '../options';
import { orgKeys } from './keys';

export type AdminOrgPage = z.output<typeof adminOrgListSchema>;

export const ADMIN_ORGS_PAGE_SIZE = 25;

export function getAdminOrgPage(q: string, cursor: string | null, signal?: AbortSignal): Promise<AdminOrgPage> {
  const params = new URLSearchParams({ limit: String(ADMIN_ORGS_PAGE_SIZE) });
  if (q) params.set('q', q);
  if (cursor) params.set('cursor', cursor);
  return api.get<AdminOrgPage>(`/api/admin/orgs?${params}`, signal);
}

/** Every organization (ecosystem admins), searched on the server by name or slug, a page at a time. */
export function useAdminOrgsQuery({ q }: { q: string }, options: InfiniteQueryOptions<AdminOrgPage> = {}) {
  return useInfiniteQuery({
    queryKey: orgKeys.adminList(q),
    queryFn: ({ pageParam, signal }) => getAdminOrgPage(q, pageParam as string | null, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    placeholderData: keepPreviousData,
    meta: {
      errorToast: defineMessage({
        id: 'data.toast.failedToLoadOrganizations',
        defaultMessage: 'Failed to load organizations',
      }),
    },
    ...options,
  });
}
