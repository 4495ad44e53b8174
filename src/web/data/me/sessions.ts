import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { AuthSessionView } from '@/data/oauth-clients/auth-sessions';

export type MySession = Omit<AuthSessionView, 'user_id' | 'user_email'> & { is_current: boolean };

export const meKeys = { sessions: () => ['me', 'sessions'] as const };

export const fetchMySessions = () => api.get<{ sessions: MySession[] }>('/api/me/sessions').then((r) => r.sessions);
export const postRevokeMySession = (id: string) => api.post<{ revoked: boolean }>(`/api/me/sessions/${id}/revoke`);

export const useMySessionsQuery = () => useQuery({ queryKey: meKeys.sessions(), queryFn: fetchMySessions });

export function useRevokeMySessionMutation() {
  const client = useQueryClient();
  return useMutation({ mutationFn: postRevokeMySession, onSuccess: () => client.invalidateQueries({ queryKey: meKeys.sessions() }) });
}
