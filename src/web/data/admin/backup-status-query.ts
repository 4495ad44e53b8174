import { defineMessage } from 'react-intl';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { backupStatusSchema } from '@shared/admin-api';
import { api } from '@/lib/api';
import type { QueryOptions } from '../options';
import { adminKeys } from './keys';

export type BackupStatus = z.output<typeof backupStatusSchema>;

export function getBackupStatus(signal?: AbortSignal): Promise<BackupStatus> {
  return api.get<BackupStatus>('/api/admin/backup', signal);
}

export function useBackupStatusQuery<T = BackupStatus>(options: QueryOptions<BackupStatus, T> = {}) {
  return useQuery({
    queryKey: adminKeys.backup(),
    queryFn: ({ signal }) => getBackupStatus(signal),
    meta: {
      errorToast: defineMessage({
        id: 'data.toast.failedToLoadAdminDataSecurely',
        defaultMessage: 'Failed to load admin data securely',
      }),
    },
    ...options,
  });
}
