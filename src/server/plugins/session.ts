import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HubError, Refusal } from '../errors';
import type { Hub } from '../hub';
import type { Actor, SignedInActor } from '../actor';
import { buildActor } from '../actor';
import { requestLocale } from '../i18n/translate';
import type { BrowserAuth } from '../auth/sessions';
import { SESSION_COOKIE, resolveBrowserSession } from '../auth/sessions';
import { clientIp, userAgent } from '../http/request-info';
import { requireRecentAuthentication } from '../account/step-up';
import { mustChangePassword } from '../auth/password-check';
import {
  IMPERSONATOR_COOKIE,
  isSecuritySetting,
  returnAfterExpiry,
  securitySettingRefusal,
} from '../admin/impersonation';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `user`: the route needs a signed-in hub user; checked on `onRequest`, before the body is read,
     * so an anonymous caller gets 401 whatever it sent. (Admin routes have their own guard.)
     */
    auth?: 'user';
  }
  interface FastifyRequest {
    /** The signed-in hub user behind the `hub_session` cookie, resolved once per request. */
    getAuth(): Promise<BrowserAuth | null>;
    /** Who acts in this request (signed in or not), built once per request. */
    actor(): Promise<Actor>;
  }
}

const authCache = new WeakMap<FastifyRequest, Promise<BrowserAuth | null>>();
/** Requests that found an impersonation run out and went back to the administrator's session (its token). */
const returnedTo = new WeakMap<FastifyRequest, string>();
const actorCache = new WeakMap<FastifyRequest, Promise<Actor>>();

/** The request's sign-in lookup if one was started (access log: user id), without starting one. */
export function resolvedAuth(request: FastifyRequest): Promise<BrowserAuth | null> | undefined {
  return authCache.get(request);
}

export function registerSession(app: FastifyInstance, hub: Hub) {
  app.decorateRequest('getAuth', function (this: FastifyRequest) {
    let pending = authCache.get(this);
    if (!pending) {
      const token = this.cookies?.[SESSION_COOKIE];
      const adminToken = this.cookies?.[IMPERSONATOR_COOKIE];
      pending = (token ? resolveBrowserSession(hub, token) : Promise.resolve(null)).then(async (auth) => {
        if (auth || !adminToken) return auth;
        // Issue 42: an impersonation that ran out returns the browser to the administrator's own session.
        const client = { ipAddress: clientIp(this), userAgent: userAgent(this), requestId: String(this.id) };
        const back = await returnAfterExpiry(hub, token, adminToken, client);
        if (back) returnedTo.set(this, adminToken);
        return back;
      });
      authCache.set(this, pending);
    }
    return pending;
  });
  app.addHook('onSend', async (request, reply) => {
    const adminToken = returnedTo.get(request);
    if (!adminToken) return;
    reply.setCookie(SESSION_COOKIE, adminToken, sessionCookieOptions(hub));
    reply.clearCookie(IMPERSONATOR_COOKIE, { path: '/' });
  });
  app.decorateRequest('actor', function (this: FastifyRequest) {
    let pending = actorCache.get(this);
    if (!pending) {
      pending = this.getAuth().then((auth) =>
        buildActor({
          auth,
          ipAddress: clientIp(this),
          userAgent: userAgent(this),
          requestId: String(this.id),
          locale: requestLocale(this, { saved: auth?.user.locale }),
        }),
      );
      actorCache.set(this, pending);
    }
    return pending;
  });
}

/**
 * Routes marked `config.auth = 'user'` refuse anonymous callers before their body is read; those
 * also marked `config.stepUp` need a recent full authentication (the admin routes' guard does the
 * same for theirs).
 */
export function registerRouteAuth(app: FastifyInstance, hub: Hub) {
  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    // Issue 42: an administrator viewing as a user never reaches that user's security settings.
    if (isSecuritySetting(request.method, request.routeOptions.url ?? '', !!config?.stepUp)) {
      const actor = await request.actor();
      if (actor.auth?.session.act)
        throw securitySettingRefusal(actor as SignedInActor, request.method, request.routeOptions.url ?? '');
    }
    if (config?.auth !== 'user') return;
    const actor = await requireActor(request);
    if (config.stepUp)
      await requireRecentAuthentication(hub, actor, { method: request.method, url: request.routeOptions.url ?? '' });
  });
}

/**
 * Issue 42: what a person whose breached password must be changed may still do — read the
 * session and their profile (the web renders the notice from them), change the password (either
 * route) and confirm it is them first if asked. Signing out needs no signed-in actor at all.
 */
const PASSWORD_CHANGE_ROUTES = new Set([
  'GET /api/auth/session',
  'GET /api/me',
  'POST /api/auth/change-password',
  'POST /api/me/password',
  'POST /api/auth/reauthenticate',
  'POST /api/auth/sign-out',
]);

/**
 * The signed-in actor, or a 401 (audited by the error hook like every refusal). Every route that
 * needs a signed-in user comes through here (`auth: 'user'`, the admin guard, handlers), so this
 * is where a session that must change its password first (mustChangePassword) is refused: 403
 * `password_change_required`, audited, on every route but PASSWORD_CHANGE_ROUTES.
 */
export async function requireActor(request: FastifyRequest): Promise<SignedInActor> {
  const actor = await request.actor();
  if (!actor.auth) throw new HubError('unauthenticated');
  const route = request.routeOptions.url ?? '';
  if (mustChangePassword(actor.auth) && !PASSWORD_CHANGE_ROUTES.has(`${request.method} ${route}`)) {
    throw new Refusal('password_change_required', {
      audit: { type: 'password_change_refused', ...actor.audit, details: { method: request.method, route } },
    });
  }
  return actor as SignedInActor;
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
