import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { oauthKeys } from './keys';

/** GET/POST/PATCH /api/admin/oauth-clients (OAuth provider's contract, TEAM.md). */
export interface OAuthClientView {
  id: string;
  client_id: string;
  client_secret_preview: string | null;
  app_name: string;
  app_description: string | null;
  app_url: string;
  app_type: string;
  redirect_uris: string[];
  post_logout_redirect_uris: string[];
  allowed_origins: string[];
  scopes: string[];
  is_active: boolean;
  token_endpoint_auth_method: string;
  has_api_key: boolean;
  has_webhook_secret: boolean;
  created_at: string;
}

export interface CreateClientInput {
  app_name: string;
  app_description?: string;
  app_url: string;
  redirect_uris: string[];
  allowed_origins?: string[];
  app_type?: 'platform' | 'third_party';
  scopes?: string[];
}

export const fetchClients = () => api.get<{ clients: OAuthClientView[] }>('/api/admin/oauth-clients').then((r) => r.clients);
export const postClient = (input: CreateClientInput) =>
  api.post<{ client: OAuthClientView; client_secret: string | null }>('/api/admin/oauth-clients', input);
export const patchClient = (id: string, isActive: boolean) => api.patch<{ client: OAuthClientView }>(`/api/admin/oauth-clients/${id}`, { is_active: isActive });
/** The audited reveal: copying a secret always goes through here. */
export const revealClientSecret = (id: string) => api.post<{ client_secret: string }>(`/api/admin/oauth-clients/${id}/secret`).then((r) => r.client_secret);

export const useClientsQuery = () => useQuery({ queryKey: oauthKeys.clients(), queryFn: fetchClients });

export function useCreateClientMutation() {
  const client = useQueryClient();
  return useMutation({ mutationFn: postClient, onSuccess: () => client.invalidateQueries({ queryKey: oauthKeys.clients() }) });
}

export function useToggleClientMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isActive }: { id: string; isActive: boolean }) => patchClient(id, isActive),
    onSuccess: () => client.invalidateQueries({ queryKey: oauthKeys.clients() }),
  });
}
