import { api } from '@/lib/api';

/** DELETE /api/apps/:client_id/sessions: ends the signed-in user's sessions with one app. */
export function revokeAppAccess(clientId: string): Promise<{ revoked: number }> {
  return api.delete<{ revoked: number }>(`/api/apps/${encodeURIComponent(clientId)}/sessions`);
}
