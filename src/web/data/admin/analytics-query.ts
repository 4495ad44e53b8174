import { defineMessage } from 'react-intl';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { analyticsSchema } from '@shared/admin-api';
import { api } from '@/lib/api';
import type { QueryOptions } from '../options';
import { adminKeys } from './keys';

export type Analytics = z.output<typeof analyticsSchema>;

export function getAnalytics(signal?: AbortSignal): Promise<Analytics> {
  return api.get<Analytics>('/api/admin/analytics', signal);
}

export function useAnalyticsQuery<T = Analytics>(options: QueryOptions<Analytics, T> = {}) {
  return useQuery({
    queryKey: adminKeys.analytics(),
    queryFn: ({ signal }) => getAnalytics(signal),
    meta: {
      errorToast: defineMessage({
        id: 'data.toast.failedToLoadAdminDataSecurely',
        defaultMessage: 'Failed to load admin data securely',
      }),
    },
    ...options,
  });
}
