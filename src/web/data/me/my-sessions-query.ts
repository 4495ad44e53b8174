import { defineMessage } from 'react-intl';
import { useQuery } from '@tanstack/react-query';
import type { MySession } from '@shared/api/me';
import { api } from '@/lib/api';
import type { QueryOptions } from '../options';
import { meKeys } from './keys';

export type { MySession };

export function getMySessions(signal?: AbortSignal): Promise<MySession[]> {
  return api.get<{ sessions: MySession[] }>('/api/me/sessions', signal).then((r) => r.sessions);
}

/** Every live session of the signed-in user, this browser's marked. */
export function useMySessionsQuery<T = MySession[]>(options: QueryOptions<MySession[], T> = {}) {
  return useQuery({
    queryKey: meKeys.sessions(),
    queryFn: ({ signal }) => getMySessions(signal),
    meta: {
      errorToast: defineMessage({
        id: 'data.toast.failedToFetchAuthenticationSessions',
        defaultMessage: 'Failed to fetch authentication sessions',
      }),
    },
    ...options,
  });
}
