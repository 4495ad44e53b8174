import { HubError } from '../errors';
import type { Hub } from '../hub';
import { AUDIT_EVENTS } from '../../shared/audit-events';
import type { ClientEventBatch } from '../../shared/api/audit';
import {
  AUDIT_ANON_EVENT_TYPES,
  AUDIT_ANON_SEVERITIES,
  AUDIT_ANON_RATE_LIMIT,
  AUDIT_ANON_RATE_WINDOW_MS,
  AUDIT_USER_RATE_LIMIT,
  AUDIT_USER_RATE_WINDOW_MS,
} from '../../shared/audit-queue';
import type { AuditRowInput } from './record';
import { enforceRateLimit } from '../http/rate-limit';

export interface IngestContext {
  userId: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  requestId?: string | null;
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
 * A signed-out caller may only report the page-load events (AUDIT_ANON_EVENT_TYPES at
 * AUDIT_ANON_SEVERITIES); one other event refuses the whole batch with 401, so nobody can
 * forge sign-in failures or high-severity events without an account.
 */
export function assertAnonymousBatchAllowed(batch: ClientEventBatch): void {
  const index = batch.events.findIndex(
    (e) => !AUDIT_ANON_EVENT_TYPES.includes(e.event_type) || !AUDIT_ANON_SEVERITIES.includes(e.severity),
  );
  if (index >= 0) {
    throw new HubError(
      'unauthenticated',
      `Signed-out pages may only report ${AUDIT_ANON_EVENT_TYPES.join(' or ')} at ${AUDIT_ANON_SEVERITIES.join(', ')} severity.`,
      { field: `events.${index}`, event_index: index },
    );
  }
}

/** Anonymous callers are limited per IP, signed-in callers per user; both counters live in the database. */
export async function enforceIngestRateLimit(hub: Hub, ctx: IngestContext) {
  const [key, limit, windowMs] = ctx.userId
    ? [{ purpose: 'audit_ingest:user', value: ctx.userId }, AUDIT_USER_RATE_LIMIT, AUDIT_USER_RATE_WINDOW_MS]
    : [
        { purpose: 'audit_ingest:ip', value: ctx.ipAddress ?? 'unknown' },
        AUDIT_ANON_RATE_LIMIT,
        AUDIT_ANON_RATE_WINDOW_MS,
      ];
  await enforceRateLimit(hub, key, limit, windowMs);
}

/** Stores a validated batch in one append (one transaction): all of it or none of it. */
export async function storeClientEvents(hub: Hub, ctx: IngestContext, batch: ClientEventBatch): Promise<number> {
  const base = {
    userId: ctx.userId,
    ipAddress: ctx.ipAddress,
    userAgent: ctx.userAgent,
    requestId: ctx.requestId ?? null,
    source: 'client' as const,
  };
  const events: AuditRowInput[] = batch.events.map((e) => ({
    ...base,
    eventType: e.event_type,
    severity: e.severity,
    sessionId: e.session_id ?? null,
    details: e.details,
  }));
  if (batch.dropped) {
    // The count comes from the browser, so the row is a client event; its severity is the catalogue's.
    events.push({
      ...base,
      eventType: 'audit_events_dropped',
      severity: AUDIT_EVENTS.audit_events_dropped.severity,
      sessionId: events[0]?.sessionId ?? null,
      details: { dropped: batch.dropped },
    });
  }
  await hub.audit.recordRows(events);
  return events.length;
}
