import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Hub } from '../../hub';
import type { OAuthClient } from '../../db/schema/index';
import { sha256Hex } from '../../crypto/tokens';
import { clientIp, userAgent } from '../../http/request-info';
import { authenticateClient } from '../client-auth';
import { OAuthError } from '../errors';
import { looksLikeJwt, verifyHubJwt } from '../jwt';
import { findRefreshToken, revokeAccessTokenWrite } from '../queries';
import { revokeSessionIds } from '../revoke-service';
import { oauthRuntime } from '../runtime';
import { formBody, noStore } from './form';
import { checkProofIfSent } from '../dpop';

/** An access token no session stands behind (client_credentials): revoked by its jti. */
interface StandaloneToken {
  jti: string;
  expiresAt: Date;
}

/** The session a token of this client stands for, the token itself when none does, or null (unknown, foreign or not ours). */
async function sessionOfToken(hub: Hub, client: OAuthClient, token: string): Promise<string | StandaloneToken | null> {
  if (looksLikeJwt(token)) {
    // An expired access token may still be revoked (its session lives on).
    const claims = await verifyHubJwt(hub, token, { typ: 'at+jwt', allowExpired: true });
    if (!claims || claims.client_id !== client.clientId) return null;
    if (typeof claims.sid === 'string') return claims.sid;
    const alive = typeof claims.exp === 'number' && claims.exp * 1000 > hub.clock().getTime();
    return claims.sub === client.clientId && typeof claims.jti === 'string' && alive
      ? { jti: claims.jti, expiresAt: new Date(claims.exp! * 1000) }
      : null;
  }
  const hash = sha256Hex(token);
  const handoff = await oauthRuntime(hub).sessions.byTokenHash(hash);
  if (handoff) return handoff.clientId === client.clientId ? handoff.id : null;
  const refresh = await findRefreshToken(hub.db, hash);
  return refresh && refresh.clientId === client.clientId ? refresh.sessionId : null;
}

/** POST /oauth/revoke (RFC 7009): revoking any token of a grant ends the grant; unknown tokens answer 200. */
export async function handleRevoke(hub: Hub, request: FastifyRequest, reply: FastifyReply) {
  const body = formBody(request);
  const { client } = await authenticateClient(hub, request, body, { allowPublic: true });
  await checkProofIfSent(hub, request, '/oauth/revoke', client.clientId); // fapi: a proof, when sent, must hold
  if (!body.token) throw new OAuthError('invalid_request', 'token is required.');
  const sessionId = body.token.length <= 4096 ? await sessionOfToken(hub, client, body.token) : null;
  if (sessionId && typeof sessionId === 'object') {
    await revokeStandaloneToken(hub, request, client, sessionId, body.token_type_hint);
  } else if (sessionId) {
    const done = await revokeSessionIds(hub, [sessionId], null);
    if (done.length) {
      await hub.unitOfWork.commit({
        type: 'oauth_token_revoked',
        sessionId,
        ipAddress: clientIp(request),
        userAgent: userAgent(request),
        details: { client_id: client.clientId, token_type_hint: body.token_type_hint ?? null },
      });
    }
  }
  return noStore(reply).code(200).send();
}

/**
 * Revokes an access token no session stands behind: its jti is written with the audit record in
 * one unit of work, then every node's caches hear it (an expired token needs nothing: it is dead).
 */
async function revokeStandaloneToken(
  hub: Hub,
  request: FastifyRequest,
  client: OAuthClient,
  token: StandaloneToken,
  hint: string | undefined,
) {
  if (await oauthRuntime(hub).sessions.isRevoked(token.jti)) return;
  await hub.unitOfWork.commit(
    {
      type: 'oauth_token_revoked',
      ipAddress: clientIp(request),
      userAgent: userAgent(request),
      details: { client_id: client.clientId, token_type_hint: hint ?? null, jti: token.jti },
    },
    [revokeAccessTokenWrite({ ...token, clientId: client.clientId, now: hub.clock() })],
  );
  await hub.revocations.publish({ kind: 'tokens', jtis: [token.jti] });
}
