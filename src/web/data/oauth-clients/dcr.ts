import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DcrPolicy, DynamicClientView } from '@shared/api/dcr';
import { api } from '@/lib/api';
import { oauthKeys } from './keys';

/** Issue 40: dynamic client registration as the OAuth administration screen manages it. */
const keys = {
  policy: () => ['oauth-admin', 'dcr-policy'] as const,
  dynamic: () => ['oauth-admin', 'dynamic-clients'] as const,
};

export function useDcrPolicyQuery() {
  return useQuery({
    queryKey: keys.policy(),
    queryFn: ({ signal }) =>
      api.get<{ policy: DcrPolicy; source: 'config' | 'admin' }>('/api/admin/oauth-clients/dcr-policy', signal),
  });
}

export function useDcrPolicyMutation(onSuccess: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (policy: DcrPolicy) => api.put('/api/admin/oauth-clients/dcr-policy', policy),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: keys.policy() });
      onSuccess();
    },
  });
}

export function useDynamicClientsQuery() {
  return useQuery({
    queryKey: keys.dynamic(),
    queryFn: ({ signal }) =>
      api.get<{ clients: DynamicClientView[] }>('/api/admin/oauth-clients/dynamic', signal).then((r) => r.clients),
  });
}

type Action = { kind: 'approve' | 'suspend' | 'resume' | 'delete'; id: string };

function runAction({ kind, id }: Action): Promise<unknown> {
  if (kind === 'approve') return api.post(`/api/admin/oauth-clients/dynamic/${id}/approve`);
  if (kind === 'delete') return api.delete(`/api/admin/oauth-clients/dynamic/${id}`);
  return api.patch(`/api/admin/oauth-clients/${id}`, { is_active: kind === 'resume' });
}

/** Approve, suspend, resume or delete a dynamically registered client; the lists reload. */
export function useDynamicClientAction(onSuccess: (action: Action) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (action: Action) => {
      await runAction(action);
      return action;
    },
    onSuccess: async (action) => {
      await client.invalidateQueries({ queryKey: keys.dynamic() });
      await client.invalidateQueries({ queryKey: oauthKeys.clients() });
      onSuccess(action);
    },
  });
}

export interface IssuedInitialAccessToken {
  id: string;
  token: string;
  label: string;
  expires_at: string;
  max_uses: number;
}

export function useIssueInitialAccessToken() {
  return useMutation({
    mutationFn: (input: { label: string; expires_in_days: number; max_uses: number }) =>
      api.post<IssuedInitialAccessToken>('/api/admin/oauth-clients/initial-access-tokens', input),
  });
}
