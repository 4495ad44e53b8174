import type { AppToken } from '@shared/api/cross-platform';
import { api } from '@/lib/api';

export type { AppToken };

/** POST /api/apps/:client_id/token: a first-party app token for the signed-in user. */
export function createAppToken(clientId: string, scopes?: string[]): Promise<AppToken> {
  return api.post<AppToken>(`/api/apps/${encodeURIComponent(clientId)}/token`, scopes ? { scopes } : {});
}
