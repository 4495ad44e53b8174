import type { FastifyReply, FastifyRequest } from 'fastify';
import type { JWTPayload } from 'jose';
import type { Hub } from '../../hub';
import type { OAuthClient } from '../../db/schema/index';
import { sha256Hex } from '../../crypto/tokens';
import { authenticateClient } from '../client-auth';
import { clientRefusal, OAuthError } from '../errors';
import { looksLikeJwt, verifiedAccessTokenNow, verifyAccessToken } from '../jwt';
import { findRefreshToken } from '../queries';
import { oauthRuntime } from '../runtime';
import { isSessionLive } from '../token-cache';
import { formBody, noStore } from './form';
import { introspectionOrgClaims, orgClaimsNeedRead } from '../../orgs/claims';
import { checkProofIfSent } from '../dpop';
import { claimedClientId } from '../private-key-jwt';
import { parseAct } from '../act';

const INACTIVE = { active: false } as const;

/**
 * What the hub knows about a token, for the client that holds it. A token issued to another
 * client, revoked, expired, or not ours at all is simply `{active: false}` (RFC 7662 §2.2).
 */
export async function introspectToken(hub: Hub, client: OAuthClient, token: string): Promise<Record<string, unknown>> {
  const first = firstChecks(client, token);
  if (first) return first;
  const now = hub.clock();
  const sessions = oauthRuntime(hub).sessions;
  if (looksLikeJwt(token)) {
    const claims = await verifyAccessToken(hub, token);
    const backing = backingOf(client, claims);
    if (!backing) return INACTIVE;
    const live =
      'sid' in backing
        ? isSessionLive(await sessions.byId(backing.sid), now)
        : !(await sessions.isRevoked(backing.jti));
    const answer = accessTokenAnswer(claims!, live);
    // Issue 29: the organizations claim, read when the token's scope carries it (orgs/claims.ts).
    return answer.active ? { ...answer, ...(await introspectionOrgClaims(hub, claims!)) } : answer;
  }
  const hash = sha256Hex(token);
  const handoff = await sessions.byTokenHash(hash);
  if (handoff) {
    if (handoff.kind !== 'handoff' || handoff.clientId !== client.clientId || !isSessionLive(handoff, now))
      return INACTIVE;
    return {
      active: true,
      token_type: 'session_token',
      client_id: handoff.clientId,
      sub: handoff.userId,
      scope: handoff.scopes.join(' '),
      exp: Math.floor(handoff.expiresAt / 1000),
    };
  }
  const refresh = await findRefreshToken(hub.db, hash);
  if (!refresh || refresh.clientId !== client.clientId || refresh.usedAt || refresh.expiresAt <= now) return INACTIVE;
  const family = await sessions.byId(refresh.sessionId);
  if (!isSessionLive(family, now)) return INACTIVE;
  return {
    active: true,
    token_type: 'refresh_token',
    client_id: refresh.clientId,
    sub: refresh.userId,
    scope: refresh.scopes.join(' '),
    exp: Math.floor(refresh.expiresAt.getTime() / 1000),
  };
}

/**
 * `introspectToken` for an access token from this process's caches alone (the fast path before
 * routing, introspect-fast-path.ts): the answer, or undefined when something must be read.
 */
export function introspectFromCaches(
  hub: Hub,
  client: OAuthClient,
  token: string,
): Record<string, unknown> | undefined {
  const first = firstChecks(client, token);
  if (first) return first;
  if (!looksLikeJwt(token)) return undefined;
  const claims = verifiedAccessTokenNow(hub, token);
  if (claims === undefined) return undefined;
  // Issue 29: the organizations claim is read from the database (the routed path answers it).
  if (claims && orgClaimsNeedRead(claims)) return undefined;
  const backing = backingOf(client, claims);
  if (!backing) return INACTIVE;
  const sessions = oauthRuntime(hub).sessions;
  if ('sid' in backing) {
    const session = sessions.peek(backing.sid);
    return session && accessTokenAnswer(claims!, isSessionLive(session.value, hub.clock()));
  }
  const revoked = sessions.peekRevoked(backing.jti);
  return revoked && accessTokenAnswer(claims!, !revoked.value);
}

/** Inactive whatever the token: too long to be ours, or asked by a client that is no longer active. */
function firstChecks(client: OAuthClient, token: string): typeof INACTIVE | undefined {
  if (!token || token.length > 4096) return INACTIVE;
  // Only the token's own client may introspect it, and only while it is active.
  if (!client.isActive) return INACTIVE;
  return undefined;
}

/**
 * What decides whether a verified access token of the asking client is live: its session (`sid`),
 * or, for a client's own token that no session stands behind (client_credentials), the
 * revocations by `jti`. Null when the token is not the asking client's.
 */
export function backingOf(client: OAuthClient, claims: JWTPayload | null): { sid: string } | { jti: string } | null {
  if (!claims || claims.client_id !== client.clientId) return null;
  if (typeof claims.sid === 'string') return { sid: claims.sid };
  return claims.sub === client.clientId && typeof claims.jti === 'string' ? { jti: claims.jti } : null;
}

function accessTokenAnswer(claims: JWTPayload, live: boolean): Record<string, unknown> {
  if (!live) return INACTIVE;
  return {
    active: true,
    token_type: claims.cnf ? 'DPoP' : 'Bearer', // fapi: RFC 9449 §6.2
    ...(claims.cnf ? { cnf: claims.cnf } : {}), // fapi: the key a resource server checks the proof against
    scope: claims.scope,
    client_id: claims.client_id,
    sub: claims.sub,
    aud: claims.aud,
    iss: claims.iss,
    exp: claims.exp,
    iat: claims.iat,
    jti: claims.jti,
    // Issue 29: a token scoped to one organization says which, and the roles it carries.
    ...(typeof claims.org_id === 'string' ? { org_id: claims.org_id, org_roles: claims.org_roles } : {}),
    // RFC 8693 §4.1 (issue 42): who acts for the subject (token exchange, impersonation).
    ...(claims.act !== undefined ? { act: parseAct(claims.act) } : {}),
  };
}

/** POST /oauth/introspect (RFC 7662), for authenticated confidential clients. */
export async function handleIntrospect(hub: Hub, request: FastifyRequest, reply: FastifyReply) {
  const body = formBody(request);
  try {
    const { client } = await authenticateClient(hub, request, body, { allowPublic: false });
    await checkProofIfSent(hub, request, '/oauth/introspect', client.clientId); // fapi: a proof, when sent, must hold
    if (!body.token) throw new OAuthError('invalid_request', 'token is required.');
    return noStore(reply).send(await introspectToken(hub, client, body.token));
  } catch (e) {
    // The error hook (plugins/errors.ts) writes this event and renders the refusal.
    if (e instanceof OAuthError && e.error === 'invalid_client')
      e.audit ??= clientRefusal(e, {
        endpoint: 'introspect',
        clientId: body.client_id ?? claimedClientId(body) ?? null, // fapi: or the assertion's
      });
    throw e;
  }
}
