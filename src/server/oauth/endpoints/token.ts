import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Hub } from '../../hub';
import { clientIp, userAgent } from '../../http/request-info';
import { authenticateClient, usedBasicAuth } from '../client-auth';
import { GRANT_TYPES } from '../constants';
import { OAuthError, sendOAuthError } from '../errors';
import { exchangeAuthorizationCode, type CommitGrant, type GrantResult } from '../grants/authorization-code';
import { grantClientCredentials } from '../grants/client-credentials';
import { exchangeRefreshToken } from '../grants/refresh-token';
import { formBody, noStore } from './form';

/** POST /oauth/token: client authentication, then one grant; every grant and refusal is audited. */
export async function handleToken(hub: Hub, request: FastifyRequest, reply: FastifyReply) {
  const body = formBody(request);
  const grantType = body.grant_type;
  const who = { ipAddress: clientIp(request), userAgent: userAgent(request) };
  let clientId: string | undefined = body.client_id;
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
    const issued: CommitGrant = (g) =>
      hub.unitOfWork.commit(
        {
          type: 'oauth_token_issued',
          userId: g.userId,
          sessionId: g.sessionId,
          ...who,
          details: { grant_type: grantType, client_id: client.clientId, scope: g.scope },
        },
        g.writes,
      );
    let result: GrantResult;
    if (grantType === 'authorization_code') result = await exchangeAuthorizationCode(hub, client, body, issued);
    else if (grantType === 'refresh_token') result = await exchangeRefreshToken(hub, client, body);
    else result = await grantClientCredentials(hub, client, body, issued);
    if (!result.committed) await issued({ ...result, scope: result.response.scope });
    return noStore(reply).send(result.response);
  } catch (e) {
    if (!(e instanceof OAuthError)) throw e;
    const replay = e.auditDetails.code_replayed === true;
    const reuse = e.auditDetails.refresh_reuse === true;
    await hub.unitOfWork.commit({
      type:
        e.error === 'invalid_client'
          ? 'oauth_invalid_client'
          : replay
            ? 'oauth_code_reuse'
            : reuse
              ? 'oauth_refresh_reuse'
              : 'oauth_token_refused',
      userId: typeof e.auditDetails.user_id === 'string' ? e.auditDetails.user_id : null,
      ...who,
      details: {
        grant_type: grantType ?? null,
        client_id: clientId?.slice(0, 100) ?? null,
        error: e.error,
        description: e.description,
      },
    });
    return sendOAuthError(reply, e, usedBasicAuth(request));
  }
}
