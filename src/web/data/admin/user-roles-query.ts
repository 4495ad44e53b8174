import { defineMessage } from 'react-intl';
import { useQuery } from '@tanstack/react-query';
import type { RoleAssignment } from '@shared/api/roles';
import { api } from '@/lib/api';
import type { QueryOptions } from '../options';
import { adminKeys } from './keys';

export type { RoleAssignment };

export function getUserRoles(userId: string, signal?: AbortSignal): Promise<RoleAssignment[]> {
  return api.get<{ roles: RoleAssignment[] }>(`/api/admin/users/${userId}/roles`, signal).then((r) => r.roles);
}

/** One user's role assignments, always fresh: the roles dialog edits them. */
export function useUserRolesQuery<T = RoleAssignment[]>(
  { userId }: { userId: string },
  options: QueryOptions<RoleAssignment[], T> = {},
) {
  return useQuery({
    queryKey: adminKeys.roles(userId),
    queryFn: ({ signal }) => getUserRoles(userId, signal),
    staleTime: 0,
    meta: {
      errorToast: defineMessage({
        id: 'data.toast.failedToLoadUserRoles',
        defaultMessage: 'Failed to load user roles',
      }),
    },
    ...options,
  });
}
