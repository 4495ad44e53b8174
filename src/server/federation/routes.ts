import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Hub } from '../hub';
import { apiErrors, contracts, htmlPage, redirectTo } from '../http/contract';
import { guardEcosystemAdmin } from '../plugins/admin-guard';
import { requireActor, sessionCookieOptions } from '../plugins/session';
import { requireRecentAuthentication } from '../account/step-up';
import { SESSION_COOKIE } from '../auth/sessions';
import {
  discoverBodySchema,
  discoverResultSchema,
  publicProviderListSchema,
  samlAcsBodySchema,
  ssoCallbackQuerySchema,
  ssoParamsSchema,
  ssoStartQuerySchema,
} from '../../shared/api/federation';
import { identityProviderAdminRoutes } from './admin-routes';
import { discoverProvider, listSignInProviders } from './discovery';
import { startSsoSignIn } from './sign-in/start';
import { completeSsoSignIn } from './sign-in/oidc-callback';
import { completeSamlSignIn } from './sign-in/saml-acs';
import type { SsoOutcome } from './sign-in/finish';
import { returnPathOf } from './sign-in/return-path';
import { LINK_INTENT_COOKIE, checkLinkIntent, clearLinkIntentCookieOptions } from './link-intent';
import { samlMetadataOf } from './provider-service';
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
          403: htmlPage('?link=1 without a recent authentication, or not asked for by POST /api/me/identities/link'),
        },
      },
    },
    async (request, reply) => {
      const link = request.query.link ? await linkingActor(hub, request, reply, request.params.slug) : undefined;
      const { location, sealedState, protocol } = await startSsoSignIn(
        hub,
        request.params.slug,
        request.query.return_to,
        link,
      );
      reply.setCookie(SSO_STATE_COOKIE, sealedState, ssoCookieOptions(hub, protocol));
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
      return endSignIn(hub, reply, outcome);
    },
  );

  r.post(
    '/auth/sso/:slug/acs',
    {
      config: page,
      schema: {
        params: ssoParamsSchema,
        body: samlAcsBodySchema,
        response: {
          303: redirectTo('Signed in: to where the sign-in was started from'),
          ...pageErrors,
          403: htmlPage('Refused by the linking rules'),
          409: htmlPage('The assertion was already used, or the identity is another account\u2019s'),
        },
      },
    },
    async (request, reply) => {
      // As the OIDC callback: the state is single use, whatever happens next.
      reply.clearCookie(SSO_STATE_COOKIE, clearSsoCookieOptions());
      reply.header('cache-control', 'no-store');
      const outcome = await completeSamlSignIn(
        hub,
        request.params.slug,
        { samlResponse: request.body.SAMLResponse, sealedState: request.cookies?.[SSO_STATE_COOKIE] },
        await request.actor(),
      );
      return endSignIn(hub, reply, outcome);
    },
  );

  r.get(
    '/auth/sso/:slug/metadata',
    {
      schema: {
        params: ssoParamsSchema,
        response: {
          200: {
            description:
              'The hub\u2019s SAML service provider metadata for this provider (entityID, ACS URL, NameID format)',
            content: { 'application/samlmetadata+xml': { schema: z.string() } },
          },
          ...apiErrors(404),
        },
      },
    },
    async (request, reply) => {
      const xml = await samlMetadataOf(hub, request.params.slug);
      return reply.type('application/samlmetadata+xml').send(xml);
    },
  );
}

/** How the OIDC callback and the SAML ACS end: a session, the pending link, or the linked identity. */
function endSignIn(hub: Hub, reply: FastifyReply, outcome: SsoOutcome) {
  if (outcome.kind === 'link_required') {
    // Nobody is signed in: /auth asks the person to prove the account (link-routes.ts).
    reply.setCookie(LINK_COOKIE, outcome.linkToken, linkCookieOptions(hub));
    return reply.redirect(`/auth?link=${encodeURIComponent(outcome.slug)}`, 303);
  }
  if (outcome.kind === 'signed_in') reply.setCookie(SESSION_COOKIE, outcome.token, sessionCookieOptions(hub));
  // The sealed state kept the path checked at the start; the one rule is applied again where the hub redirects.
  return reply.redirect(returnPathOf(outcome.returnTo), 303);
}

/**
 * `?link=1` (from /account): a signed-in person who authenticated recently and asked for it from
 * the hub's page (the intent cookie POST /api/me/identities/link set, spent here); the session
 * the callback must find again.
 */
async function linkingActor(hub: Hub, request: FastifyRequest, reply: FastifyReply, slug: string) {
  const actor = await requireActor(request);
  await requireRecentAuthentication(hub, actor, { method: request.method, url: request.routeOptions.url ?? '' });
  reply.clearCookie(LINK_INTENT_COOKIE, clearLinkIntentCookieOptions());
  checkLinkIntent(hub, request.cookies?.[LINK_INTENT_COOKIE], actor, slug);
  return { userId: actor.userId, sessionId: actor.sessionId };
}
