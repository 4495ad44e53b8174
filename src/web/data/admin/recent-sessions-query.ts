import { defineMessage } from 'react-intl';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { sessionSafeSchema } from '@shared/admin-api';
import { api } from '@/lib/api';
import type { QueryOptions } from '../options';
import { adminKeys } from './keys';

export type SessionSafe = z.output<typeof sessionSafeSchema>;

/** The spec's "last five sessions" (get_session_info_safe). */
export function getRecentSessions(signal?: AbortSignal): Promise<SessionSafe[]> {
  return api.get<{ sessions: SessionSafe[] }>('/api/admin/sessions?limit=5', signal).then((r) => r.sessions);
}

export function useRecentSessionsQuery<T = SessionSafe[]>(options: QueryOptions<SessionSafe[], T> = {}) {
  return useQuery({
    queryKey: adminKeys.sessions(),
    queryFn: ({ signal }) => getRecentSessions(signal),
    meta: {
      errorToast: defineMessage({
        id: 'data.toast.failedToLoadAdminDataSecurely',
        defaultMessage: 'Failed to load admin data securely',
      }),
    },
    ...options,
  });
}
