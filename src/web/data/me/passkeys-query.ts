import { defineMessage } from 'react-intl';
import { useQuery } from '@tanstack/react-query';
import type { Passkey } from '@shared/api/mfa';
import { api } from '@/lib/api';
import type { QueryOptions } from '../options';
import { meKeys } from './keys';

export type { Passkey };

export function getPasskeys(signal?: AbortSignal): Promise<Passkey[]> {
  return api.get<{ passkeys: Passkey[] }>('/api/me/passkeys', signal).then((r) => r.passkeys);
}

export function usePasskeysQuery<T = Passkey[]>(options: QueryOptions<Passkey[], T> = {}) {
  return useQuery({
    queryKey: meKeys.passkeys(),
    queryFn: ({ signal }) => getPasskeys(signal),
    meta: {
      errorToast: defineMessage({
        id: 'data.toast.failedToLoadYourPasskeys',
        defaultMessage: 'Failed to load your passkeys',
      }),
    },
    ...options,
  });
}
