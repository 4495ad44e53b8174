import { api } from '@/lib/api';

/** POST /api/auth/sign-out; the auth provider clears the cache around it. */
export function signOut(): Promise<{ signed_out: boolean }> {
  return api.post<{ signed_out: boolean }>('/api/auth/sign-out');
}
