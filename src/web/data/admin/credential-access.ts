import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { adminKeys } from './keys';
import type { CredentialRequest, CredentialType, Grant } from './types';

export type CredentialRequestInput =
  | { mode: 'standard'; app_id: string; credential_type: CredentialType; justification: string }
  | { mode: 'time_limited'; app_id: string; credential_type: CredentialType; justification: string; time_limit_minutes: number };

export interface CredentialRequestResult {
  request: CredentialRequest;
  grant: Grant | null;
}

export const fetchRequests = (scope: 'mine' | 'pending') =>
  api.get<{ requests: CredentialRequest[] }>(`/api/admin/credential-requests?scope=${scope}`).then((r) => r.requests);
export const fetchGrants = () => api.get<{ grants: Grant[] }>('/api/admin/credential-grants').then((r) => r.grants);
export const postRequest = (input: CredentialRequestInput) => api.post<CredentialRequestResult>('/api/admin/credential-requests', input);
export const postDecision = (id: string, decision: 'approve' | 'deny') =>
  api.post<{ request: CredentialRequest }>(`/api/admin/credential-requests/${id}/${decision}`);
export const postReveal = (grantId: string) =>
  api.post<{ credential_type: string; value: string; expires_at: string }>(`/api/admin/credential-grants/${grantId}/reveal`);

export const useRequestsQuery = (scope: 'mine' | 'pending') => useQuery({ queryKey: adminKeys.requests(scope), queryFn: () => fetchRequests(scope) });
export const useGrantsQuery = () => useQuery({ queryKey: adminKeys.grants(), queryFn: fetchGrants });

function useRefreshCredentialViews() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: adminKeys.requestsAll() });
    void client.invalidateQueries({ queryKey: adminKeys.grants() });
    void client.invalidateQueries({ queryKey: adminKeys.overview() });
  };
}

export function useRequestCredentialMutation() {
  const refresh = useRefreshCredentialViews();
  return useMutation({ mutationFn: postRequest, onSuccess: refresh });
}

export function useDecideRequestMutation() {
  const refresh = useRefreshCredentialViews();
  return useMutation({ mutationFn: ({ id, decision }: { id: string; decision: 'approve' | 'deny' }) => postDecision(id, decision), onSuccess: refresh });
}

export const useRevealMutation = () => useMutation({ mutationFn: postReveal });
