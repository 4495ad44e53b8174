import { useQuery } from '@tanstack/react-query';
import type { PendingDeviceList } from '@shared/api/device';
import { api } from '@/lib/api';
import type { QueryOptions } from '../options';

export type PendingDevice = PendingDeviceList['device_authorizations'][number];

/** GET /api/admin/device-authorizations: device sign-ins waiting for their person (issue 42). */
export function usePendingDevicesQuery(options: QueryOptions<PendingDevice[]> = {}) {
  return useQuery({
    queryKey: ['admin', 'device-authorizations'],
    queryFn: ({ signal }) =>
      api.get<PendingDeviceList>('/api/admin/device-authorizations', signal).then((r) => r.device_authorizations),
    ...options,
  });
}
