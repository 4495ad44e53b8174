import type { FastifyInstance } from 'fastify';
import type { Hub } from '../hub';
import { apiErrors, contracts, emptyBody, htmlPage, redirectTo } from '../http/contract';
import { requireActor, sessionCookieOptions } from '../plugins/session';
import { SESSION_COOKIE } from '../auth/sessions';
import { createMailer } from '../auth/mailer';
import {
  identityDeletedSchema,
  identityIdParamsSchema,
  linkConfirmBodySchema,
  linkStartBodySchema,
  linkStartResultSchema,
  linkConfirmResultSchema,
  linkMailResultSchema,
  linkTokenParamsSchema,
  myIdentityListSchema,
  pendingLinkSchema,
} from '../../shared/api/federation';
import { completeMailedLink, confirmLinkByReauthentication, describePendingLink, mailLink } from './link-service';
import { listMyIdentities, startLinkFromAccount, unlinkMyIdentity } from './identities';
import { LINK_COOKIE, clearLinkCookieOptions } from './pending-link';
import { sendLinkConfirmPage } from './pages';
import { describeMailedLink } from './link-mail';
import { LINK_INTENT_COOKIE, linkIntentCookieOptions } from './link-intent';
import { returnPathOf } from './sign-in/return-path';
import { HubError } from '../errors';
import { federationRefusalKind } from './anonymous-refusals';

/**
 * Linking upstream identities to accounts (issue 27): the pending identity's API under
 * /api/auth/sso/link (the browser's `hub_sso_link` cookie names it), the mailed link a person
 * opens at /auth/sso/link/:token (a page whose button POSTs to the same path), and a person's own
 * identities under /api/me/identities.
 */
export async function federationLinkRoutes(app: FastifyInstance, opts: { hub: Hub }) {
  const { hub } = opts;
  const r = contracts(app);
  const mailer = createMailer(hub.config.smtpUrl, app.log, hub.clock, hub.config.isProduction);

  r.get(
    '/api/auth/sso/link',
    { schema: { response: { 200: pendingLinkSchema, ...apiErrors(400) } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return describePendingLink(hub, request.cookies?.[LINK_COOKIE]);
    },
  );

  // A spent or missing pending link names nobody: such refusals are counted per address, not written one by one.
  const counted = { aggregateRefusals: federationRefusalKind };
  r.post(
    '/api/auth/sso/link/confirm',
    {
      config: counted,
      schema: {
        body: linkConfirmBodySchema,
        response: { 200: linkConfirmResultSchema, ...apiErrors(401, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { token, returnTo } = await confirmLinkByReauthentication(
        hub,
        request.cookies?.[LINK_COOKIE],
        request.body,
        await request.actor(),
      );
      reply.clearCookie(LINK_COOKIE, clearLinkCookieOptions());
      reply.setCookie(SESSION_COOKIE, token, sessionCookieOptions(hub));
      // The pending link kept the path from the start of the detour; held to the return-path rule again.
      return { linked: true as const, return_to: returnPathOf(returnTo) };
    },
  );

  r.post(
    '/api/auth/sso/link/email',
    { config: counted, schema: { body: emptyBody, response: { 202: linkMailResultSchema, ...apiErrors(404, 429) } } },
    async (request, reply) => {
      const result = await mailLink(hub, mailer, request.cookies?.[LINK_COOKIE], await request.actor());
      return reply.code(202).send(result);
    },
  );

  r.get(
    '/auth/sso/link/:token',
    {
      config: { signInPage: true },
      schema: {
        params: linkTokenParamsSchema,
        response: {
          200: htmlPage('The identity the link connects, and the button that links and signs in'),
          400: htmlPage('The link is unknown, used or expired'),
        },
      },
    },
    async (request, reply) => {
      const names = await describeMailedLink(hub, request.params.token);
      return sendLinkConfirmPage(reply, `/auth/sso/link/${encodeURIComponent(request.params.token)}`, names);
    },
  );

  const ownOrigin = new URL(hub.config.publicUrl).origin;
  r.post(
    '/auth/sso/link/:token',
    {
      config: { signInPage: true, ...counted },
      schema: {
        params: linkTokenParamsSchema,
        body: emptyBody,
        response: {
          303: redirectTo('Linked: signed in and on to where the sign-in started, or to /auth?linked=<slug>'),
          400: htmlPage('The link is unknown, used or expired'),
          403: htmlPage('Not sent from the hub\u2019s page, or the account changed since the link was sent'),
          404: htmlPage('The provider is not available any more'),
          409: htmlPage('The identity was linked meanwhile'),
        },
      },
    },
    async (request, reply) => {
      // The button of the hub's own page only: another site cannot sign a visitor in to an account it linked.
      if (request.headers.origin !== ownOrigin) throw new HubError('csrf_failed');
      reply.header('cache-control', 'no-store');
      const { session, returnTo } = await completeMailedLink(hub, request.params.token, await request.actor());
      if (session) reply.setCookie(SESSION_COOKIE, session.token, sessionCookieOptions(hub));
      return reply.redirect(returnPathOf(returnTo), 303);
    },
  );

  const user = { config: { auth: 'user' as const } };
  r.get(
    '/api/me/identities',
    { ...user, schema: { response: { 200: myIdentityListSchema, ...apiErrors(401) } } },
    async (request) => listMyIdentities(hub, await requireActor(request)),
  );

  r.post(
    '/api/me/identities/link',
    {
      // The detour's start asks for a recent authentication: asked here first, as JSON, step-up can run on /account.
      config: { auth: 'user' as const, stepUp: true },
      schema: { body: linkStartBodySchema, response: { 200: linkStartResultSchema, ...apiErrors(401, 404) } },
    },
    async (request, reply) => {
      const { location, intent } = await startLinkFromAccount(hub, await requireActor(request), request.body.provider);
      reply.setCookie(LINK_INTENT_COOKIE, intent, linkIntentCookieOptions(hub));
      return { location };
    },
  );

  r.delete(
    '/api/me/identities/:id',
    {
      // Removing a way in is what a stolen session would do to lock the owner out.
      config: { auth: 'user' as const, stepUp: true },
      schema: {
        params: identityIdParamsSchema,
        body: emptyBody,
        response: { 200: identityDeletedSchema, ...apiErrors(401, 404, 409) },
      },
    },
    async (request) => unlinkMyIdentity(hub, await requireActor(request), request.params.id),
  );
}
