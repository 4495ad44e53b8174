import { defineMessage } from 'react-intl';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { appSafeSchema } from '@shared/admin-api';
import { api } from '@/lib/api';
import type { QueryOptions } from '../options';
import { adminKeys } from './keys';

/** A registered application seen through the safe projection (get_app_info_safe): marks, never values. */
export type AppSafe = z.output<typeof appSafeSchema>;

export function getApps(signal?: AbortSignal): Promise<AppSafe[]> {
  return api.get<{ apps: AppSafe[] }>('/api/admin/apps', signal).then((r) => r.apps);
}

export function useAppsQuery<T = AppSafe[]>(options: QueryOptions<AppSafe[], T> = {}) {
  return useQuery({
    queryKey: adminKeys.apps(),
    queryFn: ({ signal }) => getApps(signal),
    meta: {
      errorToast: defineMessage({
        id: 'data.toast.failedToLoadAdminDataSecurely',
        defaultMessage: 'Failed to load admin data securely',
      }),
    },
    ...options,
  });
}
