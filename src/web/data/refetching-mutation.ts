import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { MessageDescriptor } from 'react-intl';
import type { MutationOptions } from './options';

/**
 * A mutation that changes what `queryKey` lists: on success it refetches that query first, then
 * runs the caller's own follow-up. `errorToast`, when given, is shown for a failure (forms show
 * their errors themselves and give none).
 */
export function useRefetchingMutation<TData, TVars>(
  queryKey: QueryKey,
  mutationFn: (vars: TVars) => Promise<TData>,
  { onSuccess, ...options }: MutationOptions<TData, TVars>,
  errorToast?: MessageDescriptor,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (...args) => {
      await client.invalidateQueries({ queryKey });
      await onSuccess?.(...args);
    },
    ...(errorToast ? { meta: { errorToast } } : {}),
    ...options,
  });
}
