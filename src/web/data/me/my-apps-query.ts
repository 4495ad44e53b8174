import { defineMessage } from 'react-intl';
import { useQuery } from '@tanstack/react-query';
import type { ConnectedApp } from '@shared/api/me';
import { api } from '@/lib/api';
import type { QueryOptions } from '../options';
import { meKeys } from './keys';

export type { ConnectedApp };

export function getMyApps(signal?: AbortSignal): Promise<ConnectedApp[]> {
  return api.get<{ apps: ConnectedApp[] }>('/api/me/apps', signal).then((r) => r.apps);
}

/** GET /api/me/apps: apps the user consented to, and apps with a live session. */
export function useMyAppsQuery<T = ConnectedApp[]>(options: QueryOptions<ConnectedApp[], T> = {}) {
  return useQuery({
    queryKey: meKeys.apps(),
    queryFn: ({ signal }) => getMyApps(signal),
    meta: {
      errorToast: defineMessage({
        id: 'data.toast.failedToLoadYourConnectedApps',
        defaultMessage: 'Failed to load your connected apps',
      }),
    },
    ...options,
  });
}
