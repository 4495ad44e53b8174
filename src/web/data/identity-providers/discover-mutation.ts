import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { discoverResultSchema } from '@shared/api/federation';
import { api } from '@/lib/api';
import type { MutationOptions } from '../options';

export type DiscoveredProvider = NonNullable<z.output<typeof discoverResultSchema>['sso']>;

/** Home-realm discovery: the provider owning the email's domain, if any (never whether an account exists). */
export function discoverProvider(email: string): Promise<DiscoveredProvider | null> {
  return api.post<z.output<typeof discoverResultSchema>>('/api/auth/discover', { email }).then((r) => r.sso);
}

export function useDiscoverMutation(options: MutationOptions<DiscoveredProvider | null, string> = {}) {
  return useMutation({ mutationFn: discoverProvider, ...options });
}
