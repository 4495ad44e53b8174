import { defineMessage } from 'react-intl';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { overviewSchema } from '@shared/admin-api';
import { api } from '@/lib/api';
import type { QueryOptions } from '../options';
import { adminKeys } from './keys';

export type Overview = z.output<typeof overviewSchema>;

export function getOverview(signal?: AbortSignal): Promise<Overview> {
  return api.get<Overview>('/api/admin/overview', signal);
}

/** The Overview tab's cards and tiles (server-sourced events only). */
export function useOverviewQuery<T = Overview>(options: QueryOptions<Overview, T> = {}) {
  return useQuery({
    queryKey: adminKeys.overview(),
    queryFn: ({ signal }) => getOverview(signal),
    meta: {
      errorToast: defineMessage({
        id: 'data.toast.failedToLoadAdminDataSecurely',
        defaultMessage: 'Failed to load admin data securely',
      }),
    },
    ...options,
  });
}
