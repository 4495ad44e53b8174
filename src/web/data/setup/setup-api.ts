import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authKeys } from '@/data/auth/keys';
import { api } from '@/lib/api';

/** Setup results (spec §3): one per account. */
export interface SetupResult {
  email: string;
  status: 'created' | 'exists' | 'error';
  password?: string;
  error?: string;
}
export interface CleanupResult {
  cleared: { auth_users: number; platform_users: number; role_assignments: number; sessions: number; audit_logs: number };
}

export function useCreateSystemAdmins() {
  return useMutation({
    mutationFn: (confirmationKey: string) =>
      api.post<{ results: SetupResult[] }>('/api/setup/system-admins', { confirmation_key: confirmationKey }),
  });
}

export function useCleanupAllUsers() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (confirmationKey: string) => api.post<CleanupResult>('/api/setup/cleanup', { confirmation_key: confirmationKey }),
    // The wipe ends every session, the caller's included: re-read the signed-in state.
    onSuccess: () => client.invalidateQueries({ queryKey: authKeys.session }),
  });
}
