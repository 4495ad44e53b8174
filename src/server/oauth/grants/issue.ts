import type { Hub } from '../../hub';
import type { DbOrTx } from '../../db/client';
import type { AuthSession, OAuthClient } from '../../db/schema/index';
import { randomToken, sha256Hex } from '../../crypto/tokens';
import { ACCESS_TOKEN_TTL_S } from '../constants';
import { signAccessToken, signIdToken } from '../jwt';
import { insertRefreshToken } from '../queries';
import { tokenOrgClaims } from '../../orgs/claims';

export interface TokenResponse {
  access_token: string;
  /** RFC 9449 §5: `DPoP` for a token bound to the proof's key. */
  token_type: 'Bearer' | 'DPoP';
  expires_in: number;
  scope: string;
  refresh_token?: string;
  id_token?: string;
  /** RFC 8693 §2.2.1: what a token exchange issued. */
  issued_token_type?: string;
}

/** A new refresh token for a session (family); only its hash is stored. */
export async function mintRefreshToken(
  db: DbOrTx,
  hub: Hub,
  session: AuthSession,
  client: OAuthClient,
  /** RFC 9449 §5: the key the token is bound to (a public client's, kept through rotation). */
  dpopJkt: string | null = null,
): Promise<string> {
  const token = `hubrt_${randomToken()}`;
  await insertRefreshToken(db, {
    tokenHash: sha256Hex(token),
    sessionId: session.id,
    clientId: client.clientId,
    userId: session.userId!,
    scopes: session.scopes,
    createdAt: hub.clock(),
    // Rotation never extends the family: every token dies with the session's absolute lifetime.
    expiresAt: session.expiresAt,
    dpopJkt,
  });
  return token;
}

/**
 * Signs the access token (and the ID token when `openid` was granted) for a user session.
 * `scopes` narrows this response (RFC 6749 §6: a refresh may ask for less than the grant).
 */
export async function buildTokenResponse(
  hub: Hub,
  input: {
    session: AuthSession;
    client: OAuthClient;
    nonce?: string | null;
    refreshToken?: string | null;
    scopes?: string[];
    /** The caller's transaction, if it holds one (the refresh grant): the organization claims read through it. */
    db?: DbOrTx;
    /** RFC 9449: the key of the request's DPoP proof; the access token is bound to it. */
    dpopJkt?: string | null;
  },
): Promise<TokenResponse> {
  const { session, client } = input;
  const scopes = input.scopes ?? session.scopes;
  // Issue 29: organization claims (none, and no query, unless the grant has their scopes).
  const org = await tokenOrgClaims(hub, input.db ?? hub.db, {
    userId: session.userId!,
    scopes,
    amr: session.amr,
    // An app session carries the browser session it came from; a browser session is its own.
    browserSessionId: session.browserSessionId ?? session.id,
  });
  const access = await signAccessToken(hub, {
    claims: org.access,
    sub: session.userId!,
    clientId: client.clientId,
    scopes,
    sid: session.id,
    authTime: session.authTime,
    audience: session.resource,
    dpopJkt: input.dpopJkt,
    act: session.act,
  });
  const response: TokenResponse = {
    access_token: access.token,
    token_type: input.dpopJkt ? 'DPoP' : 'Bearer',
    expires_in: ACCESS_TOKEN_TTL_S,
    scope: scopes.join(' '),
  };
  if (input.refreshToken) response.refresh_token = input.refreshToken;
  if (scopes.includes('openid')) {
    response.id_token = await signIdToken(hub, {
      sub: session.userId!,
      clientId: client.clientId,
      nonce: input.nonce,
      authTime: session.authTime,
      amr: session.amr,
      accessToken: access.token,
      sid: session.browserSessionId ?? session.id,
      claims: session.act ? { ...org.id, act: session.act } : org.id,
    });
  }
  return response;
}
