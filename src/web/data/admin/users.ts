import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { adminKeys } from './keys';
import type { AdminUser, RoleAssignment, UserPage } from './types';

export function fetchUserPage(q: string, cursor: string | null): Promise<UserPage> {
  const params = new URLSearchParams({ limit: '25' });
  if (q) params.set('q', q);
  if (cursor) params.set('cursor', cursor);
  return api.get<UserPage>(`/api/admin/users?${params}`);
}

/** Server-side search and cursor pagination: one page at a time, "Load more" fetches the next. */
export function useUsersQuery(q: string) {
  return useInfiniteQuery({
    queryKey: adminKeys.users(q),
    queryFn: ({ pageParam }) => fetchUserPage(q, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });
}

export interface UserPatch {
  email: string;
  full_name: string;
  organization: string;
  department: string;
  is_active: boolean;
}

export const patchUser = (id: string, patch: UserPatch) => api.patch<AdminUser>(`/api/admin/users/${id}`, patch);

export function useUpdateUserMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: UserPatch }) => patchUser(id, patch),
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** Roles API of the accounts work: GET/PUT /api/admin/users/:id/roles. */
export const fetchUserRoles = (id: string) => api.get<{ roles: RoleAssignment[] }>(`/api/admin/users/${id}/roles`).then((r) => r.roles);
export const putUserRoles = (id: string, roles: string[]) => api.put<{ roles: RoleAssignment[] }>(`/api/admin/users/${id}/roles`, { roles });

export const useUserRolesQuery = (id: string, enabled: boolean) =>
  useQuery({ queryKey: adminKeys.roles(id), queryFn: () => fetchUserRoles(id), enabled, staleTime: 0 });

export function useSetUserRolesMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, roles }: { id: string; roles: string[] }) => putUserRoles(id, roles),
    onSuccess: (_data, { id }) => {
      void client.invalidateQueries({ queryKey: adminKeys.roles(id) });
      void client.invalidateQueries({ queryKey: adminKeys.usersAll() });
      void client.invalidateQueries({ queryKey: adminKeys.overview() });
    },
  });
}
