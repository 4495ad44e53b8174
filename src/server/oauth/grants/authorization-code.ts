import { createHash, randomUUID } from 'node:crypto';
import type { Hub } from '../../hub';
import type { AuthSession, OAuthClient } from '../../db/schema/index';
import type { authSessions } from '../../db/schema/index';
import { randomToken, safeEqual, sha256Hex } from '../../crypto/tokens';
import { REFRESH_ABSOLUTE_TTL_S } from '../constants';
import { OAuthError } from '../errors';
import type { Companion } from '../../audit/chain-queries';
import { isRequiredCompanionMissing } from '../../audit/chain-queries';
import { takeCode } from '../code-cache';
import { revokeSessionIds } from '../revoke-service';
import {
  exchangeCodeAtOnce,
  exchangeCodeCompanion,
  type CodeExchange,
  insertAppSession,
  lockCode,
  markCodeConsumed,
  type CodeRow,
} from '../queries';
import { findUserById } from '../../auth/user-queries';
import { userinfoAudience } from '../resource';
import { buildTokenResponse, grantsRefresh, mintRefreshToken, type TokenResponse } from './issue';

export interface GrantResult {
  response: TokenResponse;
  userId: string | null;
  sessionId: string;
  /** Session rows the token endpoint must commit with the grant's audit record before answering. */
  pendingSessions?: (typeof authSessions.$inferInsert)[];
  /** The grant's audit record (and rows) are already committed. */
  committed?: boolean;
}

/**
 * Commits a grant's `oauth_token_issued` record (token endpoint, group commit) with the rows
 * behind it: the client_credentials session rows, or a code exchange's linked writes, which
 * must commit in a batch of their own (`alone`).
 */
export type CommitGrant = (
  grant: Pick<GrantResult, 'sessionId' | 'userId' | 'pendingSessions'> & {
    scope: string;
    companions?: Companion[];
    alone?: boolean;
  },
) => Promise<void>;

type Outcome =
  { ok: AuthSession; row: CodeRow; refresh: string | null } | { error: OAuthError; revoked: string[]; row?: CodeRow };

/** RFC 7636 §4.6: BASE64URL(SHA256(verifier)) must equal the challenge; `plain` is never accepted. */
export function checkPkce(
  row: Pick<CodeRow, 'codeChallenge' | 'codeChallengeMethod'>,
  verifier: string | undefined,
  client: OAuthClient,
): OAuthError | null {
  if (!row.codeChallenge) {
    if (client.tokenEndpointAuthMethod === 'none')
      return new OAuthError('invalid_grant', 'PKCE is required for public clients.');
    return verifier ? new OAuthError('invalid_grant', 'code_verifier sent but no code_challenge was.') : null;
  }
  if (!verifier || !VERIFIER.test(verifier))
    return new OAuthError('invalid_grant', 'A valid code_verifier is required.');
  return safeEqual(challengeOf(verifier), row.codeChallenge)
    ? null
    : new OAuthError('invalid_grant', 'PKCE verification failed.');
}

const VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;
const challengeOf = (verifier: string) => createHash('sha256').update(verifier, 'ascii').digest('base64url');

/**
 * authorization_code grant: single use within 60 s, bound to client, redirect URI and PKCE.
 * A code presented twice revokes everything its first exchange issued (RFC 6749 §4.1.2).
 */
export async function exchangeAuthorizationCode(
  hub: Hub,
  client: OAuthClient,
  input: { code?: string; redirect_uri?: string; code_verifier?: string; resource?: string },
  /** The token endpoint's commit: with it, a code this node issued is exchanged in one statement. */
  commit?: CommitGrant,
): Promise<GrantResult> {
  if (!input.code) throw new OAuthError('invalid_request', 'code is required.');
  if (!input.redirect_uri) throw new OAuthError('invalid_request', 'redirect_uri is required.');
  const now = hub.clock();
  const request = { ...input, code: input.code, redirect_uri: input.redirect_uri };
  const copy = commit ? takeCode(hub, sha256Hex(input.code)) : undefined;
  const committed = copy && commit ? await exchangeWithAudit(hub, client, request, copy, now, commit) : undefined;
  if (committed) return committed;
  const done = await exchangeAtOnce(hub, client, request, now);
  if (done) return done;
  // Not consumed by the one statement: the locked path finds out why (or, in a race, consumes it).
  const outcome: Outcome = await hub.db.transaction(async (tx): Promise<Outcome> => {
    const row = await lockCode(tx, sha256Hex(input.code!));
    if (!row || row.clientId !== client.clientId)
      return { error: new OAuthError('invalid_grant', 'The authorization code is invalid.'), revoked: [] };
    if (row.consumedAt) {
      const revoked = await revokeSessionIds(hub, row.issuedSessionId ? [row.issuedSessionId] : [], null, tx);
      return {
        error: new OAuthError(
          'invalid_grant',
          'The authorization code was already used; tokens issued from it are revoked.',
        ),
        revoked,
        row,
      };
    }
    if (row.expiresAt <= now)
      return { error: new OAuthError('invalid_grant', 'The authorization code has expired.'), revoked: [], row };
    if (row.redirectUri !== input.redirect_uri)
      return {
        error: new OAuthError('invalid_grant', 'redirect_uri does not match the authorization request.'),
        revoked: [],
        row,
      };
    // RFC 8707 §2.2: the token request may name the resource again, not another one.
    if (input.resource !== undefined && input.resource !== (row.resource ?? userinfoAudience(hub)))
      return {
        error: new OAuthError('invalid_target', 'resource differs from the authorization request.'),
        revoked: [],
        row,
      };
    const pkce = checkPkce(row, input.code_verifier, client);
    if (pkce) {
      // A failed verifier burns the code: it may have been intercepted.
      await markCodeConsumed(tx, row.codeHash, now, null);
      return { error: pkce, revoked: [], row };
    }
    const user = await findUserById(tx, row.userId);
    if (!user || !user.isActive)
      return { error: new OAuthError('invalid_grant', 'The user is no longer active.'), revoked: [], row };
    const session = await insertAppSession(tx, {
      userId: row.userId,
      clientId: client.clientId,
      kind: 'app',
      sessionTokenHash: sha256Hex(randomToken()),
      scopes: row.scopes,
      authTime: row.authTime,
      amr: row.amr,
      browserSessionId: row.browserSessionId,
      resource: row.resource,
      createdAt: now,
      lastAccessedAt: now,
      expiresAt: new Date(now.getTime() + REFRESH_ABSOLUTE_TTL_S * 1000),
    });
    await markCodeConsumed(tx, row.codeHash, now, session.id);
    const wantsRefresh = grantsRefresh(session, client) && row.redirectUri !== OOB_REDIRECT;
    const refresh = wantsRefresh ? await mintRefreshToken(tx, hub, session, client) : null;
    return { ok: session, row, refresh };
  });
  if ('error' in outcome) {
    outcome.error.auditDetails = { code_replayed: outcome.revoked.length > 0, user_id: outcome.row?.userId ?? null };
    throw outcome.error;
  }
  const session = outcome.ok;
  const response = await buildTokenResponse(hub, {
    session,
    client,
    nonce: outcome.row.nonce,
    refreshToken: outcome.refresh,
  });
  return { response, userId: session.userId, sessionId: session.id };
}

/**
 * A code this node issued (code-cache.ts), checked against its copy exactly as the locked path
 * checks the row; if everything passes, the consume, the app session, the refresh token and the
 * `oauth_token_issued` record commit as ONE statement (exchangeCodeCompanion). That statement
 * fails as a whole when the row was not consumable after all (another node exchanged it, the
 * user was deactivated): then undefined, nothing was written, and the row decides as before.
 */
async function exchangeWithAudit(
  hub: Hub,
  client: OAuthClient,
  input: ExchangeRequest,
  copy: CodeRow,
  now: Date,
  commit: CommitGrant,
): Promise<GrantResult | undefined> {
  if (copy.clientId !== client.clientId || copy.expiresAt <= now || copy.redirectUri !== input.redirect_uri)
    return undefined;
  if (input.resource !== undefined && input.resource !== (copy.resource ?? userinfoAudience(hub))) return undefined;
  if (checkPkce(copy, input.code_verifier, client)) return undefined;
  const { exchange, refresh } = plannedExchange(hub, client, input, now);
  const session = appSession(exchange, copy, client, now);
  const refreshIssued = grantsRefresh(session, client) && copy.redirectUri !== OOB_REDIRECT;
  const response = await buildTokenResponse(hub, {
    session,
    client,
    nonce: copy.nonce,
    refreshToken: refreshIssued ? refresh : null,
  });
  try {
    await commit({
      sessionId: session.id,
      userId: session.userId,
      scope: response.scope,
      companions: [exchangeCodeCompanion(exchange)],
      alone: true,
    });
  } catch (e) {
    if (isRequiredCompanionMissing(e)) return undefined;
    throw e;
  }
  return { response, userId: session.userId, sessionId: session.id, committed: true };
}

type ExchangeRequest = { code: string; redirect_uri: string; code_verifier?: string; resource?: string };

/**
 * The happy path in one round trip (exchangeCodeAtOnce): every check of the locked path below
 * made by the statement that consumes the code and inserts the app session and refresh token.
 * Undefined when it consumed nothing (an error to report, or a race): nothing was written.
 */
async function exchangeAtOnce(
  hub: Hub,
  client: OAuthClient,
  input: ExchangeRequest,
  now: Date,
): Promise<GrantResult | undefined> {
  const { exchange, refresh } = plannedExchange(hub, client, input, now);
  const done = await exchangeCodeAtOnce(hub.db, exchange);
  if (!done) return undefined;
  const session = appSession(exchange, done.code, client, now);
  const response = await buildTokenResponse(hub, {
    session,
    client,
    nonce: done.code.nonce,
    refreshToken: done.refreshIssued ? refresh : null,
  });
  return { response, userId: session.userId, sessionId: session.id };
}

const OOB_REDIRECT = 'urn:ietf:wg:oauth:2.0:oob';

/** The one-statement exchange's inputs: the checks' values and the new rows' (the refresh token's raw value apart). */
function plannedExchange(hub: Hub, client: OAuthClient, input: ExchangeRequest, now: Date) {
  const verifier = input.code_verifier;
  const refresh = `hubrt_${randomToken()}`;
  const exchange: CodeExchange = {
    codeHash: sha256Hex(input.code),
    clientId: client.clientId,
    redirectUri: input.redirect_uri,
    resource: input.resource,
    defaultResource: userinfoAudience(hub),
    verifierChallenge: verifier && VERIFIER.test(verifier) ? challengeOf(verifier) : null,
    acceptsNoChallenge: client.tokenEndpointAuthMethod !== 'none' && !verifier,
    clientMayRefresh: client.grantTypes.includes('refresh_token'),
    now,
    session: {
      id: randomUUID(),
      tokenHash: sha256Hex(randomToken()),
      expiresAt: new Date(now.getTime() + REFRESH_ABSOLUTE_TTL_S * 1000),
    },
    refreshTokenHash: sha256Hex(refresh),
  };
  return { exchange, refresh };
}

/** The app session row the exchange inserts, as the statement builds it from the code's row. */
function appSession(x: CodeExchange, code: CodeRow, client: OAuthClient, now: Date): AuthSession {
  return {
    id: x.session.id,
    userId: code.userId,
    clientId: client.clientId,
    kind: 'app',
    sessionTokenHash: x.session.tokenHash,
    refreshTokenHash: null,
    refreshFamily: null,
    scopes: code.scopes,
    ipAddress: null,
    userAgent: null,
    isActive: true,
    authTime: code.authTime,
    amr: code.amr,
    browserSessionId: code.browserSessionId,
    resource: code.resource,
    createdAt: now,
    lastAccessedAt: now,
    expiresAt: x.session.expiresAt,
    revokedAt: null,
    revokedBy: null,
  };
}
