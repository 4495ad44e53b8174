import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { oauthKeys } from './keys';

export interface AuthSessionView {
  id: string;
  client_id: string | null;
  app_name: string | null;
  app_url: string | null;
  user_id: string | null;
  user_email: string | null;
  kind: string;
  user_agent: string | null;
  ip_address: string | null;
  scopes: string[];
  is_active: boolean;
  last_accessed_at: string;
  created_at: string;
  expires_at: string;
}

export const fetchAuthSessions = () => api.get<{ sessions: AuthSessionView[] }>('/api/admin/auth-sessions?active=true').then((r) => r.sessions);
export const postRevokeSession = (id: string) => api.post<{ revoked: boolean }>(`/api/admin/auth-sessions/${id}/revoke`);

export const useAuthSessionsQuery = () => useQuery({ queryKey: oauthKeys.authSessions(), queryFn: fetchAuthSessions });

export function useRevokeAuthSessionMutation() {
  const client = useQueryClient();
  return useMutation({ mutationFn: postRevokeSession, onSuccess: () => client.invalidateQueries({ queryKey: oauthKeys.authSessions() }) });
}
