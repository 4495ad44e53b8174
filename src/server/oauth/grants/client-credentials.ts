import type { Hub } from '../../hub';
import type { OAuthClient } from '../../db/schema/index';
import { OAuthError } from '../errors';
import { signAccessToken } from '../jwt';
import { resolveResource } from '../resource';
import type { CommitGrant, DPoPBinding, GrantResult } from './authorization-code';

/** Scopes that describe a person; a client acting for itself cannot hold them. */
const USER_ONLY_SCOPES = new Set(['openid', 'profile', 'email', 'offline_access']);

/**
 * client_credentials grant: the client acts on its own behalf (sub = client_id). No session row
 * stands behind the token (issue 28): the JWT carries what a resource server needs; introspection
 * answers from the token itself, the client (inactive → refused) and the revocations by `jti`
 * (oauth_revoked_tokens). The grant's one write is its chained `oauth_token_issued` record.
 */
export async function grantClientCredentials(
  hub: Hub,
  client: OAuthClient,
  input: { scope?: string; resource?: string },
  /** Commits the grant's audit record, which names the signed token's jti. */
  commit?: CommitGrant,
  /** RFC 9449 (fapi): the key of the request's DPoP proof; the token is bound to it. */
  dpop?: DPoPBinding,
): Promise<GrantResult> {
  // fapi: a private_key_jwt client holds no secret but authenticates all the same.
  if (!client.grantTypes.includes('client_credentials') || client.tokenEndpointAuthMethod === 'none') {
    throw new OAuthError('unauthorized_client', 'This client may not use the client_credentials grant.');
  }
  const allowed = client.scopes.filter((s) => !USER_ONLY_SCOPES.has(s));
  const asked = input.scope ? input.scope.split(' ').filter(Boolean) : allowed;
  if (asked.some((s) => !allowed.includes(s)))
    throw new OAuthError('invalid_scope', 'The requested scope is not allowed for this client.');
  const audience = input.resource === undefined ? null : await resolveResource(hub, input.resource);
  const access = await signAccessToken(hub, {
    sub: client.clientId,
    clientId: client.clientId,
    scopes: asked,
    sid: null,
    audience,
    dpopJkt: dpop?.jkt, // fapi: DPoP binding
  });
  const grant = { sessionId: null, userId: null, jti: access.jti };
  // Durable before it is answered: the record commits in the next group commit (one statement and
  // one commit for many concurrent grants).
  await commit?.({ ...grant, writes: [], scope: asked.join(' ') });
  return {
    response: {
      access_token: access.token,
      token_type: dpop ? 'DPoP' : 'Bearer', // fapi: RFC 9449 §5
      expires_in: access.expiresIn,
      scope: asked.join(' '),
    },
    ...grant,
    committed: !!commit,
  };
}
