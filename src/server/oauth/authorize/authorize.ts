import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Hub } from '../../hub';
import { isKeyedMac, keyedMac } from '../../crypto/keyed-mac';
import { clientIp, userAgent } from '../../http/request-info';
import type { AuditEvent } from '../../audit/record';
import { AuthorizePageError, type OAuthErrorCode } from '../errors';
import { unreviewedClientFacts } from '../registration/consent';
import { brandOf, sendAccountChooser, sendConsentPage, setPageContext } from '../pages';
import { requestLocale } from '../../i18n/translate';
import { checkConsent } from './check-consent';
import { checkOrganization, checkOrganizationRequest } from './check-organization';
import { checkPkceChallenge } from './check-pkce';
import { checkRedirectUri } from './check-redirect-uri';
import { checkRequest } from './check-request';
import { checkResource } from './check-resource';
import { checkSession } from './check-session';
import {
  AuthorizeInterrupt,
  AuthorizeRedirectError,
  MAX_PARAM_LENGTH,
  parseAuthorizeQuery,
  type AuthorizeContext,
} from './context';
import { issueCode } from './issue-code';
import { loadRequest, spendPushedRequest } from './load-request';
import { checkProfile } from './check-profile';
import { loadAuthorizeClient } from './load-client';
import { respondToClient } from './respond';
import { membershipsOf, orgIdOfScopes } from '../../orgs/claims';

/** The authorization endpoint as an ordered list of steps; the order is the security argument. */
type Step = (ctx: AuthorizeContext) => void | Promise<void>;

/**
 * The checks of the request itself, once its client is known and its parameters loaded: the
 * authorization endpoint runs them, and so does the PAR endpoint before it stores a request.
 */
export const REQUEST_CHECKS: Step[] = [checkRedirectUri, checkRequest, checkResource, checkPkceChallenge, checkProfile];

const STEPS: Step[] = [
  loadAuthorizeClient,
  loadRequest,
  ...REQUEST_CHECKS,
  checkSession,
  // The organization asked for is part of what the user consents to (issue 38), and is checked after.
  checkOrganizationRequest,
  checkConsent,
  checkOrganization,
  spendPushedRequest,
];

/** The parameter that marks a sign-in this request sent the user to (prompt=login, max_age). */
const REAUTH_PARAM = 'hub_reauth';
/** A re-authentication must happen within this long of being asked for. */
const REAUTH_WINDOW_MS = 15 * 60_000;

/** Binds the consent form to the browser session and the exact request, so no other site can post it. */
const CONSENT_CONTEXT = 'oauth-consent/v1';
/** Binds the re-authentication marker to the time it was asked for and the exact request. */
const REAUTH_CONTEXT = 'oauth-reauth/v1';

const consentMessage = (sessionId: string, query: string) => `${sessionId}:${query}`;

/** Splits the hub's re-authentication marker off a request; it counts only if the hub made it for this request. */
function readReauthMarker(hub: Hub, query: string): { request: string; since?: number } {
  const search = new URLSearchParams(query);
  const marker = search.get(REAUTH_PARAM);
  if (marker === null) return { request: query };
  search.delete(REAUTH_PARAM);
  const request = search.toString();
  const [since, mac] = marker.split('.');
  const at = Number(since);
  const valid =
    Number.isSafeInteger(at) &&
    hub.clock().getTime() - at < REAUTH_WINDOW_MS &&
    isKeyedMac(hub.config.masterKey!, REAUTH_CONTEXT, `${at}:${request}`, mac ?? '');
  return { request, since: valid ? at : undefined };
}

/** The form body of POST /oauth/authorize as the query string GET would carry (OIDC Core §3.1.2.1). */
export function queryFromForm(body: unknown): string {
  const search = new URLSearchParams();
  if (body && typeof body === 'object') {
    for (const [k, v] of Object.entries(body as Record<string, unknown>)) {
      for (const value of Array.isArray(v) ? v : [v]) if (typeof value === 'string') search.append(k, value);
    }
  }
  return search.toString();
}

export async function runAuthorize(
  hub: Hub,
  request: FastifyRequest,
  reply: FastifyReply,
  rawQuery: string,
  decision?: { choice: string; csrf: string },
) {
  const { request: query, since } = readReauthMarker(hub, rawQuery);
  const { params, duplicate, tooLong } = parseAuthorizeQuery(query);
  const ctx: AuthorizeContext = {
    hub,
    request,
    params,
    query,
    responseMode: 'query',
    scopes: [],
    prompt: new Set(),
    reauthSince: since,
  };
  try {
    if (duplicate)
      throw new AuthorizePageError('invalid_request', `The parameter ${duplicate} was given more than once.`);
    if (tooLong === 'client_id' || tooLong === 'redirect_uri')
      throw new AuthorizePageError('invalid_request', `${tooLong} is longer than ${MAX_PARAM_LENGTH} characters.`);
    for (const step of STEPS) {
      if (step === checkRequest && tooLong)
        throw new AuthorizeRedirectError(
          'invalid_request',
          `${tooLong} is longer than ${MAX_PARAM_LENGTH} characters.`,
        );
      if (step === checkConsent && decision) applyDecision(ctx, decision);
      await step(ctx);
    }
    const code = issueCode(ctx);
    return respondToClient(ctx, reply, { code });
  } catch (e) {
    // The pages this request shows speak its language and wear its client's brand (issue 39).
    setPageContext(request, { locale: localeOf(ctx), ...(ctx.client ? { brand: brandOf(ctx.client) } : {}) });
    if (e instanceof AuthorizeInterrupt) return interrupt(ctx, reply, e, rawQuery);
    if (e instanceof AuthorizeRedirectError) return redirectRefusal(ctx, reply, e);
    // The error hook (plugins/errors.ts) renders the hub's error page and writes this event.
    if (e instanceof AuthorizePageError) e.audit ??= refusalEvent(ctx, e, false);
    throw e;
  }
}

/**
 * Once the redirect URI is trusted, a refusal goes back to the client (RFC 6749 §4.1.2.1): an
 * answer, not a rendered error, so it is recorded here, in the one place that sends it.
 */
async function redirectRefusal(ctx: AuthorizeContext, reply: FastifyReply, e: AuthorizeRedirectError) {
  await ctx.hub.audit.record(refusalEvent(ctx, e, true));
  return respondToClient(ctx, reply, { error: e.error, error_description: e.description });
}

function refusalEvent(
  ctx: AuthorizeContext,
  e: { error: OAuthErrorCode; description: string },
  redirected: boolean,
): AuditEvent {
  return {
    type: 'oauth_authorize_refused',
    userId: ctx.auth?.user.id ?? null,
    ipAddress: clientIp(ctx.request),
    userAgent: userAgent(ctx.request),
    details: {
      client_id: ctx.params.client_id?.slice(0, 100) ?? null,
      error: e.error,
      description: e.description,
      redirected,
    },
  };
}

/** The saved choice of the signed-in user, else the request's `ui_locales`, else Accept-Language. */
function localeOf(ctx: AuthorizeContext) {
  return requestLocale(ctx.request, { saved: ctx.auth?.user.locale, uiLocales: ctx.params.ui_locales ?? '' });
}

/** A decision posted from the hub's own account chooser or consent page (bound to session and request). */
function applyDecision(ctx: AuthorizeContext, decision: { choice: string; csrf: string }) {
  const message = consentMessage(ctx.auth!.session.id, ctx.query);
  if (!isKeyedMac(ctx.hub.config.masterKey!, CONSENT_CONTEXT, message, decision.csrf))
    throw new AuthorizePageError('invalid_request', 'The form expired or did not come from this hub.');
  if (decision.choice === 'deny') throw new AuthorizeRedirectError('access_denied', 'The user denied the request.');
  // Either page names the signed-in account: answering it is choosing that account.
  ctx.accountChosen = true;
  if (decision.choice === 'allow') ctx.consentGiven = true;
}

/**
 * The pipeline stops for the user: sign in, choose the account, or consent. The pages post the
 * request back as it came (with any re-authentication marker) to /oauth/authorize/decision.
 */
async function interrupt(ctx: AuthorizeContext, reply: FastifyReply, e: AuthorizeInterrupt, rawQuery: string) {
  const { hub } = ctx;
  if (e.kind === 'login') return reply.redirect(signInUrl(ctx), 302);
  if (e.kind === 'enrol_mfa') return reply.redirect(enrolmentUrl(ctx, e.orgSlug!), 302);
  if (e.kind === 'change_password') return reply.redirect(passwordChangeUrl(ctx), 302);
  const csrf = keyedMac(hub.config.masterKey!, CONSENT_CONTEXT, consentMessage(ctx.auth!.session.id, ctx.query));
  if (e.kind === 'select_account') {
    return sendAccountChooser(reply, {
      appName: ctx.client!.appName,
      userEmail: ctx.auth!.user.email,
      query: rawQuery,
      csrf,
      anotherAccountUrl: signInUrl(ctx),
    });
  }
  return sendConsentPage(reply, {
    appName: ctx.client!.appName,
    appUrl: ctx.client!.appUrl,
    scopes: ctx.scopes,
    query: rawQuery,
    csrf,
    userEmail: ctx.auth!.user.email,
    organizationName: await organizationNameOf(ctx),
    unreviewed: unreviewedClientFacts(ctx.client!, ctx.redirectUri!, ctx.scopes),
  });
}

/**
 * Issue 42: the account page, told that the breached password must be changed first, with the way
 * back to this very request (changing the password keeps the sign-in, so no marker is needed).
 */
function passwordChangeUrl(ctx: AuthorizeContext): string {
  const search = new URLSearchParams({
    tab: 'security',
    password_change: 'required',
    app: ctx.client!.appName,
    return_to: `/oauth/authorize?${ctx.query}`,
  });
  return `/account?${search}`;
}

/** The consent screen names the organization the request asks for, when the user belongs to it. */
async function organizationNameOf(ctx: AuthorizeContext): Promise<string | undefined> {
  const orgId = orgIdOfScopes(ctx.scopes);
  if (!orgId) return undefined;
  return (await membershipsOf(ctx.hub, ctx.auth!.user.id)).find((m) => m.org.id === orgId)?.org.name;
}

/**
 * /auth and back to this very request. A signed-in user asked to sign in again (prompt=login,
 * max_age, another account) gets the form instead of being waved through (`reauth=1`), and the
 * way back carries a marker, MACed with the request, saying since when a sign-in counts.
 */
function signInUrl(ctx: AuthorizeContext): string {
  const since = ctx.hub.clock().getTime();
  const marked = new URLSearchParams(ctx.query);
  const request = new URLSearchParams(ctx.query).toString();
  marked.set(REAUTH_PARAM, `${since}.${keyedMac(ctx.hub.config.masterKey!, REAUTH_CONTEXT, `${since}:${request}`)}`);
  const back = `/oauth/authorize?${marked}`;
  const search = new URLSearchParams({ return_to: back, next: back });
  if (ctx.auth) search.set('reauth', '1');
  // The sign-in page speaks the request's language and shows its client's brand (issue 39).
  if (ctx.params.ui_locales) search.set('ui_locales', ctx.params.ui_locales);
  if (ctx.client) search.set('client_id', ctx.client.clientId);
  return `/auth?${search}`;
}

/**
 * Issue 29: the Security tab, told which organization asks for a second factor (`org_mfa`) and for
 * which app, with the way back to this very request. The way back carries no re-authentication
 * marker: enrolment is not a sign-in, so the request then asks for one with the new factor.
 */
function enrolmentUrl(ctx: AuthorizeContext, orgSlug: string): string {
  const search = new URLSearchParams({
    tab: 'security',
    org_mfa: orgSlug,
    app: ctx.client!.appName,
    return_to: `/oauth/authorize?${ctx.query}`,
  });
  return `/account?${search}`;
}
