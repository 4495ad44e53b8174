import { useQuery } from '@tanstack/react-query';
import type { WebhookDeliveryView } from '@shared/api/events';
import { api } from '@/lib/api';
import type { QueryOptions } from '../options';
import { webhookKeys } from './keys';

export type WebhookDelivery = WebhookDeliveryView;

/** The newest 50 deliveries of one endpoint (the API pages further with `before`). */
export function getWebhookDeliveries(id: string, signal?: AbortSignal): Promise<WebhookDelivery[]> {
  return api
    .get<{ deliveries: WebhookDelivery[] }>(`/api/admin/webhooks/${encodeURIComponent(id)}/deliveries`, signal)
    .then((r) => r.deliveries);
}

export function useWebhookDeliveriesQuery<T = WebhookDelivery[]>(
  id: string,
  options: QueryOptions<WebhookDelivery[], T> = {},
) {
  return useQuery({
    queryKey: webhookKeys.deliveries(id),
    queryFn: ({ signal }) => getWebhookDeliveries(id, signal),
    meta: { errorToast: 'Failed to fetch deliveries' },
    ...options,
  });
}
