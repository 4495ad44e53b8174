import { createHash } from 'node:crypto';
import type { Hub } from '../hub';
import type { SignedInActor } from '../actor';
import type { OAuthClient } from '../db/schema/index';
import { randomToken, sha256Hex } from '../crypto/tokens';
import { HubError } from '../errors';
import { loadClient } from '../oauth/clients/service';
import { AUTH_CODE_TTL_S, DEFAULT_APP_TOKEN_SCOPES, HANDOFF_TTL_S, OOB_REDIRECT_URI } from '../oauth/constants';
import { exchangeAuthorizationCode } from '../oauth/grants/authorization-code';
import { verifyAccessToken } from '../oauth/jwt';
import { sealCode } from '../oauth/sealed-code';
import { findConsent, upsertConsent } from '../oauth/consent-queries';
import { deactivateClientUserSessions, insertSession } from '../auth/session-queries';
import { oauthRuntime } from '../oauth/runtime';
import { isSessionLive } from '../oauth/token-cache';

type Caller = SignedInActor;

/** An active app by its client_id (the spec's app_id). */
async function activeApp(hub: Hub, appId: string): Promise<OAuthClient> {
  const client = await loadClient(hub, appId);
  if (!client) throw new HubError('app_not_found');
  if (!client.isActive) throw new HubError('app_inactive');
  return client;
}

/**
 * The scopes of a hand-off: those asked for (default: read:profile, or the app's first
 * registered scope), each one registered for the app — an unregistered one is refused by name,
 * as at /oauth/authorize.
 */
function handoffScopes(client: OAuthClient, scope: string | undefined): string[] {
  const fallback = client.scopes.includes(DEFAULT_APP_TOKEN_SCOPES[0])
    ? DEFAULT_APP_TOKEN_SCOPES
    : client.scopes.slice(0, 1);
  const asked = scope ? [...new Set(scope.split(' ').filter(Boolean))] : fallback;
  const refused = asked.filter((s) => !client.scopes.includes(s));
  if (refused.length) throw new HubError('invalid_request', `Scope not registered for this app: ${refused.join(' ')}.`);
  if (asked.length === 0) throw new HubError('invalid_request', 'No scope requested.');
  return asked;
}

/** The hub's consent page for a hand-off (GET /oauth/handoff): where a third-party hand-off goes first. */
function consentUrl(input: { app_id: string; redirect_url: string }, scopes: string[]): string {
  return `/oauth/handoff?${new URLSearchParams({ app_id: input.app_id, redirect_url: input.redirect_url, scope: scopes.join(' ') })}`;
}

/**
 * Spec "create-session": a short-lived hand-off session bound to the app and the user, under
 * the rules of /oauth/authorize (issue 11 finding 5): the redirect URL must be one of the app's
 * registered redirect URIs (exact match), the scopes registered for the app, and a third-party
 * app needs the user's consent to them — without it the answer is 409 `consent_required` with
 * the consent page's URL (the page shows the consent screen, then continues the hand-off).
 */
export async function createHandoffSession(
  hub: Hub,
  caller: Caller,
  input: { app_id: string; redirect_url: string; scope?: string },
) {
  const client = await activeApp(hub, input.app_id);
  if (!client.redirectUris.includes(input.redirect_url)) throw new HubError('redirect_url_not_registered');
  const scopes = handoffScopes(client, input.scope);
  if (client.appType !== 'platform') {
    const consent = await findConsent(hub.db, caller.auth.user.id, client.clientId);
    if (!consent || !scopes.every((s) => consent.scopes.includes(s)))
      throw new HubError('consent_required', undefined, { consent_url: consentUrl(input, scopes), scopes });
  }
  const token = randomToken();
  const now = hub.clock();
  const session = await insertSession(hub.db, {
    userId: caller.auth.user.id,
    clientId: client.clientId,
    kind: 'handoff',
    sessionTokenHash: sha256Hex(token),
    scopes,
    ipAddress: caller.ipAddress,
    userAgent: caller.userAgent,
    authTime: caller.auth.session.authTime,
    amr: caller.auth.session.amr,
    browserSessionId: caller.auth.session.id,
    createdAt: now,
    lastAccessedAt: now,
    expiresAt: new Date(now.getTime() + HANDOFF_TTL_S * 1000),
  });
  await hub.audit.record({
    type: 'cross_platform_session',
    ...caller.audit,
    sessionId: session.id,
    details: { client_id: client.clientId, redirect_url: input.redirect_url },
  });
  return {
    session_token: token,
    user_id: caller.auth.user.id,
    timestamp: now.getTime(),
    redirect_url: input.redirect_url,
  };
}

/** The user allowed a third-party hand-off on the consent screen: remembered like OAuth consent. */
export async function grantHandoffConsent(hub: Hub, caller: Caller, input: { app_id: string; scope?: string }) {
  const client = await activeApp(hub, input.app_id);
  const scopes = handoffScopes(client, input.scope);
  const previous = await findConsent(hub.db, caller.auth.user.id, client.clientId);
  await upsertConsent(
    hub.db,
    caller.auth.user.id,
    client.clientId,
    [...new Set([...(previous?.scopes ?? []), ...scopes])],
    hub.clock(),
  );
  await hub.audit.record({
    type: 'oauth_consent_granted',
    ...caller.audit,
    details: { client_id: client.clientId, scopes },
  });
}

/**
 * Spec "create_authorization_code" + "oauth-token": a first-party app token for the signed-in
 * user, through the same code machinery as /oauth/token (out-of-band redirect, PKCE S256).
 */
export async function createAppToken(hub: Hub, caller: Caller, clientId: string, scopes?: string[]) {
  const client = await activeApp(hub, clientId);
  if (client.appType !== 'platform')
    throw new HubError(
      'forbidden',
      'App tokens are issued to first-party platforms only; third parties use /oauth/authorize.',
    );
  const wanted = scopes?.length ? scopes : DEFAULT_APP_TOKEN_SCOPES;
  const notAllowed = wanted.filter((s) => !client.scopes.includes(s));
  if (notAllowed.length)
    throw new HubError('invalid_request', `Scope not allowed for this app: ${notAllowed.join(' ')}`);
  const verifier = randomToken();
  const now = hub.clock();
  const code = sealCode(hub, {
    clientId: client.clientId,
    userId: caller.auth.user.id,
    browserSessionId: caller.auth.session.id,
    redirectUri: OOB_REDIRECT_URI,
    scopes: wanted,
    codeChallenge: createHash('sha256').update(verifier).digest('base64url'),
    nonce: null,
    authTime: caller.auth.session.authTime,
    amr: [],
    resource: null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + AUTH_CODE_TTL_S * 1000),
    dpopJkt: null,
    act: null,
  });
  const { response, sessionId } = await exchangeAuthorizationCode(hub, client, {
    code,
    redirect_uri: OOB_REDIRECT_URI,
    code_verifier: verifier,
  });
  await hub.audit.record({
    type: 'app_token_created',
    ...caller.audit,
    sessionId,
    details: { client_id: client.clientId, scopes: wanted },
  });
  return {
    access_token: response.access_token,
    token_type: response.token_type,
    expires_in: response.expires_in,
    scope: response.scope,
  };
}

/**
 * Spec "oauth-validate-session" for a signed-in hub user: is this token live and the caller's own?
 * Any failure is simply `false` (spec §8: token validation errors return false).
 */
export async function validateUserToken(hub: Hub, caller: Caller, token: string): Promise<boolean> {
  try {
    const claims = await verifyAccessToken(hub, token);
    if (claims) {
      const session = typeof claims.sid === 'string' ? await oauthRuntime(hub).sessions.byId(claims.sid) : undefined;
      return isSessionLive(session, hub.clock()) && session.userId === caller.auth.user.id;
    }
    const session = await oauthRuntime(hub).sessions.byTokenHash(sha256Hex(token));
    return isSessionLive(session, hub.clock()) && session.kind !== 'browser' && session.userId === caller.auth.user.id;
  } catch {
    return false;
  }
}

/** Spec "revoke app access": every live session of this app for the caller ends, on every node. */
export async function revokeAppAccess(hub: Hub, caller: Caller, clientId: string): Promise<number> {
  const ids = await deactivateClientUserSessions(hub.db, clientId, caller.auth.user.id, hub.clock());
  await hub.revocations.publish({ kind: 'sessions', ids });
  await hub.audit.record({
    type: 'app_access_revoked',
    ...caller.audit,
    details: { client_id: clientId, sessions_revoked: ids.length },
  });
  return ids.length;
}
