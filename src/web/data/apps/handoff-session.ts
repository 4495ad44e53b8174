import type { HandoffSession } from '@shared/api/cross-platform';
import { api } from '@/lib/api';

export type { HandoffSession };

/**
 * POST /api/cross-platform/sessions: a short-lived session for a sister app. Throws the
 * server's ApiError, so the hand-off page can say exactly what was wrong.
 */
export function createHandoffSession(appId: string, redirectUrl: string): Promise<HandoffSession> {
  return api.post<HandoffSession>('/api/cross-platform/sessions', { app_id: appId, redirect_url: redirectUrl });
}
