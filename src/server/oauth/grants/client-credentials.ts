import { randomUUID } from 'node:crypto';
import type { Hub } from '../../hub';
import type { OAuthClient } from '../../db/schema/index';
import { randomToken, sha256Hex } from '../../crypto/tokens';
import { ACCESS_TOKEN_TTL_S } from '../constants';
import { OAuthError } from '../errors';
import { signAccessToken } from '../jwt';
import { resolveResource } from '../resource';
import type { CommitGrant, GrantResult } from './authorization-code';
import { insertSessionsStatement } from '../../auth/session-queries';
import { sessionStateOf } from '../token-cache';

/** Scopes that describe a person; a client acting for itself cannot hold them. */
const USER_ONLY_SCOPES = new Set(['openid', 'profile', 'email', 'offline_access']);

/**
 * client_credentials grant: the client acts on its own behalf (sub = client_id). The token is
 * backed by an auth_sessions row (no user) so that it can be revoked and introspected like any other.
 */
export async function grantClientCredentials(
  hub: Hub,
  client: OAuthClient,
  input: { scope?: string; resource?: string },
  /** Commits the grant (session row + audit record); runs while the token is being signed. */
  commit?: CommitGrant,
): Promise<GrantResult> {
  if (!client.grantTypes.includes('client_credentials') || !client.clientSecretHash) {
    throw new OAuthError('unauthorized_client', 'This client may not use the client_credentials grant.');
  }
  const allowed = client.scopes.filter((s) => !USER_ONLY_SCOPES.has(s));
  const asked = input.scope ? input.scope.split(' ').filter(Boolean) : allowed;
  if (asked.some((s) => !allowed.includes(s)))
    throw new OAuthError('invalid_scope', 'The requested scope is not allowed for this client.');
  const audience = input.resource === undefined ? null : await resolveResource(hub, input.resource);
  const now = hub.clock();
  // The row is written by the token endpoint in the same group commit as the grant's audit
  // record, before the token is answered: durable, and one commit for many concurrent grants.
  const session = {
    id: randomUUID(),
    userId: null,
    clientId: client.clientId,
    kind: 'app',
    sessionTokenHash: sha256Hex(randomToken()),
    scopes: asked,
    authTime: now,
    createdAt: now,
    lastAccessedAt: now,
    expiresAt: new Date(now.getTime() + ACCESS_TOKEN_TTL_S * 1000),
  };
  const writes = [insertSessionsStatement([session])];
  // Signing and the durable commit overlap: the answer waits for both, but not one after the other.
  const [access] = await Promise.all([
    signAccessToken(hub, { sub: client.clientId, clientId: client.clientId, scopes: asked, sid: session.id, audience }),
    commit?.({ sessionId: session.id, userId: null, writes, scope: asked.join(' ') }),
  ]);
  return {
    response: {
      access_token: access.token,
      token_type: 'Bearer',
      expires_in: access.expiresIn,
      scope: asked.join(' '),
    },
    userId: null,
    sessionId: session.id,
    writes: commit ? undefined : writes,
    committed: !!commit,
    state: sessionStateOf({ ...session, isActive: true }),
  };
}
