import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClientDisplay } from '@shared/api/client-display';
import { api } from '@/lib/api';
import type { MutationOptions } from '../options';
import { oauthKeys } from './keys';
import type { OAuthClient } from './clients-query';

export interface ClientDisplayVars {
  id: string;
  display: Partial<ClientDisplay>;
}

/** PATCH /api/admin/oauth-clients/:id with display metadata (issue 39): null clears a field. */
export function setClientDisplay({ id, display }: ClientDisplayVars): Promise<OAuthClient> {
  return api.patch<{ client: OAuthClient }>(`/api/admin/oauth-clients/${id}`, display).then((r) => r.client);
}

export function useClientDisplayMutation({
  onSuccess,
  ...options
}: MutationOptions<OAuthClient, ClientDisplayVars> = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setClientDisplay,
    onSuccess: async (...args) => {
      await client.invalidateQueries({ queryKey: oauthKeys.clients() });
      await onSuccess?.(...args);
    },
    ...options,
  });
}
