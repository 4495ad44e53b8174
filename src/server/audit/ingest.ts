import { z } from 'zod';
import { HubError } from '../errors';
import type { Hub } from '../hub';
import { AUDIT_EVENT_TYPE_PATTERN, AUDIT_SEVERITIES } from '../../shared/audit-events';
import {
  AUDIT_ANON_RATE_LIMIT,
  AUDIT_ANON_RATE_WINDOW_MS,
  AUDIT_BATCH_MAX_EVENTS,
  AUDIT_DETAILS_MAX_BYTES,
  AUDIT_USER_RATE_LIMIT,
  AUDIT_USER_RATE_WINDOW_MS,
} from '../../shared/audit-queue';
import type { AuditEvent } from './record';
import { hitRateCounter } from './queries';

/**
 * One browser-reported event. Only these fields are read: anything else in the body
 * (user_id, ip_address, source, hash…) is ignored, because who and where come from the request.
 */
const clientEventSchema = z.object({
  event_type: z.string().regex(AUDIT_EVENT_TYPE_PATTERN, 'must be snake_case, 2-64 characters'),
  severity: z.enum(AUDIT_SEVERITIES),
  session_id: z.string().max(64).nullish(),
  details: z
    .record(z.string(), z.unknown())
    .refine(
      (d) => Buffer.byteLength(JSON.stringify(d), 'utf8') <= AUDIT_DETAILS_MAX_BYTES,
      `must be at most ${AUDIT_DETAILS_MAX_BYTES} bytes of JSON`,
    )
    .default({}),
});

const batchSchema = z.object({
  events: z
    .array(z.unknown())
    .min(1, 'must hold at least one event')
    .max(AUDIT_BATCH_MAX_EVENTS, `must hold at most ${AUDIT_BATCH_MAX_EVENTS} events`),
  /** Events the browser dropped since its last successful flush (queue overflow). */
  dropped: z.number().int().min(0).max(1_000_000).optional(),
});

export interface IngestContext {
  userId: string | null;
  ipAddress: string | null;
  userAgent: string | null;
}

/** The body arrives as JSON, or as text/plain JSON from navigator.sendBeacon (which cannot set a content type we choose freely). */
export function decodeBatchBody(body: unknown): unknown {
  if (typeof body !== 'string') return body;
  try {
    return JSON.parse(body);
  } catch {
    throw new HubError('invalid_json');
  }
}

/**
 * Validates the whole batch before storing any of it: the first bad event refuses the batch
 * with a 400 that names it (`events.3.severity: …`), so nothing is half-stored.
 */
export function parseBatch(body: unknown): { events: z.output<typeof clientEventSchema>[]; dropped: number } {
  const batch = batchSchema.safeParse(body ?? {});
  if (!batch.success) {
    const issue = batch.error.issues[0];
    const field = issue.path.length ? issue.path.join('.') : 'body';
    throw new HubError('invalid_request', `${field}: ${issue.message}`, { field });
  }
  const events = batch.data.events.map((raw, index) => {
    const parsed = clientEventSchema.safeParse(raw);
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0];
    const field = ['events', index, ...issue.path].join('.');
    throw new HubError('invalid_request', `${field}: ${issue.message}`, { field, event_index: index });
  });
  return { events, dropped: batch.data.dropped ?? 0 };
}

/** Anonymous callers are limited per IP, signed-in callers per user; both counters live in the database. */
export async function enforceIngestRateLimit(hub: Hub, ctx: IngestContext) {
  const now = hub.clock();
  const [key, limit, windowMs] = ctx.userId
    ? [`audit_ingest:user:${ctx.userId}`, AUDIT_USER_RATE_LIMIT, AUDIT_USER_RATE_WINDOW_MS]
    : [`audit_ingest:ip:${ctx.ipAddress ?? 'unknown'}`, AUDIT_ANON_RATE_LIMIT, AUDIT_ANON_RATE_WINDOW_MS];
  const { count, windowStartedAt } = await hitRateCounter(hub.db, key, now, windowMs);
  if (count > limit) {
    const retryAfter = Math.max(1, Math.ceil((windowStartedAt.getTime() + windowMs - now.getTime()) / 1000));
    throw new HubError('rate_limited', undefined, {}, { 'retry-after': String(retryAfter) });
  }
}

/** Stores a validated batch in one append (one transaction): all of it or none of it. */
export async function storeClientEvents(
  hub: Hub,
  ctx: IngestContext,
  batch: ReturnType<typeof parseBatch>,
): Promise<number> {
  const base = { userId: ctx.userId, ipAddress: ctx.ipAddress, userAgent: ctx.userAgent, source: 'client' as const };
  const events: AuditEvent[] = batch.events.map((e) => ({
    ...base,
    eventType: e.event_type,
    severity: e.severity,
    sessionId: e.session_id ?? null,
    details: e.details,
  }));
  if (batch.dropped > 0) {
    events.push({
      ...base,
      eventType: 'audit_events_dropped',
      severity: 'medium',
      sessionId: events[0]?.sessionId ?? null,
      details: { dropped: batch.dropped },
    });
  }
  await hub.audit.record(events);
  return events.length;
}
