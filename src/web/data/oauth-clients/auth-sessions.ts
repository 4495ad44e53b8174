import type { z } from 'zod';
import type { authSessionSchema } from '@shared/admin-api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { oauthKeys } from './keys';

/** One session as /api/admin/auth-sessions answers it (the server parses it with this schema). */
export type AuthSessionView = z.output<typeof authSessionSchema>;

export const fetchAuthSessions = () => api.get<{ sessions: AuthSessionView[] }>('/api/admin/auth-sessions?active=true').then((r) => r.sessions);
export const postRevokeSession = (id: string) => api.post<{ revoked: boolean }>(`/api/admin/auth-sessions/${id}/revoke`);

export const useAuthSessionsQuery = () => useQuery({ queryKey: oauthKeys.authSessions(), queryFn: fetchAuthSessions });

export function useRevokeAuthSessionMutation() {
  const client = useQueryClient();
  return useMutation({ mutationFn: postRevokeSession, onSuccess: () => client.invalidateQueries({ queryKey: oauthKeys.authSessions() }) });
}
