import { HubError } from '../errors';
import type { Hub } from '../hub';
import { hitRateCounter } from '../audit/queries';

/**
 * The one fixed-window limit of requests (rate_limit_counters, shared by every node): counts this
 * hit under `key` and refuses it with 429 and Retry-After once the window holds more than `limit`.
 * Guessable secrets use auth/counted-attempt.ts instead.
 */
export async function enforceRateLimit(hub: Hub, key: string, limit: number, windowMs: number): Promise<void> {
  const now = hub.clock();
  const { count, windowStartedAt } = await hitRateCounter(hub.db, key, now, windowMs);
  if (count > limit) {
    const retryAfter = Math.max(1, Math.ceil((windowStartedAt.getTime() + windowMs - now.getTime()) / 1000));
    throw new HubError('rate_limited', undefined, {}, { 'retry-after': String(retryAfter) });
  }
}
