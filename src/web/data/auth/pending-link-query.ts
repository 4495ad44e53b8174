import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { pendingLinkSchema } from '@shared/api/federation';
import { api } from '@/lib/api';
import type { QueryOptions } from '../options';
import { authKeys } from './keys';

/** What waits to be linked: the provider, the account's (upstream) email, until when. */
export type PendingLink = z.output<typeof pendingLinkSchema>;

export function getPendingLink(signal?: AbortSignal): Promise<PendingLink> {
  return api.get<PendingLink>('/api/auth/sso/link', signal);
}

/**
 * GET /api/auth/sso/link: the identity this browser's detour left waiting (its cookie names it).
 * 400 `invalid_token` when it expired or was used: the screen says so, no toast; not retried.
 */
export function usePendingLinkQuery<T = PendingLink>(options: QueryOptions<PendingLink, T> = {}) {
  return useQuery({
    queryKey: authKeys.pendingLink,
    queryFn: ({ signal }) => getPendingLink(signal),
    retry: false,
    staleTime: Infinity,
    ...options,
  });
}
