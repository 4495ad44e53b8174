import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HubError } from '../errors';
import type { SignedInActor } from '../actor';
import { requireActor } from './session';
import type { Hub } from '../hub';
import { requireAdminSecondFactor, requireRecentAuthentication } from '../account/step-up';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Step-up (issue 13): the route needs a full authentication in the last 10 minutes. Checked by
     * the admin guard on admin routes, and by `registerRouteAuth` on `auth: 'user'` routes.
     */
    stepUp?: boolean;
  }
}

/** The refusal text a signed-in non-admin sees (spec §2 /oauth-admin). */
export const NOT_AN_ADMIN_MESSAGE = 'You need ecosystem administrator privileges to access this page.';

/**
 * Guards a route scope: only an effective ecosystem admin (platform_admin or super_admin) gets
 * through. It runs on `onRequest`, before the body is parsed or validated, so a caller who may not
 * use the route learns nothing about its input. Refusals (401/403) are audited by the error hook
 * like every refusal. The SPA's route guard is a convenience; this is the control.
 */
export function guardEcosystemAdmin(app: FastifyInstance, hub: Hub) {
  app.addHook('onRequest', async (request) => {
    const actor = await requireEcosystemAdmin(request);
    const route = { method: request.method, url: request.routeOptions.url ?? '' };
    // Issue 13: an administrator without a second factor is sent to enrolment first.
    await requireAdminSecondFactor(hub, actor, route);
    // Step-up routes (config.stepUp): an authentication with both factors in the last 10 minutes.
    if (request.routeOptions.config?.stepUp) await requireRecentAuthentication(hub, actor, route);
  });
}

export async function requireEcosystemAdmin(request: FastifyRequest): Promise<SignedInActor> {
  const actor = await requireActor(request);
  if (!actor.auth.isEcosystemAdmin) throw new HubError('forbidden', NOT_AN_ADMIN_MESSAGE);
  return actor;
}
