import { defineMessage } from 'react-intl';
import { useQuery } from '@tanstack/react-query';
import type { Me } from '@shared/api/me';
import { api } from '@/lib/api';
import type { QueryOptions } from '../options';
import { meKeys } from './keys';

export type { Me };

export function getMe(signal?: AbortSignal): Promise<Me> {
  return api.get<Me>('/api/me', signal);
}

/** GET /api/me: the signed-in user's profile and second factors. */
export function useMeQuery<T = Me>(options: QueryOptions<Me, T> = {}) {
  return useQuery({
    queryKey: meKeys.profile(),
    queryFn: ({ signal }) => getMe(signal),
    meta: {
      errorToast: defineMessage({
        id: 'data.toast.failedToLoadYourAccount',
        defaultMessage: 'Failed to load your account',
      }),
    },
    ...options,
  });
}
