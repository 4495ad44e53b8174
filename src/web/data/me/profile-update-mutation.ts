import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { authKeys } from '../auth/keys';
import type { MutationOptions } from '../options';
import { meKeys } from './keys';
import type { Me, MePatchBody } from '@shared/api/me';

export type ProfilePatch = MePatchBody;

export function updateProfile(patch: ProfilePatch): Promise<Me> {
  return api.patch<Me>('/api/me', patch);
}

/** The answer is the new profile; the session's copy of the name (sidebar, banner) is re-read. */
export function useProfileUpdateMutation({ onSuccess, ...options }: MutationOptions<Me, ProfilePatch> = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async (me, ...rest) => {
      client.setQueryData(meKeys.profile(), me);
      await client.invalidateQueries({ queryKey: authKeys.session });
      await onSuccess?.(me, ...rest);
    },
    ...options,
  });
}
