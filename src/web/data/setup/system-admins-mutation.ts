import { useMutation } from '@tanstack/react-query';
import type { SetupResult } from '@shared/api/setup';
import { api } from '@/lib/api';
import type { MutationOptions } from '../options';

export type { SetupResult };

export function createSystemAdmins(confirmationKey: string): Promise<SetupResult[]> {
  return api
    .post<{ results: SetupResult[] }>('/api/setup/system-admins', { confirmation_key: confirmationKey })
    .then((r) => r.results);
}

export function useSystemAdminsMutation(options: MutationOptions<SetupResult[], string> = {}) {
  return useMutation({ mutationFn: createSystemAdmins, ...options });
}
