import { defineMessage } from 'react-intl';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { clientCreatedSchema, createClientInputSchema } from '@shared/api/oauth-clients';
import { api } from '@/lib/api';
import type { MutationOptions } from '../options';
import { oauthKeys } from './keys';

/** The create answer: the full secret appears here once, and never again. */
export type OAuthClientCreated = z.output<typeof clientCreatedSchema>;
export type OAuthClientCreateInput = z.input<typeof createClientInputSchema>;

export function createClient(input: OAuthClientCreateInput): Promise<OAuthClientCreated> {
  return api.post<OAuthClientCreated>('/api/admin/oauth-clients', input);
}

export function useClientCreateMutation({
  onSuccess,
  ...options
}: MutationOptions<OAuthClientCreated, OAuthClientCreateInput> = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createClient,
    onSuccess: async (...args) => {
      await client.invalidateQueries({ queryKey: oauthKeys.clients() });
      await onSuccess?.(...args);
    },
    meta: {
      errorToast: defineMessage({
        id: 'data.toast.failedToCreateOAuthClient',
        defaultMessage: 'Failed to create OAuth client',
      }),
    },
    ...options,
  });
}
