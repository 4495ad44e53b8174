import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { emailConfirmedSchema } from '@shared/api/me';
import { api } from '@/lib/api';
import { authKeys } from '../auth/keys';
import type { MutationOptions } from '../options';
import { meKeys } from './keys';

type EmailConfirmed = z.output<typeof emailConfirmedSchema>;

/** Confirms an email change with the token mailed to the new address. */
export function confirmEmailChange(token: string): Promise<EmailConfirmed> {
  return api.post<EmailConfirmed>('/api/me/email/confirm', { token });
}

export function useEmailConfirmMutation({ onSuccess, ...options }: MutationOptions<EmailConfirmed, string> = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: confirmEmailChange,
    onSuccess: async (...args) => {
      await Promise.all([
        client.invalidateQueries({ queryKey: authKeys.session }),
        client.invalidateQueries({ queryKey: meKeys.profile() }),
      ]);
      await onSuccess?.(...args);
    },
    ...options,
  });
}
