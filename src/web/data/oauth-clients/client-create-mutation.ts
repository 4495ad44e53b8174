import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OAuthClientCreated, OAuthClientCreateInput } from '@shared/api/oauth-clients';
import { api } from '@/lib/api';
import type { MutationOptions } from '../options';
import { oauthKeys } from './keys';

export type { OAuthClientCreated, OAuthClientCreateInput };

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
    meta: { errorToast: 'Failed to create OAuth client' },
    ...options,
  });
}
