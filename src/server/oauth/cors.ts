import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Hub } from '../hub';
import { isOriginAllowed } from './clients/queries';
import { LookupCache } from './lookup-cache';

/** Endpoints a browser-based client (an SPA of a sister platform) calls directly. */
const CORS_PATHS = new Set(['/oauth/token', '/oauth/revoke', '/oauth/userinfo']);

/**
 * CORS for the token, revocation and userinfo endpoints, granted only to origins that an
 * active client registered in allowed_origins. No credentials (cookies) are ever allowed
 * cross-origin: these endpoints authenticate by client credentials, PKCE or bearer token.
 */
export function registerOAuthCors(app: FastifyInstance, hub: Hub) {
  // Bounded: 1,000 origins, 60 s each.
  const allowed = new LookupCache<boolean>(60_000, 1000);
  const check = (origin: string) => allowed.get(origin, () => isOriginAllowed(hub.db, origin));

  async function applyCors(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    const origin = request.headers.origin;
    if (!origin || !(await check(origin))) return false;
    reply.header('access-control-allow-origin', origin).header('vary', 'Origin');
    return true;
  }

  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?')[0];
    if (!CORS_PATHS.has(path) || request.method === 'OPTIONS') return;
    await applyCors(request, reply);
  });

  for (const path of CORS_PATHS) {
    app.options(path, async (request, reply) => {
      if (!(await applyCors(request, reply))) return reply.code(403).send();
      return reply
        .header('access-control-allow-methods', path === '/oauth/userinfo' ? 'GET, POST' : 'POST')
        .header('access-control-allow-headers', 'authorization, content-type')
        .header('access-control-max-age', '600')
        .code(204)
        .send();
    });
  }
}
