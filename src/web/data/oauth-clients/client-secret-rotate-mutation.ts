import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { MutationOptions } from '../options';
import { oauthKeys } from './keys';
import type { OAuthClient } from './clients-query';

export interface RotateSecretVars {
  id: string;
  /** How long the replaced secret keeps working (0: it stops at once). */
  graceHours: number;
}

/** POST …/rotate-secret: the new secret, shown once (step-up and audited on the server). */
export function rotateClientSecret({ id, graceHours }: RotateSecretVars): Promise<{ client: OAuthClient; client_secret: string }> {
  return api.post(`/api/admin/oauth-clients/${encodeURIComponent(id)}/rotate-secret`, { grace_hours: graceHours });
}

export function useClientSecretRotateMutation({
  onSuccess,
  ...options
}: MutationOptions<{ client: OAuthClient; client_secret: string }, RotateSecretVars> = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: rotateClientSecret,
    onSuccess: async (...args) => {
      await client.invalidateQueries({ queryKey: oauthKeys.clients() });
      await onSuccess?.(...args);
    },
    ...options,
  });
}
