import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { webhookDeletionImpactSchema } from '@shared/api/events';
import { api } from '@/lib/api';
import { webhookKeys } from './keys';

export type WebhookDeletionImpact = z.output<typeof webhookDeletionImpactSchema>;

/** The deliveries still owed to an endpoint, which deleting it drops: the confirmation's count. */
export function useWebhookDeletionImpactQuery(id: string) {
  return useQuery({
    queryKey: [...webhookKeys.all(), id, 'deletion-impact'],
    queryFn: ({ signal }) =>
      api.get<WebhookDeletionImpact>(`/api/admin/webhooks/${encodeURIComponent(id)}/deletion-impact`, signal),
    staleTime: 0,
  });
}
