import { defineMessage } from 'react-intl';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { createOrgRoleBodySchema, orgRoleSchema } from '@shared/api/orgs';
import { api } from '@/lib/api';
import type { MutationOptions, QueryOptions } from '../options';
import { orgKeys, orgPath, type OrgMode } from './keys';

/** An organization role name: the three built in, and the custom ones ecosystem admins define. */
export type OrgRoleName = z.output<typeof orgRoleSchema>;
type CreateOrgRoleBody = z.input<typeof createOrgRoleBodySchema>;

export function getOrgRoleNames(signal?: AbortSignal): Promise<OrgRoleName[]> {
  return api.get<{ roles: OrgRoleName[] }>('/api/admin/org-roles', signal).then((r) => r.roles);
}

/** GET /api/admin/org-roles (ecosystem admins only). */
export function useOrgRoleNamesQuery<T = OrgRoleName[]>(options: QueryOptions<OrgRoleName[], T> = {}) {
  return useQuery({
    queryKey: orgKeys.roleNames(),
    queryFn: ({ signal }) => getOrgRoleNames(signal),
    meta: {
      errorToast: defineMessage({
        id: 'data.toast.failedToLoadOrganizationRoles',
        defaultMessage: 'Failed to load organization roles',
      }),
    },
    ...options,
  });
}

/**
 * GET …/orgs/:id/roles: the roles someone who manages the organization's members may choose from
 * (built in and custom), for the one role picker (features/orgs/role-picker.tsx).
 */
export function useOrgRoleChoicesQuery(mode: OrgMode, orgId: string) {
  return useQuery({
    queryKey: orgKeys.roleChoices(mode, orgId),
    queryFn: ({ signal }) =>
      api.get<{ roles: OrgRoleName[] }>(orgPath(mode, orgId, '/roles'), signal).then((r) => r.roles),
    meta: {
      errorToast: defineMessage({
        id: 'data.toast.failedToLoadOrganizationRoles',
        defaultMessage: 'Failed to load organization roles',
      }),
    },
  });
}

export function useOrgRoleCreateMutation({
  onSuccess,
  ...options
}: MutationOptions<OrgRoleName, CreateOrgRoleBody> = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateOrgRoleBody) => api.post<OrgRoleName>('/api/admin/org-roles', body),
    onSuccess: async (...args) => {
      await client.invalidateQueries({ queryKey: orgKeys.roleNames() });
      await onSuccess?.(...args);
    },
    ...options,
  });
}

export function useOrgRoleDeleteMutation({ onSuccess, ...options }: MutationOptions<{ deleted: true }, string> = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api.delete<{ deleted: true }>(`/api/admin/org-roles/${encodeURIComponent(name)}`),
    onSuccess: async (...args) => {
      await client.invalidateQueries({ queryKey: orgKeys.roleNames() });
      await onSuccess?.(...args);
    },
    meta: {
      errorToast: defineMessage({
        id: 'data.toast.failedToDeleteTheRole',
        defaultMessage: 'Failed to delete the role',
      }),
    },
    ...options,
  });
}
