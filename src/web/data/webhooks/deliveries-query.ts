import { defineMessage } from 'react-intl';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { WebhookDeliveryView } from '@shared/api/events';
import { api } from '@/lib/api';
import type { InfiniteQueryOptions } from '../options';
import { webhookKeys } from './keys';

export type WebhookDelivery = WebhookDeliveryView;

/** A page of the log: the API's default size, so a full page means there may be older ones. */
export const DELIVERY_PAGE = 50;

/** One endpoint's deliveries, newest first; `before` is the last id of the previous page. */
export function getWebhookDeliveries(
  id: string,
  before: number | null,
  signal?: AbortSignal,
): Promise<WebhookDelivery[]> {
  const params = new URLSearchParams({ limit: String(DELIVERY_PAGE) });
  if (before !== null) params.set('before', String(before));
  return api
    .get<{ deliveries: WebhookDelivery[] }>(
      `/api/admin/webhooks/${encodeURIComponent(id)}/deliveries?${params}`,
      signal,
    )
    .then((r) => r.deliveries);
}

export function useWebhookDeliveriesQuery(id: string, options: InfiniteQueryOptions<WebhookDelivery[]> = {}) {
  return useInfiniteQuery({
    queryKey: webhookKeys.deliveries(id),
    queryFn: ({ pageParam, signal }) => getWebhookDeliveries(id, pageParam as number | null, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => (last.length === DELIVERY_PAGE ? last[last.length - 1].id : undefined),
    meta: {
      errorToast: defineMessage({
        id: 'data.toast.failedToFetchDeliveries',
        defaultMessage: 'Failed to fetch deliveries',
      }),
    },
    ...options,
  });
}
