import { defineMessage } from 'react-intl';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { MutationOptions } from '../options';
import { adminKeys } from './keys';
import type { RoleAssignment } from './user-roles-query';

export interface UserRolesVars {
  userId: string;
  /** The desired set of active roles. */
  roles: string[];
}

export function setUserRoles({ userId, roles }: UserRolesVars): Promise<RoleAssignment[]> {
  return api.put<{ roles: RoleAssignment[] }>(`/api/admin/users/${userId}/roles`, { roles }).then((r) => r.roles);
}

export function useUserRolesMutation({ onSuccess, ...options }: MutationOptions<RoleAssignment[], UserRolesVars> = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setUserRoles,
    onSuccess: async (data, vars, ...rest) => {
      await Promise.all([
        client.invalidateQueries({ queryKey: adminKeys.roles(vars.userId) }),
        client.invalidateQueries({ queryKey: adminKeys.usersAll() }),
        client.invalidateQueries({ queryKey: adminKeys.overview() }),
      ]);
      await onSuccess?.(data, vars, ...rest);
    },
    meta: {
      errorToast: defineMessage({
        id: 'data.toast.failedToUpdateUserRoles',
        defaultMessage: 'Failed to update user roles',
      }),
    },
    ...options,
  });
}
