import { defineMessage } from 'react-intl';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { domainResultSchema } from '@shared/api/orgs';
import { api } from '@/lib/api';
import type { MutationOptions } from '../options';
import { orgKeys, orgPath, type OrgMode } from './keys';

type DomainResult = z.output<typeof domainResultSchema>;
type Scope = { mode: OrgMode; orgId: string };

function domainPath({ mode, orgId }: Scope, domain = '', rest = ''): string {
  return orgPath(mode, orgId, `/domains${domain ? `/${encodeURIComponent(domain)}` : ''}${rest}`);
}

function useDomainMutation<TData>(
  scope: Scope,
  mutationFn: (domain: string) => Promise<TData>,
  { onSuccess, ...options }: MutationOptions<TData, string>,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (...args) => {
      await client.invalidateQueries({ queryKey: orgKeys.domains(scope.mode, scope.orgId) });
      await onSuccess?.(...args);
    },
    ...options,
  });
}

/** Claims a domain: the answer names the TXT record to publish. Refusals (a public domain, taken) go to the form. */
export function useDomainClaimMutation(scope: Scope, options: MutationOptions<DomainResult, string> = {}) {
  return useDomainMutation(scope, (domain) => api.post<DomainResult>(domainPath(scope), { domain }), options);
}

/** Asks the hub to look the TXT record up now; a 409 says it is not there (yet), shown beside the domain. */
export function useDomainVerifyMutation(scope: Scope, options: MutationOptions<DomainResult, string> = {}) {
  return useDomainMutation(scope, (domain) => api.post<DomainResult>(domainPath(scope, domain, '/verify')), options);
}

export function useDomainRemoveMutation(scope: Scope, options: MutationOptions<{ deleted: true }, string> = {}) {
  return useDomainMutation(scope, (domain) => api.delete<{ deleted: true }>(domainPath(scope, domain)), {
    meta: {
      errorToast: defineMessage({
        id: 'data.toast.failedToRemoveTheDomain',
        defaultMessage: 'Failed to remove the domain',
      }),
    },
    ...options,
  });
}
