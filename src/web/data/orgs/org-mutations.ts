import { defineMessage } from 'react-intl';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateOrgBody, UpdateOrgBody } from '@shared/api/orgs';
import { api } from '@/lib/api';
import type { MutationOptions } from '../options';
import { orgKeys, orgPath, type OrgMode } from './keys';
import type { OrgResult } from './org-query';

/** PATCH an organization (name, slug, logo; owners: policies). */
export function updateOrg(mode: OrgMode, id: string, body: UpdateOrgBody): Promise<OrgResult> {
  return api.patch<OrgResult>(orgPath(mode, id), body);
}

export function useOrgUpdateMutation(
  { mode, id }: { mode: OrgMode; id: string },
  { onSuccess, ...options }: MutationOptions<OrgResult, UpdateOrgBody> = {},
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateOrgBody) => updateOrg(mode, id, body),
    onSuccess: async (...args) => {
      client.setQueryData(orgKeys.org(mode, id), args[0]);
      await client.invalidateQueries({ queryKey: orgKeys.mine() });
      await onSuccess?.(...args);
    },
    ...options,
  });
}

/** DELETE an organization (owners; ecosystem admins). */
export function deleteOrg(mode: OrgMode, id: string): Promise<{ deleted: true }> {
  return api.delete<{ deleted: true }>(orgPath(mode, id));
}

export function useOrgDeleteMutation(
  { mode, id }: { mode: OrgMode; id: string },
  { onSuccess, ...options }: MutationOptions<{ deleted: true }, void> = {},
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => deleteOrg(mode, id),
    onSuccess: async (...args) => {
      client.removeQueries({ queryKey: ['orgs', mode, id] });
      await client.invalidateQueries({ queryKey: orgKeys.all });
      await onSuccess?.(...args);
    },
    meta: {
      errorToast: defineMessage({
        id: 'data.toast.failedToDeleteTheOrganization',
        defaultMessage: 'Failed to delete the organization',
      }),
    },
    ...options,
  });
}

/** POST /api/orgs: the caller becomes its first owner. Refusals (a slug taken: 409) go to the form. */
export function createOrg(body: CreateOrgBody): Promise<OrgResult> {
  return api.post<OrgResult>('/api/orgs', body);
}

export function useOrgCreateMutation({ onSuccess, ...options }: MutationOptions<OrgResult, CreateOrgBody> = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createOrg,
    onSuccess: async (...args) => {
      await client.invalidateQueries({ queryKey: orgKeys.mine() });
      await onSuccess?.(...args);
    },
    ...options,
  });
}
