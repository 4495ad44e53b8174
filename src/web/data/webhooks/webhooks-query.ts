import { defineMessage } from 'react-intl';
import { useQuery } from '@tanstack/react-query';
import type { WebhookView } from '@shared/api/events';
import { api } from '@/lib/api';
import type { QueryOptions } from '../options';
import { webhookKeys } from './keys';

/** An endpoint as the admin API shows it: never its secret. */
export type Webhook = WebhookView;

export function getWebhooks(signal?: AbortSignal): Promise<Webhook[]> {
  return api.get<{ webhooks: Webhook[] }>('/api/admin/webhooks', signal).then((r) => r.webhooks);
}

export function useWebhooksQuery<T = Webhook[]>(options: QueryOptions<Webhook[], T> = {}) {
  return useQuery({
    queryKey: webhookKeys.list(),
    queryFn: ({ signal }) => getWebhooks(signal),
    meta: {
      errorToast: defineMessage({
        id: 'data.toast.failedToFetchWebhooks',
        defaultMessage: 'Failed to fetch webhooks',
      }),
    },
    ...options,
  });
}
