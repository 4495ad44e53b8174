import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Hub } from '../hub';
import { contracts, htmlPage, redirectTo } from '../http/contract';
import { guardEcosystemAdmin } from '../plugins/admin-guard';
import { requireActor, sessionCookieOptions } from '../plugins/session';
import { requireRecentAuthentication } from '../account/step-up';
import { SESSION_COOKIE } from '../auth/sessions';
import {
  discoverBodySchema,
  discoverResultSchema,
  publicProviderListSchema,
  ssoCallbackQuerySchema,
  ssoParamsSchema,
  ssoStartQuerySchema,
} from '../../shared/api/federation';
import { identityProviderAdminRoutes } from './admin-routes';
import { discoverProvider, listSignInProviders } from './discovery';
import { completeSsoSignIn, startSsoSignIn } from './sign-in';
import { federationLinkRoutes } from './link-routes';
import { LINK_COOKIE, linkCookieOptions } from './pending-link';
import { federationRefusalKind } from './anonymous-refusals';
import { SSO_STATE_COOKIE, clearSsoCookieOptions, ssoCookieOptions } from './state-cookie';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A browser navigation of the sign-in: errors are an HTML page with the way back to /auth (federation/pages.ts). */
    signInPage?: boolean;
  }
}

/**
 * Federation's whole surface (issue 27): the admin API under /api/admin (behind the admin guard),
 * the sign-in page's providers and home-realm discovery under /api/auth, and the browser's
 * detour through a provider under /auth/sso.
 */
export async function federationRoutes(app: FastifyInstance, opts: { hub: Hub }) {
  const { hub } = opts;
  const r = contracts(app);

  await app.register(
    async (admin) => {
      guardEcosystemAdmin(admin, hub);
      await admin.register(identityProviderAdminRoutes, { hub });
    },
    { prefix: '/api/admin' },
  );

  await app.register(federationLinkRoutes, { hub });

  r.get('/api/auth/providers', { schema: { response: { 200: publicProviderListSchema } } }, async () => ({
    providers: await listSignInProviders(hub),
  }));

  r.post(
    '/api/auth/discover',
    { schema: { body: discoverBodySchema, response: { 200: discoverResultSchema } } },
    async (request) => ({ sso: await discoverProvider(hub, request.body.email) }),
  );

  // A flood of bad states or unknown slugs from one address is counted, not written row by row.
  const page = { signInPage: true, aggregateRefusals: federationRefusalKind };
  const pageErrors = { 400: htmlPage('The sign-in could not start'), 404: htmlPage('No such provider') };

  r.get(
    '/auth/sso/:slug',
    {
      config: page,
      schema: {
        params: ssoParamsSchema,
        querystring: ssoStartQuerySchema,
        response: {
          302: redirectTo('To the identity provider'),
          ...pageErrors,
          401: htmlPage('?link=1 without a session'),
          403: htmlPage('?link=1 without a recent authentication'),
        },
      },
    },
    async (request, reply) => {
      const link = request.query.link ? await linkingActor(hub, request) : undefined;
      const { location, sealedState } = await startSsoSignIn(hub, request.params.slug, request.query.return_to, link);
      reply.setCookie(SSO_STATE_COOKIE, sealedState, ssoCookieOptions(hub));
      reply.header('cache-control', 'no-store');
      return reply.redirect(location, 302);
    },
  );

  r.get(
    '/auth/sso/:slug/callback',
    {
      config: page,
      schema: {
        params: ssoParamsSchema,
        querystring: ssoCallbackQuerySchema,
        response: {
          303: redirectTo('Signed in: to where the sign-in was started from'),
          ...pageErrors,
          403: htmlPage('Refused by the linking rules'),
          409: htmlPage('Another window finished the same sign-in first, or the identity is another account\u2019s'),
        },
      },
    },
    async (request, reply) => {
      // The state is single use: whatever happens next, this browser's cookie is spent.
      reply.clearCookie(SSO_STATE_COOKIE, clearSsoCookieOptions());
      reply.header('cache-control', 'no-store');
      const callbackUrl = new URL(request.url, hub.config.publicUrl);
      const outcome = await completeSsoSignIn(
        hub,
        request.params.slug,
        { callbackUrl, sealedState: request.cookies?.[SSO_STATE_COOKIE] },
        await request.actor(),
      );
      if (outcome.kind === 'link_required') {
        // Nobody is signed in: /auth asks the person to prove the account (link-routes.ts).
        reply.setCookie(LINK_COOKIE, outcome.linkToken, linkCookieOptions(hub));
        return reply.redirect(`/auth?link=${encodeURIComponent(outcome.slug)}`, 303);
      }
      if (outcome.kind === 'signed_in') reply.setCookie(SESSION_COOKIE, outcome.token, sessionCookieOptions(hub));
      return reply.redirect(outcome.returnTo, 303);
    },
  );
}

/** `?link=1` (from /account): a signed-in person who authenticated recently; the session the callback must find again. */
async function linkingActor(hub: Hub, request: FastifyRequest) {
  const actor = await requireActor(request);
  await requireRecentAuthentication(hub, actor, { method: request.method, url: request.routeOptions.url ?? '' });
  return { userId: actor.userId, sessionId: actor.sessionId };
}
