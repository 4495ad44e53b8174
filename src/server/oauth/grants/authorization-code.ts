import { randomUUID } from 'node:crypto';
import type { Hub } from '../../hub';
import type { AuthSession, OAuthClient } from '../../db/schema/index';
import { parseAct } from '../act';
import type { Write } from '../../db/writes';
import { isWriteNotApplied } from '../../db/writes';
import { randomToken, sha256Hex } from '../../crypto/tokens';
import { REFRESH_ABSOLUTE_TTL_S } from '../constants';
import { OAuthError, clientRefusal } from '../errors';
import { openCode } from '../sealed-code';
import { revokeSessionIds } from '../revoke-service';
import { burnCode, codeExchangeWrite, lockCode, runCodeExchange, type CodeRow, type ExchangeRows } from '../queries';
import { findUserById } from '../../auth/user-queries';
import { userinfoAudience } from '../resource';
import { REFRESH_RULE, firstBrokenRule, unknownCode, type ExchangeFacts } from './code-rules';
import { buildTokenResponse, type TokenResponse } from './issue';
import { sessionStateOf, type SessionState } from '../token-cache';
import type { ActClaim } from '../act';

export interface GrantResult {
  response: TokenResponse;
  userId: string | null;
  /** The session behind the grant; null for client_credentials, whose token stands alone (`jti`). */
  sessionId: string | null;
  /** The access token's `jti` when no session stands behind it. */
  jti?: string;
  /** Writes the token endpoint must commit with the grant's audit record before answering. */
  writes?: Write[];
  /** The grant's audit record (and rows) are already committed. */
  committed?: boolean;
  /** The session behind the access token as it stands once the grant commits (token-cache.ts `prime`). */
  state?: SessionState;
  /** Token exchange (issue 42): what the audit record adds, the audience and the `act` chain. */
  exchanged?: { audience: string; act: ActClaim };
}

/**
 * Commits a grant's `oauth_token_issued` record (token endpoint, one unit of work) with the
 * writes behind it (a code exchange; none for client_credentials).
 */
export type CommitGrant = (
  grant: Pick<GrantResult, 'sessionId' | 'userId' | 'writes' | 'jti' | 'exchanged'> & { scope: string },
) => Promise<void>;

type ExchangeRequest = { code: string; redirect_uri: string; code_verifier?: string; resource?: string };

/**
 * RFC 9449 §5: the key of the token request's DPoP proof, if it carried one. `spendJti` records
 * the proof's jti on its own (refusing a replay), for a path whose grant does not commit through
 * the token endpoint's unit of work, which records it otherwise (endpoints/token.ts).
 */
export type DPoPBinding = { jkt: string; spendJti?: () => Promise<void> } | undefined;

/** One exchange as every path sees it: the opened code, the rules' facts and the rows it would write. */
interface Exchange {
  /** The code's row as it carried it (sealed-code.ts), not yet consumed. */
  code: CodeRow;
  facts: ExchangeFacts;
  rows: ExchangeRows;
  /** The refresh token whose hash `rows` holds. */
  refreshToken: string;
  /** Whether the exchange issues a refresh token (REFRESH_RULE). */
  refreshIssued: boolean;
  /** The access token is bound to this key (RFC 9449 §6). */
  dpopJkt: string | null;
  write: ReturnType<typeof codeExchangeWrite>;
}

/**
 * authorization_code grant (RFC 6749 §4.1.3). The code is sealed (sealed-code.ts): every path
 * opens it, checks the rules of code-rules.ts on it, in that order, and consumes it through the
 * one statement that inserts it into the used-code set:
 * 1. `exchangeCommitted` — the exchange commits with the grant's audit record as one unit of
 *    work (one statement for the whole flow);
 * 2. `exchangeAtOnce` — the exchange's statement on its own (one statement);
 * 3. `exchangeLocked` — the used code's row (if any) locked and read with the user's:
 *    whichever rule the code breaks is the answer.
 * A fast path that does not consume the code wrote nothing and gives way to the next one.
 */
export async function exchangeAuthorizationCode(
  hub: Hub,
  client: OAuthClient,
  input: { code?: string; redirect_uri?: string; code_verifier?: string; resource?: string },
  /** The token endpoint's commit: with it, the exchange is one statement with its audit record. */
  commit?: CommitGrant,
  dpop?: DPoPBinding,
): Promise<GrantResult> {
  if (!input.code) throw new OAuthError('invalid_request', 'code is required.');
  if (!input.redirect_uri) throw new OAuthError('invalid_request', 'redirect_uri is required.');
  const request = { ...input, code: input.code, redirect_uri: input.redirect_uri };
  const exchange = planExchange(hub, client, request, dpop);
  const committed = commit ? await exchangeCommitted(hub, exchange, commit) : undefined;
  if (committed) return committed;
  // The next paths consume the code before the grant's record commits: a replayed proof is
  // refused first, so that it consumes nothing.
  await dpop?.spendJti?.();
  return (await exchangeAtOnce(hub, exchange)) || exchangeLocked(hub, exchange);
}

/**
 * Path 1: the code passes every rule it can be checked against without the database, and the
 * exchange's write joins the `oauth_token_issued` unit of work, which fails as a whole (nothing
 * written) when the statement's conditions find the code used or its user deactivated: then
 * undefined, and the next path decides.
 */
export async function exchangeCommitted(hub: Hub, x: Exchange, commit: CommitGrant): Promise<GrantResult | undefined> {
  if (firstBrokenRule(x.code, x.facts)) return undefined;
  const { session, response } = await respond(hub, x, x.code, x.refreshIssued);
  try {
    await commit({ sessionId: session.id, userId: session.userId, scope: response.scope, writes: [x.write] });
  } catch (e) {
    if (isWriteNotApplied(e)) return undefined;
    throw e;
  }
  return { response, userId: session.userId, sessionId: session.id, committed: true, state: sessionStateOf(session) };
}

/** Path 2: the exchange's statement alone; undefined when it consumed nothing (nothing was written). */
export async function exchangeAtOnce(hub: Hub, x: Exchange): Promise<GrantResult | undefined> {
  if (firstBrokenRule(x.code, x.facts)) return undefined;
  const done = await runCodeExchange(hub.db, x.write);
  if (!done) return undefined;
  const { session, response } = await respond(hub, x, done.code, done.refreshIssued);
  return { response, userId: session.userId, sessionId: session.id, state: sessionStateOf(session) };
}

type Locked =
  { done: { code: CodeRow; refreshIssued: boolean } } | { error: OAuthError; revoked: string[]; row?: CodeRow };

/** Path 3: the used row (if any) locked, the rules checked in order; the first broken one is the answer. */
export async function exchangeLocked(hub: Hub, x: Exchange): Promise<GrantResult> {
  const { now } = x.facts;
  const outcome = await hub.db.transaction(async (tx): Promise<Locked> => {
    // A second look only after losing a race: another exchange inserted the code meanwhile.
    for (let look = 0; look < 2; look++) {
      const row = (await lockCode(tx, x.code.codeHash)) ?? x.code;
      const user = await findUserById(tx, row.userId);
      const broken = firstBrokenRule(row, x.facts, { userIsActive: !!user?.isActive });
      if (broken?.rule.consequence === 'revoke_issued') {
        const issued = row.issuedSessionId ? [row.issuedSessionId] : [];
        return { error: broken.error, revoked: await revokeSessionIds(hub, issued, null, tx), row };
      }
      if (broken?.rule.consequence === 'burn_code') await burnCode(tx, x.code, now);
      // Another client's code is reported as an unknown one: nothing of it is the caller's.
      if (broken) return { error: broken.error, revoked: [], row: broken.rule.name === 'client' ? undefined : row };
      const done = await runCodeExchange(tx, x.write);
      if (done) return { done };
    }
    // Locked and checked twice: only a rule missing from the checks could leave the code unconsumed.
    throw new Error('authorization code passed every check but was not consumed');
  });
  if ('error' in outcome) {
    outcome.error.audit = clientRefusal(outcome.error, {
      grantType: 'authorization_code',
      clientId: x.facts.client.clientId,
      userId: outcome.row?.userId ?? null,
      reuse: outcome.revoked.length > 0 ? 'oauth_code_reuse' : undefined,
    });
    throw outcome.error;
  }
  const { session, response } = await respond(hub, x, outcome.done.code, outcome.done.refreshIssued);
  return { response, userId: session.userId, sessionId: session.id, state: sessionStateOf(session) };
}

/**
 * The opened code, the facts, the new rows and the statement of one exchange; the same for every
 * path it tries. A code the hub did not seal (or sealed for another purpose) is an unknown one.
 */
export function planExchange(hub: Hub, client: OAuthClient, input: ExchangeRequest, dpop?: DPoPBinding): Exchange {
  const code = openCode(hub, input.code);
  if (!code) {
    const error = unknownCode();
    error.audit = clientRefusal(error, { grantType: 'authorization_code', clientId: client.clientId, userId: null });
    throw error;
  }
  const now = hub.clock();
  const facts: ExchangeFacts = {
    client,
    redirectUri: input.redirect_uri,
    resource: input.resource,
    defaultResource: userinfoAudience(hub),
    verifier: input.code_verifier,
    dpopJkt: dpop?.jkt,
    now,
  };
  const refreshToken = `hubrt_${randomToken()}`;
  const rows: ExchangeRows = {
    now,
    session: {
      id: randomUUID(),
      tokenHash: sha256Hex(randomToken()),
      expiresAt: new Date(now.getTime() + REFRESH_ABSOLUTE_TTL_S * 1000),
    },
    refreshTokenHash: sha256Hex(refreshToken),
    // RFC 9449 §5: a public client's refresh tokens are bound to the key (a confidential
    // client's are bound to the client's own authentication already).
    refreshDpopJkt: dpop && client.tokenEndpointAuthMethod === 'none' ? dpop.jkt : null,
  };
  const refreshIssued = REFRESH_RULE.issues(code, client);
  const write = codeExchangeWrite(code, rows, refreshIssued);
  return { code, facts, rows, refreshToken, refreshIssued, write, dpopJkt: dpop?.jkt ?? null };
}

/** The app session the exchange wrote (as its statement builds it from the code's row) and the token response. */
async function respond(hub: Hub, x: Exchange, code: CodeRow, refreshIssued: boolean) {
  const session: AuthSession = {
    id: x.rows.session.id,
    userId: code.userId,
    clientId: x.facts.client.clientId,
    kind: 'app',
    sessionTokenHash: x.rows.session.tokenHash,
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
    // An app session's provider is its browser session's (read with the memberships, orgs/claims.ts).
    idpId: null,
    // Issue 42: the browser session's actor (impersonation), carried by the code (issue-code.ts).
    act: parseAct(code.act),
    createdAt: x.facts.now,
    lastAccessedAt: x.facts.now,
    expiresAt: x.rows.session.expiresAt,
    revokedAt: null,
    revokedBy: null,
  };
  const response = await buildTokenResponse(hub, {
    session,
    client: x.facts.client,
    nonce: code.nonce,
    refreshToken: refreshIssued ? x.refreshToken : null,
    dpopJkt: x.dpopJkt,
  });
  return { session, response };
}
