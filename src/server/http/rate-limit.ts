import { HubError } from '../errors';
import type { Hub } from '../hub';
import { hitRateCounter } from '../audit/queries';

/**
 * The one fixed-window limit of requests (rate_limit_counters, shared by every node): counts one
 * hit under `key` and answers how many seconds to wait once the window holds more than `limit`,
 * or null while it is allowed (SCIM answers that in its own error schema). Guessable secrets use
 * auth/counted-attempt.ts instead.
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

/** The same limit as the API's 429 with Retry-After. */
export async function enforceRateLimit(hub: Hub, key: string, limit: number, windowMs: number): Promise<void> {
  const over = await countTowardsLimit(hub, key, limit, windowMs);
  if (over) throw new HubError('rate_limited', undefined, {}, { 'retry-after': String(over.retryAfterS) });
}
