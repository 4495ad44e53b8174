import { defineMessage } from 'react-intl';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { MutationOptions } from '../options';
import { adminKeys } from './keys';
import type { AdminUser } from './users-query';

/** The edit dialog's fields (spec §2); an empty full name is stored as null. */
export interface UserPatch {
  email: string;
  full_name: string;
  organization: string;
  department: string;
  is_active: boolean;
}
export interface UserUpdateVars {
  id: string;
  patch: UserPatch;
}

export function updateUser({ id, patch }: UserUpdateVars): Promise<AdminUser> {
  return api.patch<AdminUser>(`/api/admin/users/${id}`, patch);
}

export function useUserUpdateMutation({ onSuccess, ...options }: MutationOptions<AdminUser, UserUpdateVars> = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: async (...args) => {
      await client.invalidateQueries({ queryKey: adminKeys.all });
      await onSuccess?.(...args);
    },
    meta: {
      errorToast: defineMessage({
        id: 'data.toast.failedToUpdateUser',
        defaultMessage: 'Failed to update user',
      }),
    },
    ...options,
  });
}
