/**
 * The one retry schedule of the hub's background delivery (issue 38): every channel that tries
 * again after a failure names its schedule here, and asks `retryDelayMs` when to try next. A
 * schedule is either a list of delays after which it gives up, or a doubling delay up to a ceiling
 * that never gives up; either may spread its delays by a random ± fraction, so that receivers that
 * failed together do not all come back in the same second.
 */
export type RetrySchedule =
  | { readonly kind: 'steps'; readonly delaysMs: readonly number[]; readonly jitter: number }
  | { readonly kind: 'doubling'; readonly firstMs: number; readonly maxMs: number; readonly jitter: number };

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

export const RETRY_SCHEDULES = {
  /**
   * Webhooks and SSF pushes: Svix's published schedule (about 27.6 hours in all) with ±10 %
   * jitter; after the last the delivery fails and its endpoint is disabled. HUB_WEBHOOK_RETRY_SCALE
   * shrinks it (tests, staging).
   */
  webhook: {
    kind: 'steps',
    delaysMs: [5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, 10 * HOUR],
    jitter: 0.1,
  },
  /** SIEM sinks: 1 s, 2 s, 4 s … up to 5 minutes, ±10 %, for ever (the sink's cursor waits; no row is dropped). */
  auditSink: { kind: 'doubling', firstMs: SECOND, maxMs: 5 * MINUTE, jitter: 0.1 },
  /**
   * Back-channel logout (OIDC Back-Channel Logout §2.5): a delivery that got no HTTP answer is
   * tried twice more, after 1 s and 4 s (as Connect2id does); a logout is worth little later.
   */
  backchannelLogout: { kind: 'steps', delaysMs: [SECOND, 4 * SECOND], jitter: 0 },
  /** A poll loop whose pass failed (the database is away): 1 s, 2 s, 4 s … up to 30 s. */
  pollFailure: { kind: 'doubling', firstMs: SECOND, maxMs: 30 * SECOND, jitter: 0 },
} as const satisfies Record<string, RetrySchedule>;

export interface RetryOptions {
  /** The jitter's random source in [0, 1) (tests pin it). */
  random?: () => number;
  /** Every delay multiplied by this (HUB_WEBHOOK_RETRY_SCALE for the webhook schedule; 1 otherwise). */
  scale?: number;
}

/**
 * The delay before the next attempt after `failures` failed ones in a row (1: the first attempt
 * failed), or null when the schedule gives up.
 */
export function retryDelayMs(schedule: RetrySchedule, failures: number, options: RetryOptions = {}): number | null {
  const { random = Math.random, scale = 1 } = options;
  const base =
    schedule.kind === 'steps'
      ? schedule.delaysMs[failures - 1]
      : Math.min(schedule.maxMs, schedule.firstMs * 2 ** Math.max(0, failures - 1));
  if (base === undefined) return null;
  return Math.round(base * scale * (1 - schedule.jitter + 2 * schedule.jitter * random()));
}

/** How many attempts a schedule makes in all (the first and its retries); Infinity when it never gives up. */
export function attemptsOf(schedule: RetrySchedule): number {
  return schedule.kind === 'steps' ? schedule.delaysMs.length + 1 : Infinity;
}

/** The sum of a giving-up schedule's delays without jitter (what the console says an endpoint failed for). */
export function scheduleSpanMs(schedule: RetrySchedule, scale = 1): number {
  return schedule.kind === 'steps' ? schedule.delaysMs.reduce((a, b) => a + b, 0) * scale : Infinity;
}
