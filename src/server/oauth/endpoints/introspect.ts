import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Hub } from '../../hub';
import type { OAuthClient } from '../../db/schema/index';
import { sha256Hex } from '../../crypto/tokens';
import { authenticateClient } from '../client-auth';
import { clientRefusal, OAuthError } from '../errors';
import { looksLikeJwt, verifyAccessToken } from '../jwt';
import { findRefreshToken } from '../queries';
import { oauthRuntime } from '../runtime';
import { isSessionLive } from '../token-cache';
import { formBody, noStore } from './form';
import { introspectionOrgClaims } from '../../orgs/claims';
import { checkProofIfSent } from '../dpop';
import { claimedClientId } from '../private-key-jwt';

const INACTIVE = { active: false } as const;

/**
 * What the hub knows about a token, for the client that holds it. A token issued to another
 * client, revoked, expired, or not ours at all is simply `{active: false}` (RFC 7662 §2.2).
 */
export async function introspectToken(hub: Hub, client: OAuthClient, token: string): Promise<Record<string, unknown>> {
  if (!token || token.length > 4096) return INACTIVE;
  // Only the token's own client may introspect it, and only while it is active.
  if (!client.isActive) return INACTIVE;
  const now = hub.clock();
  const sessions = oauthRuntime(hub).sessions;
  if (looksLikeJwt(token)) {
    const claims = await verifyAccessToken(hub, token);
    if (!claims || claims.client_id !== client.clientId || typeof claims.sid !== 'string') return INACTIVE;
    const session = await sessions.byId(claims.sid);
    if (!isSessionLive(session, now)) return INACTIVE;
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
      // Issue 29: org_id, org_roles and the organizations claim (orgs/claims.ts).
      ...(await introspectionOrgClaims(hub, claims)),
    };
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
