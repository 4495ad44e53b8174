import { defineMessage } from 'react-intl';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { mfaResetSchema } from '@shared/api/mfa';
import { api } from '@/lib/api';
import type { MutationOptions } from '../options';
import { adminKeys } from './keys';

type MfaReset = z.output<typeof mfaResetSchema>;

/** A super_admin removes a user's second factors (audited; the user's sessions end). */
export function resetUserMfa(userId: string): Promise<MfaReset> {
  return api.post<MfaReset>(`/api/admin/users/${userId}/mfa/reset`);
}

export function useUserMfaResetMutation({ onSuccess, ...options }: MutationOptions<MfaReset, string> = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: resetUserMfa,
    onSuccess: async (...args) => {
      await client.invalidateQueries({ queryKey: adminKeys.usersAll() });
      await onSuccess?.(...args);
    },
    meta: { errorToast: defineMessage({ id: 'data.toast.failedToResetMFA', defaultMessage: 'Failed to reset MFA' }) },
    ...options,
  });
}
