import { defineMessage } from 'react-intl';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { errorText } from '@/lib/error-text';
import type { MutationOptions } from '../options';
import { refreshCredentialViews } from './credential-request-mutation';
import type { CredentialRequest } from './credential-requests-query';

export interface DecisionVars {
  id: string;
  decision: 'approve' | 'deny';
}

export function decideCredentialRequest({ id, decision }: DecisionVars): Promise<CredentialRequest> {
  return api
    .post<{ request: CredentialRequest }>(`/api/admin/credential-requests/${id}/${decision}`)
    .then((r) => r.request);
}

/** Another administrator approves or denies a pending request (DESIGN §6). */
export function useCredentialDecisionMutation({
  onSuccess,
  ...options
}: MutationOptions<CredentialRequest, DecisionVars> = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: decideCredentialRequest,
    onSuccess: async (...args) => {
      await refreshCredentialViews(client);
      await onSuccess?.(...args);
    },
    meta: {
      errorToast: defineMessage({
        id: 'data.toast.requestFailed',
        defaultMessage: 'Request Failed',
      }),
      errorDescription: errorText,
    },
    ...options,
  });
}
