import type { Hub } from '../../hub';
import type { AuthSession, OAuthClient } from '../../db/schema/index';
import { sha256Hex } from '../../crypto/tokens';
import { REFRESH_GRACE_S } from '../constants';
import { OAuthError, clientRefusal } from '../errors';
import { findSession, lockRefreshToken, markRefreshUsed } from '../queries';
import { revokeSessionIds } from '../revoke-service';
import { findUserById } from '../../auth/user-queries';
import { userinfoAudience } from '../resource';
import { oauthRuntime } from '../runtime';
import { buildTokenResponse, mintRefreshToken, type TokenResponse } from './issue';
import type { DPoPBinding, GrantResult } from './authorization-code';
import { sessionStateOf } from '../token-cache';

export const GRACE_CONTEXT = 'oauth_refresh_tokens.grace_response';

type Outcome =
  | { kind: 'rotated'; session: AuthSession; response: TokenResponse }
  | { kind: 'grace'; response: TokenResponse; session: AuthSession }
  | { kind: 'error'; error: OAuthError; revoked: string[] };

/**
 * refresh_token grant: rotation on every use, inside the family's absolute lifetime.
 * A used token presented again revokes the family, unless it comes back within the grace window
 * after its rotation: then the same new pair is answered again (two tabs refreshing at once).
 */
export async function exchangeRefreshToken(
  hub: Hub,
  client: OAuthClient,
  input: { refresh_token?: string; scope?: string; resource?: string },
  dpop?: DPoPBinding,
): Promise<GrantResult> {
  if (!input.refresh_token) throw new OAuthError('invalid_request', 'refresh_token is required.');
  const now = hub.clock();
  const hash = sha256Hex(input.refresh_token);
  await oauthRuntime(hub).keys.current();
  const outcome: Outcome = await hub.db.transaction(async (tx): Promise<Outcome> => {
    const row = await lockRefreshToken(tx, hash);
    if (!row || row.clientId !== client.clientId)
      return { kind: 'error', error: new OAuthError('invalid_grant', 'The refresh token is invalid.'), revoked: [] };
    // RFC 9449 §5: a bound refresh token is worth nothing without a proof by its key.
    if (row.dpopJkt && row.dpopJkt !== dpop?.jkt)
      return {
        kind: 'error',
        error: new OAuthError('invalid_dpop_proof', 'The refresh token is bound to another DPoP key.'),
        revoked: [],
      };
    const session = await findSession(tx, row.sessionId);
    if (!session || !session.isActive || session.expiresAt <= now || row.expiresAt <= now) {
      return {
        kind: 'error',
        error: new OAuthError('invalid_grant', 'The refresh token has expired or was revoked.'),
        revoked: [],
      };
    }
    if (row.usedAt) {
      const inGrace = now.getTime() - row.usedAt.getTime() <= REFRESH_GRACE_S * 1000 && row.graceResponseEnc;
      if (inGrace) {
        const response = JSON.parse(hub.secrets.open(row.graceResponseEnc!, GRACE_CONTEXT)) as TokenResponse;
        return { kind: 'grace', response, session };
      }
      const revoked = await revokeSessionIds(hub, [session.id], null, tx);
      return {
        kind: 'error',
        error: new OAuthError('invalid_grant', 'The refresh token was already used; the whole grant is revoked.'),
        revoked,
      };
    }
    const user = session.userId ? await findUserById(tx, session.userId) : undefined;
    if (!user || !user.isActive)
      return { kind: 'error', error: new OAuthError('invalid_grant', 'The user is no longer active.'), revoked: [] };
    // RFC 6749 §6: a refresh may narrow the scope of this access token, never widen it; the new
    // refresh token keeps the whole grant.
    let scopes: string[] | undefined;
    if (input.scope) {
      scopes = [...new Set(input.scope.split(' ').filter(Boolean))];
      if (scopes.length === 0 || scopes.some((s) => !session.scopes.includes(s)))
        return {
          kind: 'error',
          error: new OAuthError('invalid_scope', 'The requested scope exceeds the original grant.'),
          revoked: [],
        };
    }
    if (input.resource !== undefined && input.resource !== (session.resource ?? userinfoAudience(hub)))
      return {
        kind: 'error',
        error: new OAuthError('invalid_target', 'resource differs from the original grant.'),
        revoked: [],
      };
    const refresh = await mintRefreshToken(tx, hub, session, client, row.dpopJkt);
    // Signed inside the transaction (keys are preloaded, no query) so the row is marked used
    // before the lock is released: a concurrent refresh sees it used and gets the grace answer.
    const response = await buildTokenResponse(hub, {
      session,
      client,
      refreshToken: refresh,
      scopes,
      db: tx,
      dpopJkt: dpop?.jkt,
    });
    await markRefreshUsed(tx, hash, now, sha256Hex(refresh), hub.secrets.seal(JSON.stringify(response), GRACE_CONTEXT));
    return { kind: 'rotated', session, response };
  });

  if (outcome.kind === 'error') {
    outcome.error.audit = clientRefusal(outcome.error, {
      grantType: 'refresh_token',
      clientId: client.clientId,
      reuse: outcome.revoked.length > 0 ? 'oauth_refresh_reuse' : undefined,
    });
    throw outcome.error;
  }
  const { session } = outcome;
  return { response: outcome.response, userId: session.userId, sessionId: session.id, state: sessionStateOf(session) };
}
