import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Hub } from '../../hub';
import { clientIp, userAgent } from '../../http/request-info';
import { authenticateClient } from '../client-auth';
import { GRANT_TYPES } from '../constants';
import { OAuthError, clientRefusal } from '../errors';
import { exchangeAuthorizationCode, type CommitGrant, type GrantResult } from '../grants/authorization-code';
import { grantClientCredentials } from '../grants/client-credentials';
import { exchangeRefreshToken } from '../grants/refresh-token';
import { oauthRuntime } from '../runtime';
import { formBody, noStore } from './form';
import { checkDPoPProof, requireDPoPFor } from '../dpop';
import { claimedClientId } from '../private-key-jwt';

export const TOKEN_PATH = '/oauth/token';

/** POST /oauth/token: client authentication, then one grant; every grant and refusal is audited. */
export async function handleToken(hub: Hub, request: FastifyRequest, reply: FastifyReply) {
  const body = formBody(request);
  const grantType = body.grant_type;
  const who = { ipAddress: clientIp(request), userAgent: userAgent(request) };
  let clientId: string | undefined = body.client_id ?? claimedClientId(body);
  const sessions = oauthRuntime(hub).sessions;
  // Taken before the grant reads or writes anything: a revocation heard after it keeps the new
  // session out of the cache (the first introspection then reads the row).
  const mark = sessions.mark();
  try {
    if (!grantType) throw new OAuthError('invalid_request', 'grant_type is required.');
    if (!(GRANT_TYPES as readonly string[]).includes(grantType))
      throw new OAuthError('unsupported_grant_type', `Unsupported grant_type: ${grantType}.`);
    const { client } = await authenticateClient(hub, request, body, {
      allowPublic: grantType !== 'client_credentials',
    });
    clientId = client.clientId;
    if (!client.grantTypes.includes(grantType))
      throw new OAuthError('unauthorized_client', `This client may not use ${grantType}.`);
    // RFC 9449 §5: a proof, when sent (or required for this client), binds the tokens to its key.
    const dpop = await checkDPoPProof(hub, request, { path: TOKEN_PATH });
    requireDPoPFor(client, dpop);
    const issued: CommitGrant = (g) =>
      hub.unitOfWork.commit(
        {
          type: 'oauth_token_issued',
          userId: g.userId,
          sessionId: g.sessionId,
          ...who,
          // A token no session stands behind is named by its jti (what its revocation names).
          details: {
            grant_type: grantType,
            client_id: client.clientId,
            scope: g.scope,
            ...(g.jti ? { jti: g.jti } : {}),
          },
        },
        g.writes,
      );
    let result: GrantResult;
    if (grantType === 'authorization_code') result = await exchangeAuthorizationCode(hub, client, body, issued, dpop);
    else if (grantType === 'refresh_token') result = await exchangeRefreshToken(hub, client, body, dpop);
    else result = await grantClientCredentials(hub, client, body, issued, dpop);
    if (!result.committed) await issued({ ...result, scope: result.response.scope });
    // Committed and about to be answered: the token's first introspection on this node is a hit.
    if (result.state) sessions.prime(result.state, mark);
    if (result.jti) sessions.primeToken(result.jti, mark);
    return noStore(reply).send(result.response);
  } catch (e) {
    // The error hook (plugins/errors.ts) writes this event and renders the refusal.
    if (e instanceof OAuthError)
      e.audit ??= clientRefusal(e, { grantType: grantType ?? null, clientId: clientId ?? null });
    throw e;
  }
}
