import { defineMessage } from 'react-intl';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { clientSecurityProfileSchema } from '@shared/api/oauth-clients';
import { api } from '@/lib/api';
import type { MutationOptions } from '../options';
import { oauthKeys } from './keys';
import type { OAuthClient } from './clients-query';

export interface ClientSecurityProfileVars {
  id: string;
  profile: z.input<typeof clientSecurityProfileSchema>;
}

/** PUT the FAPI 2.0 building blocks of a client, as a whole (issue 31). */
export function setClientSecurityProfile({ id, profile }: ClientSecurityProfileVars): Promise<OAuthClient> {
  return api
    .put<{ client: OAuthClient }>(`/api/admin/oauth-clients/${id}/security-profile`, profile)
    .then((r) => r.client);
}

export function useClientSecurityProfileMutation({
  onSuccess,
  ...options
}: MutationOptions<OAuthClient, ClientSecurityProfileVars> = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setClientSecurityProfile,
    onSuccess: async (...args) => {
      await client.invalidateQueries({ queryKey: oauthKeys.clients() });
      await onSuccess?.(...args);
    },
    meta: {
      errorToast: defineMessage({
        id: 'data.toast.failedToUpdateTheSecurityProfile',
        defaultMessage: 'Failed to update the security profile',
      }),
    },
    ...options,
  });
}
