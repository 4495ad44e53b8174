import type { FastifyInstance, HTTPMethods } from 'fastify';
import type { TestClient } from '../../helpers/client';

export interface RouteEntry {
  method: string;
  url: string;
}

/**
 * Every route the Fastify instance has, read from printRoutes' tree (each line adds its
 * segment to its parent's path), so routes added later are covered without editing tests.
 */
export function listRoutes(app: FastifyInstance): RouteEntry[] {
  const out: RouteEntry[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^([│ ]*)[├└]── (\S+) \(([^)]+)\)/.exec(line) ?? /^([│ ]*)[├└]── (\S+)$/.exec(line);
    if (!m) continue;
    const depth = m[1].length / 4;
    const full = (stack[depth - 1] ?? '') + m[2];
    stack[depth] = full;
    stack.length = depth + 1;
    for (const method of (m[3] ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)) {
      if (method !== 'HEAD' && method !== 'OPTIONS') out.push({ method, url: full });
    }
  }
  return out;
}

/** A concrete URL for a route pattern: every :param becomes a well-formed id that exists nowhere. */
export function concreteUrl(pattern: string): string {
  return pattern.replace(/:[A-Za-z_]+/g, '00000000-0000-4000-8000-000000000000');
}

/**
 * Sends a listed route what the SPA would at the least: its cookie and CSRF header, and an empty
 * JSON body where the method takes one, so that what answers is the guard, not the body parser.
 */
export function callRoute(client: TestClient, route: RouteEntry, cookie: string | undefined) {
  const takesBody = route.method !== 'GET' && route.method !== 'DELETE';
  return client
    .asBrowser(cookie)
    .request(route.method as HTTPMethods, concreteUrl(route.url), takesBody ? { body: {} } : {});
}
