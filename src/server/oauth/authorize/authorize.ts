import { createHmac } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Hub } from '../../hub';
import { safeEqual } from '../../crypto/tokens';
import { clientIp, userAgent } from '../../http/request-info';
import { sendConsentPage, sendErrorPage } from '../pages';
import { checkConsent } from './check-consent';
import { checkPkceChallenge } from './check-pkce';
import { checkRedirectUri } from './check-redirect-uri';
import { checkRequest } from './check-request';
import { checkSession } from './check-session';
import {
  AuthorizeInterrupt,
  AuthorizePageError,
  AuthorizeRedirectError,
  parseAuthorizeQuery,
  type AuthorizeContext,
} from './context';
import { issueCode } from './issue-code';
import { loadAuthorizeClient } from './load-client';
import { respondToClient } from './respond';

/** The authorization endpoint as an ordered list of steps; the order is the security argument. */
const STEPS: ((ctx: AuthorizeContext) => void | Promise<void>)[] = [
  loadAuthorizeClient,
  checkRedirectUri,
  checkRequest,
  checkPkceChallenge,
  checkSession,
  checkConsent,
];

/** Binds the consent form to the browser session and the exact request, so no other site can post it. */
export function consentCsrf(hub: Hub, sessionId: string, query: string): string {
  return createHmac('sha256', hub.config.masterKey!).update(`oauth-consent:${sessionId}:${query}`).digest('base64url');
}

export async function runAuthorize(
  hub: Hub,
  request: FastifyRequest,
  reply: FastifyReply,
  query: string,
  decision?: { allow: boolean; csrf: string },
) {
  const { params, duplicate } = parseAuthorizeQuery(query);
  const ctx: AuthorizeContext = { hub, request, params, query, responseMode: 'query', scopes: [] };
  try {
    if (duplicate)
      throw new AuthorizePageError('invalid_request', `The parameter ${duplicate} was given more than once.`);
    for (const step of STEPS) {
      if (step === checkConsent && decision) {
        if (!safeEqual(decision.csrf, consentCsrf(hub, ctx.auth!.session.id, query)))
          throw new AuthorizePageError('invalid_request', 'The consent form expired or did not come from this hub.');
        if (!decision.allow) throw new AuthorizeRedirectError('access_denied', 'The user denied the request.');
        ctx.consentGiven = true;
      }
      await step(ctx);
    }
    const code = await issueCode(ctx);
    return respondToClient(ctx, reply, { code });
  } catch (e) {
    if (e instanceof AuthorizeInterrupt) {
      if (e.kind === 'login') {
        // return_to is the agreed parameter; next is what /auth honours today (same-origin paths only).
        const back = `/oauth/authorize?${query}`;
        return reply.redirect(`/auth?${new URLSearchParams({ return_to: back, next: back })}`, 302);
      }
      return sendConsentPage(reply, {
        appName: ctx.client!.appName,
        appUrl: ctx.client!.appUrl,
        scopes: ctx.scopes,
        query,
        csrf: consentCsrf(hub, ctx.auth!.session.id, query),
        userEmail: ctx.auth!.user.email,
      });
    }
    if (!(e instanceof AuthorizePageError) && !(e instanceof AuthorizeRedirectError)) throw e;
    await hub.audit.record({
      type: 'oauth_authorize_refused',
      userId: ctx.auth?.user.id ?? null,
      ipAddress: clientIp(request),
      userAgent: userAgent(request),
      details: {
        client_id: params.client_id?.slice(0, 100) ?? null,
        error: e.error,
        description: e.description,
        redirected: e instanceof AuthorizeRedirectError,
      },
    });
    if (e instanceof AuthorizePageError) return sendErrorPage(reply, 400, e.error, e.description);
    return respondToClient(ctx, reply, { error: e.error, error_description: e.description });
  }
}
