import { api } from '@/lib/api';

/**
 * The app-facing calls of the auth state (spec §1): each returns null when signed out or on
 * failure and logs the spec's message, exactly as the spec describes.
 */
export interface CrossPlatformSession {
  session_token: string;
  user_id: string;
  timestamp: number;
  redirect_url: string;
}

export async function createCrossPlatformSession(appId: string, redirectUrl: string): Promise<CrossPlatformSession | null> {
  try {
    return await api.post<CrossPlatformSession>('/api/cross-platform/sessions', { app_id: appId, redirect_url: redirectUrl });
  } catch (error) {
    console.error('Failed to create cross-platform session', error);
    return null;
  }
}

export async function createAppToken(clientId: string, scopes?: string[]): Promise<{ access_token: string } | null> {
  try {
    return await api.post<{ access_token: string }>(`/api/apps/${encodeURIComponent(clientId)}/token`, scopes ? { scopes } : {});
  } catch (error) {
    console.error('Error creating app token', error);
    return null;
  }
}

export async function revokeAppAccess(clientId: string): Promise<boolean> {
  try {
    await api.delete(`/api/apps/${encodeURIComponent(clientId)}/sessions`);
    return true;
  } catch (error) {
    console.error('Failed to revoke app access', error);
    return false;
  }
}
