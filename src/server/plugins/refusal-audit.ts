import type { FastifyRequest } from 'fastify';
import type { Hub } from '../hub';
import type { AuditEvent } from '../audit/record';
import { HubError, Refusal } from '../errors';
import { clientIp, userAgent } from '../http/request-info';
import type { OAuthError } from '../oauth/errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Opts this route's own anonymous `Refusal` events into aggregation: routes anyone can flood
     * with refusals that identify nobody (a wrong `state`, an unknown provider slug) answer the
     * kind an event is counted under (its reason), or null for an event that must be written
     * (one that names an identity). Counted per IP, route, event type and kind; the kinds are
     * the code's own reasons, a bounded set, so they are not charged to PER_IP_WRITTEN.
     */
    aggregateRefusals?: (event: AuditEvent) => string | null;
  }
}

/** Anonymous refusals of one kind from one address on one route: the first per window is written, the rest counted. */
const WINDOW_MS = 60_000;
/** Bound on the keys tracked at once; past it, new keys are written as they come (never dropped). */
const MAX_KEYS = 10_000;
/**
 * Per address and window, at most this many kinds/routes are written one by one; refusals on
 * further routes are counted together under OTHER_ROUTES, so one address cannot write a row per
 * route of the API every minute.
 */
const PER_IP_WRITTEN = 5;
const OTHER_ROUTES = '(other routes)';

interface Window {
  startedAt: number;
  suppressed: number;
  ipAddress: string | null;
  eventType: string;
  route: string;
  /** The kind a route's opted-in refusals are counted under (config.aggregateRefusals). */
  kind?: string;
}

/**
 * Writes the audit events of a refusal (plugins/errors.ts calls it for every HubError it renders).
 * A `Refusal` carries its own events; any other 401 `unauthenticated` or 403 becomes the default
 * event for it (`unauthorized_access`, `csrf_refused`, `permission_denied`), so no route can refuse
 * without a row. Default events of anonymous callers (and the Refusal events a route opts in with
 * `config.aggregateRefusals`) are aggregated per IP, route and minute, and
 * at most PER_IP_WRITTEN routes per IP and minute are written one by one (the rest are counted
 * together): anyone can send those, and the audit table must not grow without bound because of it.
 */
export function createRefusalAudit(hub: Hub) {
  const windows = new Map<string, Window>();
  /** Rows written one by one per address in its current window. */
  const perIp = new Map<string, { startedAt: number; written: number }>();

  async function flushExpired(now: number, force = false) {
    const due: Window[] = [];
    for (const [ip, b] of perIp) if (force || now - b.startedAt >= WINDOW_MS) perIp.delete(ip);
    for (const [key, w] of windows) {
      if (force || now - w.startedAt >= WINDOW_MS) {
        windows.delete(key);
        if (w.suppressed > 0) due.push(w);
      }
    }
    if (due.length === 0) return;
    await hub.audit.record(
      due.map((w) => ({
        type: 'anonymous_refusals_aggregated' as const,
        ipAddress: w.ipAddress,
        details: {
          event_type: w.eventType,
          route: w.route,
          ...(w.kind !== undefined ? { kind: w.kind } : {}),
          count: w.suppressed,
          window_start: new Date(w.startedAt).toISOString(),
        },
      })),
    );
  }

  /** True when this anonymous event should be written now; false when it was counted instead. */
  function admit(event: AuditEvent, route: string, now: number, kind?: string): boolean {
    const key = `${event.ipAddress ?? '-'}|${event.type}|${route}${kind !== undefined ? `|${kind}` : ''}`;
    const open = windows.get(key);
    if (open && now - open.startedAt < WINDOW_MS) {
      open.suppressed += 1;
      return false;
    }
    if (windows.size >= MAX_KEYS && !open) return true;
    if (kind !== undefined) {
      windows.set(key, {
        startedAt: now,
        suppressed: 0,
        ipAddress: event.ipAddress ?? null,
        eventType: event.type,
        route,
        kind,
      });
      return true;
    }
    const ip = event.ipAddress ?? '-';
    let budget = perIp.get(ip);
    if (!budget || now - budget.startedAt >= WINDOW_MS) {
      budget = { startedAt: now, written: 0 };
      perIp.set(ip, budget);
    }
    if (budget.written >= PER_IP_WRITTEN) {
      // This address has had its rows this minute: count it with its other routes.
      const otherKey = `${ip}|${event.type}|${OTHER_ROUTES}`;
      const other = windows.get(otherKey);
      if (other && now - other.startedAt < WINDOW_MS) other.suppressed += 1;
      else
        windows.set(otherKey, {
          startedAt: now,
          suppressed: 1,
          ipAddress: event.ipAddress ?? null,
          eventType: event.type,
          route: OTHER_ROUTES,
        });
      return false;
    }
    budget.written += 1;
    windows.set(key, {
      startedAt: now,
      suppressed: 0,
      ipAddress: event.ipAddress ?? null,
      eventType: event.type,
      route,
    });
    return true;
  }

  return {
    async record(request: FastifyRequest, error: HubError): Promise<void> {
      const events = await eventsOf(request, error);
      if (events.length === 0) return;
      const now = hub.clock().getTime();
      await flushExpired(now);
      const route = routeKey(request);
      const kindOf = request.routeOptions.config?.aggregateRefusals;
      const written = events.filter((e) => {
        if (e.userId) return true;
        if (!(error instanceof Refusal)) return admit(e, route, now);
        // A Refusal is written unless its route counts this kind of it (config.aggregateRefusals).
        const kind = kindOf?.(e) ?? null;
        return kind === null || admit(e, route, now, kind);
      });
      if (written.length) await hub.audit.record(written);
    },
    /**
     * Writes the event an OAuthError carries, with where the request came from where it names
     * nothing. Never aggregated, and through the group commit like the grants beside it. Unlike
     * the API's refusals, a failure to write fails the answer: the OAuth endpoints answer a
     * refusal only once it is in the chain.
     */
    async recordOAuth(request: FastifyRequest, error: OAuthError): Promise<void> {
      if (!error.audit) return;
      await hub.unitOfWork.commit({ ipAddress: clientIp(request), userAgent: userAgent(request), ...error.audit });
    },
    /** Writes the counts of every open window (shutdown, tests). */
    flush: () => flushExpired(hub.clock().getTime(), true),
  };
}

function routeOf(request: FastifyRequest): string {
  return request.routeOptions.url ?? '(no route)';
}

function routeKey(request: FastifyRequest): string {
  return `${request.method} ${routeOf(request)}`;
}

async function eventsOf(request: FastifyRequest, error: HubError): Promise<AuditEvent[]> {
  const actor = await request.actor().catch(() => null);
  const fields = actor?.audit ?? {};
  if (error instanceof Refusal) {
    // The event names what it knows (null included); the actor fills in what it left out.
    return error.audit.map((e) => {
      const merged = { ...e } as Record<string, unknown>;
      for (const [k, v] of Object.entries(fields)) if (merged[k] === undefined) merged[k] = v;
      return merged as unknown as AuditEvent;
    });
  }
  const where = { method: request.method, route: routeOf(request), code: error.code };
  if (error.code === 'unauthenticated') return [{ type: 'unauthorized_access', ...fields, details: where }];
  if (error.code === 'csrf_failed') {
    return [{ type: 'csrf_refused', ...fields, details: { ...where, origin: request.headers.origin ?? null } }];
  }
  if (error.status === 403) return [{ type: 'permission_denied', ...fields, details: where }];
  return [];
}
