import { defineMessage } from 'react-intl';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { memberPageSchema, OrgMemberView } from '@shared/api/orgs';
import { api } from '@/lib/api';
import type { InfiniteQueryOptions } from '../options';
import { orgKeys, orgPath, type OrgMode } from './keys';

export type OrgMember = OrgMemberView;
export type MemberPage = z.output<typeof memberPageSchema>;

export const MEMBERS_PAGE_SIZE = 50;

export function getMemberPage(mode: OrgMode, id: string, cursor: string | null, signal?: AbortSignal) {
  const params = new URLSearchParams({ limit: String(MEMBERS_PAGE_SIZE) });
  if (cursor) params.set('cursor', cursor);
  return api.get<MemberPage>(orgPath(mode, id, `/members?${params}`), signal);
}

/** The API's cursor pages (an organization may have 10,000 members): "Load more" fetches the next. */
export function useMembersQuery(
  { mode, id }: { mode: OrgMode; id: string },
  options: InfiniteQueryOptions<MemberPage> = {},
) {
  return useInfiniteQuery({
    queryKey: orgKeys.members(mode, id),
    queryFn: ({ pageParam, signal }) => getMemberPage(mode, id, pageParam as string | null, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    meta: {
      errorToast: defineMessage({
        id: 'data.toast.failedToLoadMembers',
        defaultMessage: 'Failed to load members',
      }),
    },
    ...options,
  });
}
