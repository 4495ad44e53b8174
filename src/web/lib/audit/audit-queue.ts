import { AUDIT_EVENT_TYPE_PATTERN, URGENT_SEVERITIES, type AuditSeverity } from '@shared/audit-severities';
import {
  AUDIT_BATCH_MAX_BYTES,
  AUDIT_BATCH_MAX_EVENTS,
  AUDIT_DETAILS_MAX_BYTES,
  AUDIT_QUEUE_LIMIT,
} from '@shared/audit-queue';

/** One event as POST /api/audit/events takes it. */
export interface QueuedAuditEvent {
  event_type: string;
  severity: AuditSeverity;
  session_id: string | null;
  details: Record<string, unknown>;
}

export interface AuditBatch {
  events: QueuedAuditEvent[];
  /** Events dropped (queue overflow, refused batches) since the last delivered batch. */
  dropped?: number;
}

/** How a queue reaches the server: a normal request, and a beacon for page unload. */
export interface AuditTransport {
  /** Resolves when stored; rejects with `{ status }` (HTTP) or a network error. */
  send(batch: AuditBatch): Promise<void>;
  /** navigator.sendBeacon; true when the browser accepted it for delivery. */
  beacon(batch: AuditBatch): boolean;
}

export interface AuditQueueOptions {
  transport: AuditTransport;
  /** Flush every this many ms while there is something queued. */
  intervalMs: number;
  /** Flush as soon as this many events are queued (security-event flow: 50). */
  flushAtCount?: number;
  /** The session id put on every event (read at enqueue time). */
  sessionId(): string | null;
  /** Re-queue limit after failed flushes; beyond it the oldest events are dropped. */
  limit?: number;
  now?: () => Date;
  /** Page URL and user agent, read at enqueue time (details of spec §3). */
  location?: () => string;
  userAgent?: () => string;
  /** Called after every delivered batch (the viewer refreshes on it). */
  onDelivered?: (events: QueuedAuditEvent[]) => void;
}

export interface AuditQueue {
  log(eventType: string, severity?: AuditSeverity, details?: Record<string, unknown>): void;
  /** Sends everything queued now (one request per ≤100 events / ≤64 KB). */
  flush(): Promise<void>;
  /** Starts the interval and the unload hook. Idempotent. */
  start(): void;
  stop(): void;
  /** For tests and the UI: what is waiting, and what was dropped and not yet reported. */
  readonly size: number;
  readonly dropped: number;
}

const HTTP_FINAL = new Set([400, 413]);

function byteLength(value: unknown): number {
  return new TextEncoder().encode(JSON.stringify(value)).length;
}

/** Splits events into batches the server accepts (≤100 events, comfortably under 64 KB). */
export function splitIntoBatches(events: QueuedAuditEvent[]): QueuedAuditEvent[][] {
  const budget = AUDIT_BATCH_MAX_BYTES - 1024;
  const batches: QueuedAuditEvent[][] = [];
  let current: QueuedAuditEvent[] = [];
  let bytes = 0;
  for (const e of events) {
    const size = byteLength(e) + 1;
    if (current.length && (current.length >= AUDIT_BATCH_MAX_EVENTS || bytes + size > budget)) {
      batches.push(current);
      current = [];
      bytes = 0;
    }
    current.push(e);
    bytes += size;
  }
  if (current.length) batches.push(current);
  return batches;
}

/**
 * The queue both browser flows share (spec §9). What differs per flow is configuration:
 * interval, count threshold, session id. Rules common to both:
 *  - high and critical events flush at once;
 *  - a failed flush puts its events back at the front, keeping at most `limit`, oldest dropped
 *    first, and the next delivered batch reports how many were dropped;
 *  - a batch the server refuses as malformed (400/413) can never succeed: it is counted as
 *    dropped instead of re-queued forever;
 *  - on page unload everything left goes out with navigator.sendBeacon.
 */
export function createAuditQueue(options: AuditQueueOptions): AuditQueue {
  const limit = options.limit ?? AUDIT_QUEUE_LIMIT;
  const now = options.now ?? (() => new Date());
  const location = options.location ?? (() => globalThis.location?.href ?? '');
  const userAgent = options.userAgent ?? (() => globalThis.navigator?.userAgent ?? '');
  let queue: QueuedAuditEvent[] = [];
  let dropped = 0;
  let inFlight: Promise<void> | null = null;
  let flushAgain = false;
  let timer: ReturnType<typeof setInterval> | null = null;

  function trimToLimit() {
    if (queue.length > limit) {
      dropped += queue.length - limit;
      queue = queue.slice(queue.length - limit);
    }
  }

  function takeDropped(): number | undefined {
    const n = dropped;
    dropped = 0;
    return n > 0 ? n : undefined;
  }

  async function sendAll(): Promise<void> {
    const events = queue;
    queue = [];
    const batches = splitIntoBatches(events);
    for (let i = 0; i < batches.length; i++) {
      const droppedNow = takeDropped();
      try {
        await options.transport.send({ events: batches[i], ...(droppedNow ? { dropped: droppedNow } : {}) });
        options.onDelivered?.(batches[i]);
      } catch (error) {
        dropped += droppedNow ?? 0;
        const status = (error as { status?: number } | null)?.status;
        if (status !== undefined && HTTP_FINAL.has(status)) {
          dropped += batches[i].length;
          continue;
        }
        // Unsent events go back in front of anything queued meanwhile, in their original order.
        queue = [...batches.slice(i).flat(), ...queue];
        trimToLimit();
        return;
      }
    }
  }

  function flush(): Promise<void> {
    if (inFlight) {
      // One request chain at a time; whatever arrives meanwhile goes right after.
      flushAgain = true;
      return inFlight;
    }
    if (queue.length === 0) return Promise.resolve();
    inFlight = sendAll().finally(() => {
      inFlight = null;
      if (flushAgain) {
        flushAgain = false;
        void flush();
      }
    });
    return inFlight;
  }

  function onUnload() {
    if (queue.length === 0) return;
    const batches = splitIntoBatches(queue);
    const kept: QueuedAuditEvent[] = [];
    for (const batch of batches) {
      const droppedNow = takeDropped();
      if (!options.transport.beacon({ events: batch, ...(droppedNow ? { dropped: droppedNow } : {}) })) {
        dropped += droppedNow ?? 0;
        kept.push(...batch);
      }
    }
    // A refused beacon (quota) keeps its events: if the page survives (bfcache), they go later.
    queue = kept;
  }

  function log(eventType: string, severity: AuditSeverity = 'low', extra: Record<string, unknown> = {}) {
    if (!AUDIT_EVENT_TYPE_PATTERN.test(eventType)) {
      console.warn(`audit: "${eventType}" is not a snake_case event type; not logged`);
      return;
    }
    const sessionId = options.sessionId();
    let details: Record<string, unknown> = {
      ...extra,
      timestamp: now().toISOString(),
      session_id: sessionId,
      user_agent: userAgent(),
      url: location(),
    };
    if (byteLength(details) > AUDIT_DETAILS_MAX_BYTES) {
      // The server refuses details over 8 KB; keep the standard fields and say what was cut.
      details = {
        timestamp: details.timestamp,
        session_id: sessionId,
        user_agent: details.user_agent,
        url: details.url,
        truncated: true,
      };
    }
    queue.push({ event_type: eventType, severity, session_id: sessionId, details });
    trimToLimit();
    const isUrgent = URGENT_SEVERITIES.includes(severity);
    if (isUrgent || (options.flushAtCount !== undefined && queue.length >= options.flushAtCount)) void flush();
  }

  return {
    log,
    flush,
    start() {
      if (timer) return;
      timer = setInterval(() => {
        if (queue.length > 0) void flush();
      }, options.intervalMs);
      globalThis.addEventListener?.('pagehide', onUnload);
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
      globalThis.removeEventListener?.('pagehide', onUnload);
    },
    get size() {
      return queue.length;
    },
    get dropped() {
      return dropped;
    },
  };
}
