import type { FastifyInstance } from 'fastify';
import type { Hub } from '../hub';
import { apiErrors, contracts, emptyBody } from '../http/contract';
import { requireActor, sessionCookieOptions } from '../plugins/session';
import { requireEcosystemAdmin } from '../plugins/admin-guard';
import { requireAdminSecondFactor } from '../account/step-up';
import { sessionViewSchema } from '../../shared/api/auth';
import { myImpersonationsSchema } from '../../shared/api/impersonation';
import { SESSION_COOKIE } from '../auth/sessions';
import { sessionView } from '../auth/session-view';
import { endImpersonation, IMPERSONATOR_COOKIE, listMyImpersonations } from './impersonation';

/**
 * Issue 42, the routes of "View as this user" that the impersonated session itself calls, so
 * outside the admin guard (the session is the user's, who may be no administrator):
 * DELETE /api/admin/impersonation ends it, GET /api/me/impersonations is the user's own list.
 * Starting and approving are admin routes (admin/routes.ts).
 */
export async function impersonationRoutes(app: FastifyInstance, opts: { hub: Hub }) {
  const { hub } = opts;
  const r = contracts(app);

  r.delete(
    '/api/admin/impersonation',
    { schema: { body: emptyBody.optional(), response: { 200: sessionViewSchema, ...apiErrors(401, 403, 409) } } },
    async (request, reply) => {
      const actor = await requireActor(request);
      // Not viewing as anyone: the same guard as every other admin route answers first.
      if (!actor.auth.session.act) {
        const admin = await requireEcosystemAdmin(request);
        await requireAdminSecondFactor(hub, admin, { method: request.method, url: request.routeOptions.url ?? '' });
      }
      const back = await endImpersonation(hub, actor, request.cookies?.[IMPERSONATOR_COOKIE]);
      reply.clearCookie(IMPERSONATOR_COOKIE, { path: '/' });
      reply.header('cache-control', 'no-store');
      if (!back) {
        reply.clearCookie(SESSION_COOKIE, { path: '/' });
        return sessionView(null);
      }
      reply.setCookie(SESSION_COOKIE, back.adminToken, sessionCookieOptions(hub));
      return sessionView(back.auth);
    },
  );

  r.get(
    '/api/me/impersonations',
    { config: { auth: 'user' }, schema: { response: { 200: myImpersonationsSchema, ...apiErrors(401) } } },
    async (request) => listMyImpersonations(hub, (await requireActor(request)).userId),
  );
}
