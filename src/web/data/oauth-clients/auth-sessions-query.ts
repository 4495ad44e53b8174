import { defineMessage } from 'react-intl';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { authSessionSchema } from '@shared/admin-api';
import { api } from '@/lib/api';
import type { QueryOptions } from '../options';
import { oauthKeys } from './keys';

/** One session as /api/admin/auth-sessions answers it. */
export type AuthSession = z.output<typeof authSessionSchema>;

export function getAuthSessions(signal?: AbortSignal): Promise<AuthSession[]> {
  return api.get<{ sessions: AuthSession[] }>('/api/admin/auth-sessions?active=true', signal).then((r) => r.sessions);
}

/** Live sessions, most recently used first (spec §7). */
export function useAuthSessionsQuery<T = AuthSession[]>(options: QueryOptions<AuthSession[], T> = {}) {
  return useQuery({
    queryKey: oauthKeys.authSessions(),
    queryFn: ({ signal }) => getAuthSessions(signal),
    meta: {
      errorToast: defineMessage({
        id: 'data.toast.failedToFetchAuthenticationSessions',
        defaultMessage: 'Failed to fetch authentication sessions',
      }),
    },
    ...options,
  });
}
