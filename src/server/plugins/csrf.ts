import type { FastifyInstance } from 'fastify';
import { HubError } from '../errors';
import type { Hub } from '../hub';
import { pathOf } from '../http/path';

/** Header the SPA sends on every API call. A cross-site page cannot set it without a CORS preflight, which the hub never grants. */
export const CSRF_HEADER = 'x-hub-csrf';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Every state-changing /api route must be called from the hub's own pages: the request carries
 * the CSRF header, or its Origin is the hub's own (navigator.sendBeacon cannot set headers).
 * The check hangs off the route the router matched (`routeOptions.url`), never off the raw URL,
 * so no spelling of a path reaches a route without it (paths are also made canonical before
 * routing: http/path.ts).
 */
export function registerCsrf(app: FastifyInstance, hub: Hub) {
  const ownOrigin = new URL(hub.config.publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    // The matched route; for a path no route matches, the canonical path (http/path.ts).
    const route = request.routeOptions.url ?? pathOf(request.url);
    if (!route.startsWith('/api/')) return;
    if (request.headers[CSRF_HEADER] === '1') return;
    if (request.headers.origin === ownOrigin) return;
    throw new HubError('csrf_failed');
  });
}
