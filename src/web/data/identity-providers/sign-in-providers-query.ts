import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { publicProviderSchema } from '@shared/api/federation';
import { api } from '@/lib/api';
import type { QueryOptions } from '../options';
import { identityProviderKeys } from './keys';

export type SignInProvider = z.output<typeof publicProviderSchema>;

export function getSignInProviders(signal?: AbortSignal): Promise<SignInProvider[]> {
  return api.get<{ providers: SignInProvider[] }>('/api/auth/providers', signal).then((r) => r.providers);
}

/** The enabled providers /auth offers as buttons (none: the page shows none). */
export function useSignInProvidersQuery<T = SignInProvider[]>(options: QueryOptions<SignInProvider[], T> = {}) {
  return useQuery({
    queryKey: identityProviderKeys.signIn(),
    queryFn: ({ signal }) => getSignInProviders(signal),
    // A missing button is no error worth a toast: the password stays.
    ...options,
  });
}
