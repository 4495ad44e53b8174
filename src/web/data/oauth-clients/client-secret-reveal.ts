import { api } from '@/lib/api';

/** The audited reveal: copying a secret always goes through here, never through the list. */
export function revealClientSecret(id: string): Promise<string> {
  return api.post<{ client_secret: string }>(`/api/admin/oauth-clients/${id}/secret`).then((r) => r.client_secret);
}
