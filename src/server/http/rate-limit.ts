import { HubError } from '../errors';
import type { Hub } from '../hub';
import { hitRateCounter } from '../audit/queries';
import { counterKey } from '../auth/counter-key';

/**
 * The one fixed-window limit of requests (rate_limit_counters, shared by every node): counts one
 * hit of `value` (an address, a token id) for `purpose` — stored under its keyed MAC
 * (auth/counter-key.ts), never in plaintext — and answers how many seconds to wait once the window holds more than `limit`,
 * or null while it is allowed (SCIM answers that in its own error schema). Guessable secrets use
 * auth/counted-attempt.ts instead.
 */
export async function countTowardsLimit(
  hub: Hub,
  counted: { purpose: string; value: string },
  limit: number,
  windowMs: number,
): Promise<{ retryAfterS: number } | null> {
  const now = hub.clock();
  const key = counterKey(hub.config.masterKey!, counted.purpose, counted.value);
  const { count, windowStartedAt } = await hitRateCounter(hub.db, key, now, windowMs);
  if (count <= limit) return null;
  return { retryAfterS: Math.max(1, Math.ceil((windowStartedAt.getTime() + windowMs - now.getTime()) / 1000)) };
}

/** The same limit as the API's 429 with Retry-After. */
export async function enforceRateLimit(
  hub: Hub,
  counted: { purpose: string; value: string },
  limit: number,
  windowMs: number,
): Promise<void> {
  const over = await countTowardsLimit(hub, counted, limit, windowMs);
  if (over) throw new HubError('rate_limited', undefined, {}, { 'retry-after': String(over.retryAfterS) });
}
