import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { memberResultSchema } from '@shared/api/orgs';
import { api } from '@/lib/api';
import type { MutationOptions } from '../options';
import { orgKeys, orgPath, type OrgMode } from './keys';

type MemberResult = z.output<typeof memberResultSchema>;
export interface MemberRolesVars {
  userId: string;
  roles: string[];
}

export function changeMemberRoles(mode: OrgMode, orgId: string, { userId, roles }: MemberRolesVars) {
  return api.patch<MemberResult>(orgPath(mode, orgId, `/members/${encodeURIComponent(userId)}`), { roles });
}

/** Errors stay with the caller: a 409 (the last owner) is shown next to the control, not as a toast. */
export function useMemberRolesMutation(
  { mode, orgId }: { mode: OrgMode; orgId: string },
  { onSuccess, ...options }: MutationOptions<MemberResult, MemberRolesVars> = {},
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (vars: MemberRolesVars) => changeMemberRoles(mode, orgId, vars),
    onSuccess: async (...args) => {
      await client.invalidateQueries({ queryKey: ['orgs', mode, orgId] });
      await client.invalidateQueries({ queryKey: orgKeys.mine() });
      await onSuccess?.(...args);
    },
    ...options,
  });
}

export function removeMember(mode: OrgMode, orgId: string, userId: string): Promise<{ deleted: true }> {
  return api.delete<{ deleted: true }>(orgPath(mode, orgId, `/members/${encodeURIComponent(userId)}`));
}

/** Removes a member, or (with one's own id) leaves the organization. */
export function useMemberRemoveMutation(
  { mode, orgId }: { mode: OrgMode; orgId: string },
  { onSuccess, ...options }: MutationOptions<{ deleted: true }, string> = {},
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => removeMember(mode, orgId, userId),
    onSuccess: async (...args) => {
      await client.invalidateQueries({ queryKey: ['orgs', mode, orgId] });
      await client.invalidateQueries({ queryKey: orgKeys.mine() });
      await onSuccess?.(...args);
    },
    ...options,
  });
}
