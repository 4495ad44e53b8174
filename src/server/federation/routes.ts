import type { FastifyInstance } from 'fastify';
import type { Hub } from '../hub';
import { contracts, htmlPage, redirectTo } from '../http/contract';
import { guardEcosystemAdmin } from '../plugins/admin-guard';
import { sessionCookieOptions } from '../plugins/session';
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

  r.get('/api/auth/providers', { schema: { response: { 200: publicProviderListSchema } } }, async () => ({
    providers: await listSignInProviders(hub),
  }));

  r.post(
    '/api/auth/discover',
    { schema: { body: discoverBodySchema, response: { 200: discoverResultSchema } } },
    async (request) => ({ sso: await discoverProvider(hub, request.body.email) }),
  );

  const page = { signInPage: true };
  const pageErrors = { 400: htmlPage('The sign-in could not start'), 404: htmlPage('No such provider') };

  r.get(
    '/auth/sso/:slug',
    {
      config: page,
      schema: {
        params: ssoParamsSchema,
        querystring: ssoStartQuerySchema,
        response: { 302: redirectTo('To the identity provider'), ...pageErrors },
      },
    },
    async (request, reply) => {
      const { location, sealedState } = await startSsoSignIn(hub, request.params.slug, request.query.return_to);
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
          409: htmlPage('Another window finished the same sign-in first'),
        },
      },
    },
    async (request, reply) => {
      // The state is single use: whatever happens next, this browser's cookie is spent.
      reply.clearCookie(SSO_STATE_COOKIE, clearSsoCookieOptions());
      reply.header('cache-control', 'no-store');
      const callbackUrl = new URL(request.url, hub.config.publicUrl);
      const { token, returnTo } = await completeSsoSignIn(
        hub,
        request.params.slug,
        { callbackUrl, sealedState: request.cookies?.[SSO_STATE_COOKIE] },
        await request.actor(),
      );
      reply.setCookie(SESSION_COOKIE, token, sessionCookieOptions(hub));
      return reply.redirect(returnTo, 303);
    },
  );
}
