import { defineMessage } from 'react-intl';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { adminUserSchema, userListSchema } from '@shared/admin-api';
import { api } from '@/lib/api';
import type { InfiniteQueryOptions } from '../options';
import { adminKeys } from './keys';

export type AdminUser = z.output<typeof adminUserSchema>;
export type UserPage = z.output<typeof userListSchema>;

export const USERS_PAGE_SIZE = 25;

export function getUserPage(q: string, cursor: string | null, signal?: AbortSignal): Promise<UserPage> {
  const params = new URLSearchParams({ limit: String(USERS_PAGE_SIZE) });
  if (q) params.set('q', q);
  if (cursor) params.set('cursor', cursor);
  return api.get<UserPage>(`/api/admin/users?${params}`, signal);
}

/** Server-side search and cursor pagination: one page at a time, "Load more" fetches the next. */
export function useUsersQuery({ q }: { q: string }, options: InfiniteQueryOptions<UserPage> = {}) {
  return useInfiniteQuery({
    queryKey: adminKeys.users(q),
    queryFn: ({ pageParam, signal }) => getUserPage(q, pageParam as string | null, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    // A new search keeps the current rows on screen until its answer arrives.
    placeholderData: keepPreviousData,
    meta: { errorToast: defineMessage({ id: 'data.toast.failedToLoadUsers', defaultMessage: 'Failed to load users' }) },
    ...options,
  });
}
