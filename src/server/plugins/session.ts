import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HubError } from '../errors';
import type { Hub } from '../hub';
import type { BrowserAuth } from '../auth/sessions';
import { SESSION_COOKIE, resolveBrowserSession } from '../auth/sessions';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in hub user behind the `hub_session` cookie, resolved once per request. */
    getAuth(): Promise<BrowserAuth | null>;
  }
}

const authCache = new WeakMap<FastifyRequest, Promise<BrowserAuth | null>>();

export function registerSession(app: FastifyInstance, hub: Hub) {
  app.decorateRequest('getAuth', function (this: FastifyRequest) {
    let pending = authCache.get(this);
    if (!pending) {
      const token = this.cookies?.[SESSION_COOKIE];
      pending = token ? resolveBrowserSession(hub, token) : Promise.resolve(null);
      authCache.set(this, pending);
    }
    return pending;
  });
}

/** The signed-in user, or a 401. */
export async function requireUser(request: FastifyRequest): Promise<BrowserAuth> {
  const auth = await request.getAuth();
  if (!auth) throw new HubError('unauthenticated');
  return auth;
}

/** Cookie options for the session cookie (Secure whenever the hub is served over https). */
export function sessionCookieOptions(hub: Hub) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: hub.config.publicUrl.startsWith('https://'),
    maxAge: hub.config.sessionAbsoluteHours * 3600,
  };
}
