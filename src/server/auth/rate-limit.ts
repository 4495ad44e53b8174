import type { Hub } from '../hub';
import { hitRateCounter } from '../audit/queries';

/**
 * The fixed-window limit shared by every node (the counter is a database row): counts one call
 * under `key` and answers how many seconds to wait when it is past `limit` in `windowMs`, or null
 * while it is allowed. SCIM counts per token (audit/ingest.ts still computes the same by hand).
 */
export async function countTowardsLimit(
  hub: Hub,
  key: string,
  limit: number,
  windowMs: number,
): Promise<{ retryAfterS: number } | null> {
  const now = hub.clock();
  const { count, windowStartedAt } = await hitRateCounter(hub.db, key, now, windowMs);
  if (count <= limit) return null;
  return { retryAfterS: Math.max(1, Math.ceil((windowStartedAt.getTime() + windowMs - now.getTime()) / 1000)) };
}
