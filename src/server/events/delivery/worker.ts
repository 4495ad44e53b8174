import { withCommitHooks } from '../../db/after-commit';
import type { Hub } from '../../hub';
import { loggableError } from '../../plugins/errors';
import { CLAIM_BATCH, createPollLoop, POLL_INTERVAL_MS } from './poll-loop';
import { RETRY_SCHEDULES, retryDelayMs, scheduleSpanMs } from './retry-schedule';
import { openEndpointSecrets } from '../webhooks/secrets';
import {
  claimDueDeliveries,
  disableEndpoint,
  pruneDeliveries,
  recordAttempts,
  type AttemptOutcome,
  type ClaimedDelivery,
} from './queries';
import { checkOutboundUrl, outboundPolicy, targetHost, type Resolver } from '../../net/outbound';
import { answerExcerpt, sendWebhook, type SendResult } from '../webhooks/channel';
import { sendToStream, ssfStreamsOf, type StreamTargets } from '../ssf/channel';

/**
 * The delivery worker, on every node (issue 30). It claims due deliveries in small batches with
 * FOR UPDATE SKIP LOCKED on the background connection (N nodes share the work, no row is sent by
 * two at once, no request waits on it), sends them concurrently, and records each outcome. A
 * claim leases its rows: a node that dies mid-delivery leaves them due again after its lease (`leaseMs`), so
 * nothing is lost (and a duplicate carries the same `webhook-id`).
 *
 * Any answer but 2xx is a failure; the next attempt follows the `webhook` retry schedule
 * (delivery/retry-schedule.ts: about 27.6 hours in all, with jitter), after which the delivery
 * fails and its endpoint is disabled; 410 Gone disables the endpoint at once. Either way the
 * console says so and the audit log records it. Passes run under the one poll loop (delivery/poll-loop.ts).
 */

/** Seconds after the 1st, 2nd, … failed attempt until the next (the `webhook` schedule, in seconds). */
export const RETRY_SCHEDULE_S = RETRY_SCHEDULES.webhook.delaysMs.map((ms) => ms / 1000);
/** How long a claim holds its rows: longer than any attempt can take (the send timeout). */
export const LEASE_MS = 60_000;
export const SEND_TIMEOUT_MS = 10_000;

/**
 * The lease under HUB_WEBHOOK_RETRY_SCALE: a dead node's claims come due again sooner when the
 * retry schedule is shrunk (tests, staging), but never sooner than two send timeouts, so a live
 * node's attempt always ends before its rows can be claimed again.
 */
export function leaseMs(scale = 1): number {
  return Math.max(2 * SEND_TIMEOUT_MS, LEASE_MS * scale);
}
/** How long the delivery log keeps finished deliveries (the admin's "Resend" reaches back this far). */
export const DELIVERY_LOG_DAYS = 30;
const PRUNE_INTERVAL_MS = 3_600_000;
/** Rows per prune statement: a short delete, repeated, never one long lock. */
const PRUNE_SLICE = 5_000;

export interface WorkerOptions {
  resolver?: Resolver;
  /** The jitter's random source (tests pin it). */
  random?: () => number;
  /** Where the console line of a disabled endpoint goes. */
  log?: (line: string) => void;
  batch?: number;
}

/**
 * The delay before attempt `attempts + 1`, or null when the schedule is exhausted. `scale` is
 * HUB_WEBHOOK_RETRY_SCALE (1 in production; tests shrink the schedule rather than wait it out).
 */
export function nextDelayMs(attempts: number, random: () => number = Math.random, scale = 1): number | null {
  return retryDelayMs(RETRY_SCHEDULES.webhook, attempts, { random, scale });
}

type Outcome = AttemptOutcome & { disable: 'gone' | 'failing' | null };

/** Decides what an answer means for the delivery (pure; the table of cases is the test's). */
export function outcomeOf(
  result: SendResult,
  attempts: number,
  at: Date,
  random: () => number = Math.random,
  scale = 1,
): Outcome {
  const code = result.statusCode;
  const ok = code !== null && code >= 200 && code < 300;
  const excerpt = ok ? null : answerExcerpt(result.answer);
  const base = { statusCode: code, latencyMs: result.latencyMs, error: result.error, excerpt, at };
  if (ok) return { ...base, status: 'delivered', nextAttemptAt: null, disable: null };
  if (code === 410) return { ...base, status: 'failed', nextAttemptAt: null, disable: 'gone' };
  const delay = nextDelayMs(attempts, random, scale);
  if (delay === null) return { ...base, status: 'failed', nextAttemptAt: null, disable: 'failing' };
  return { ...base, status: 'pending', nextAttemptAt: new Date(at.getTime() + delay), disable: null };
}

export interface DeliveryWorker {
  /** One claim-and-send pass; resolves with the number of deliveries attempted. */
  runOnce(): Promise<number>;
  /** Deletes finished deliveries older than DELIVERY_LOG_DAYS; resolves with how many. */
  prune(): Promise<number>;
  /** Ask for a pass soon (after a commit that wrote outbox rows on this node). */
  nudge(): void;
  start(): void;
  /** Stops polling and waits for the pass in flight to record its outcomes. */
  stop(): Promise<void>;
}

export function createDeliveryWorker(hub: Hub, options: WorkerOptions = {}): DeliveryWorker {
  const db = withCommitHooks(hub.database.background);
  const resolver = options.resolver;
  const random = options.random ?? Math.random;
  const log = options.log ?? ((line: string) => console.warn(line));
  const batch = options.batch ?? CLAIM_BATCH;
  let pruneTimer: NodeJS.Timeout | undefined;
  let unsubscribe: (() => void) | undefined;

  /** One attempt: the send and what its answer means (recorded by the pass, with the others). */
  async function attempt(
    claimed: ClaimedDelivery,
    streams: StreamTargets,
  ): Promise<{ claimed: ClaimedDelivery; outcome: Outcome }> {
    const { delivery, endpoint } = claimed;
    const at = hub.clock();
    // Checked again at every attempt: the policy may have tightened since the endpoint was registered.
    const checked = checkOutboundUrl(endpoint.url, outboundPolicy(hub.config));
    // SSF: a stream's delivery is a signed SET pushed by RFC 8935 (ssf/channel.ts); the rest is shared.
    const ssf = endpoint.channel === 'ssf';
    const result: SendResult & { permanent?: string | null } =
      'refused' in checked
        ? { statusCode: null, latencyMs: 0, error: `refused: ${checked.refused}` }
        : ssf
          ? await sendToStream(hub, claimed, streams, sendOptions())
          : await send(claimed, at);
    const answered = outcomeOf(result, delivery.attempts, hub.clock(), random, hub.config.webhookRetryScale);
    // RFC 8935 §2.4: a SET the receiver refused (400) is given up at once, not retried; the stream stays.
    const outcome: Outcome = result.permanent
      ? { ...answered, status: 'failed', nextAttemptAt: null, disable: null, error: result.permanent }
      : answered;
    hub.metrics.webhookDeliveries.inc({
      outcome: outcome.disable ?? (outcome.status === 'pending' ? 'retry' : outcome.status),
    });
    return { claimed, outcome };
  }

  /** The send; a secret that cannot be opened is this attempt's failure, not the pass's. */
  async function send({ delivery, endpoint }: ClaimedDelivery, at: Date): Promise<SendResult> {
    let secrets: string[];
    try {
      secrets = openEndpointSecrets(hub, endpoint, at);
    } catch {
      return { statusCode: null, latencyMs: 0, error: 'the signing secret cannot be opened (master key?)' };
    }
    return sendWebhook(
      {
        url: endpoint.url,
        id: delivery.eventId,
        timestamp: at,
        body: JSON.stringify(delivery.payload),
        secrets,
      },
      sendOptions(),
    );
  }

  function sendOptions() {
    return {
      timeoutMs: SEND_TIMEOUT_MS,
      policy: outboundPolicy(hub.config, resolver),
      userAgent: 'EcosystemHub-Webhooks/1',
    };
  }

  async function disable(claimed: ClaimedDelivery, reason: 'gone' | 'failing', status: number | null) {
    const { endpoint } = claimed;
    const changed = await db.transaction(async (tx) => {
      if (!(await disableEndpoint(tx, endpoint.id, reason, hub.clock()))) return false;
      await hub.audit.record(
        {
          type: 'webhook_disabled',
          details: { webhook_id: endpoint.id, host: targetHost(endpoint.url), reason, status },
        },
        tx,
      );
      await hub.revocations.publish({ kind: 'webhooks' }, tx);
      return true;
    });
    if (changed) {
      const why =
        reason === 'gone'
          ? 'it answered 410 Gone'
          : `its deliveries failed for ${scheduleSpan(hub.config.webhookRetryScale)}`;
      log(
        JSON.stringify({
          msg: `webhook endpoint ${endpoint.id} (${targetHost(endpoint.url)}) disabled: ${why}; enable it again in the admin console`,
          time: hub.clock().toISOString(),
          webhook_id: endpoint.id,
          reason,
        }),
      );
    }
  }

  async function pass(): Promise<number> {
    const now = hub.clock();
    const claimed = await claimDueDeliveries(
      db,
      now,
      new Date(now.getTime() + leaseMs(hub.config.webhookRetryScale)),
      batch,
    );
    const streams = await ssfStreamsOf(db, claimed);
    const attempts = await Promise.all(claimed.map((c) => attempt(c, streams)));
    await recordAttempts(db, attempts);
    for (const { claimed: c, outcome } of attempts) {
      if (outcome.disable) await disable(c, outcome.disable, outcome.statusCode);
    }
    return claimed.length;
  }

  const loop = createPollLoop({
    name: 'webhook worker',
    intervalMs: POLL_INTERVAL_MS,
    // A full claim: more is due at once (the backlog drains without waiting for a tick).
    pass: async () => {
      const done = await pass();
      return { done, more: done === batch };
    },
    // An idle hub without webhooks asks the database nothing (no claim per second per node).
    mayHaveWork: () => hub.outbox.mayHaveEndpoints(),
    log,
  });

  async function prune(): Promise<number> {
    const before = new Date(hub.clock().getTime() - DELIVERY_LOG_DAYS * 86_400_000);
    let total = 0;
    for (let n = PRUNE_SLICE; n === PRUNE_SLICE && !loop.stopping(); total += n) {
      n = await pruneDeliveries(db, before, PRUNE_SLICE);
    }
    return total;
  }

  return {
    runOnce: loop.runOnce,
    prune,
    nudge: loop.nudge,
    start() {
      if (unsubscribe) return;
      unsubscribe = hub.outbox.onCommitted(loop.nudge);
      pruneTimer = setInterval(() => {
        prune().catch((e: unknown) =>
          log(JSON.stringify({ msg: 'webhook delivery log pruning failed', err: loggableError(e) })),
        );
      }, PRUNE_INTERVAL_MS);
      pruneTimer.unref();
      loop.start();
    },
    async stop() {
      clearInterval(pruneTimer);
      unsubscribe?.();
      await loop.stop();
    },
  };
}

/** The whole retry schedule in words ("28 hours"; minutes when HUB_WEBHOOK_RETRY_SCALE shrinks it). */
function scheduleSpan(scale: number): string {
  const hours = scheduleSpanMs(RETRY_SCHEDULES.webhook, scale) / 3_600_000;
  return hours >= 1 ? `${Math.round(hours)} hours` : `${Math.max(1, Math.round(hours * 60))} minutes`;
}
