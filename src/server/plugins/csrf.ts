import type { FastifyInstance } from 'fastify';
import { HubError } from '../errors';
import type { Hub } from '../hub';

/** Header the SPA sends on every API call. A cross-site page cannot set it without a CORS preflight, which the hub never grants. */
export const CSRF_HEADER = 'x-hub-csrf';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Every state-changing /api request must come from the hub's own pages: either it carries
 * the CSRF header, or its Origin is the hub's own (navigator.sendBeacon cannot set headers).
 */
export function registerCsrf(app: FastifyInstance, hub: Hub) {
  const ownOrigin = new URL(hub.config.publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    if (request.headers[CSRF_HEADER] === '1') return;
    if (request.headers.origin === ownOrigin) return;
    throw new HubError('csrf_failed');
  });
}
