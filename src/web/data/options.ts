import type { UseInfiniteQueryOptions, UseMutationOptions, UseQueryOptions } from '@tanstack/react-query';

/**
 * What a caller may pass to a data hook (the supabase studio way: `useXQuery(vars, options)`):
 * everything TanStack Query takes except the key and the fetcher, which the hook owns.
 */
export type QueryOptions<TData, TSelected = TData> = Omit<
  UseQueryOptions<TData, Error, TSelected>,
  'queryKey' | 'queryFn'
>;

export type InfiniteQueryOptions<TPage> = Omit<
  UseInfiniteQueryOptions<TPage, Error>,
  'queryKey' | 'queryFn' | 'initialPageParam' | 'getNextPageParam'
>;

export type MutationOptions<TData, TVars> = Omit<UseMutationOptions<TData, Error, TVars>, 'mutationFn'>;
