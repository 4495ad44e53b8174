import { and, eq, gte, inArray, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { rows } from '../db/client';
import { mapRow } from '../db/map-row';
import {
  authSessions,
  oauthAuthorizationCodes,
  oauthClients,
  oauthRefreshTokens,
  oauthRevokedTokens,
} from '../db/schema/index';
import type { AuthSession } from '../db/schema/index';
import { standaloneStatement, statementWrite, type StepsWrite } from '../db/writes';

export type CodeRow = typeof oauthAuthorizationCodes.$inferSelect;
export type RefreshRow = typeof oauthRefreshTokens.$inferSelect;

export async function findSession(db: DbOrTx, id: string): Promise<AuthSession | undefined> {
  const [row] = await db.select().from(authSessions).where(eq(authSessions.id, id)).limit(1);
  return row;
}

/** The used code's row (consumed, or burned by a failed verifier), locked; undefined while it is unused. */
export async function lockCode(db: DbOrTx, codeHash: string): Promise<CodeRow | undefined> {
  const [row] = await db
    .select()
    .from(oauthAuthorizationCodes)
    .where(eq(oauthAuthorizationCodes.codeHash, codeHash))
    .for('update')
    .limit(1);
  return row;
}

/**
 * The used-code set's insert of one code (sealed-code.ts): its row as the code carried it, used
 * at `now`, by the session `issuedSessionId`; nothing where `where` fails or the code is used.
 */
function insertUsedCode(code: CodeRow, now: Date, issuedSessionId: string | null, where: SQL): SQL {
  const row = JSON.stringify({
    code_hash: code.codeHash,
    client_id: code.clientId,
    user_id: code.userId,
    browser_session_id: code.browserSessionId,
    redirect_uri: code.redirectUri,
    scopes: code.scopes,
    code_challenge: code.codeChallenge,
    code_challenge_method: code.codeChallengeMethod,
    nonce: code.nonce,
    auth_time: code.authTime,
    amr: code.amr,
    resource: code.resource,
    created_at: code.createdAt,
    expires_at: code.expiresAt,
    consumed_at: now,
    issued_session_id: issuedSessionId,
    dpop_jkt: code.dpopJkt,
    act: code.act,
  });
  return sql`insert into oauth_authorization_codes
    select * from jsonb_populate_record(null::oauth_authorization_codes, ${row}::jsonb) r
    where ${where}
    on conflict (code_hash) do nothing`;
}

/** A code burned (RFC 7636: a failed verifier): used, issuing nothing. */
export async function burnCode(db: DbOrTx, code: CodeRow, now: Date): Promise<void> {
  await db.execute(insertUsedCode(code, now, null, sql`true`));
}

/** Forgets the used codes that would be refused as expired anyway. */
export async function deleteExpiredCodes(db: DbOrTx, now: Date): Promise<void> {
  await db.delete(oauthAuthorizationCodes).where(lt(oauthAuthorizationCodes.expiresAt, now));
}

export async function insertRefreshToken(db: DbOrTx, values: typeof oauthRefreshTokens.$inferInsert): Promise<void> {
  await db.insert(oauthRefreshTokens).values(values);
}

export async function lockRefreshToken(db: DbOrTx, tokenHash: string): Promise<RefreshRow | undefined> {
  const [row] = await db
    .select()
    .from(oauthRefreshTokens)
    .where(eq(oauthRefreshTokens.tokenHash, tokenHash))
    .for('update')
    .limit(1);
  return row;
}

/** Whether the access token with this `jti` was revoked (one without a session row behind it). */
export async function isAccessTokenRevoked(db: DbOrTx, jti: string): Promise<boolean> {
  const [row] = await db
    .select({ jti: oauthRevokedTokens.jti })
    .from(oauthRevokedTokens)
    .where(eq(oauthRevokedTokens.jti, jti))
    .limit(1);
  return !!row;
}

/** The revocation of an access token by its `jti`, as a unit of work's write (with its audit record). */
export function revokeAccessTokenWrite(token: {
  jti: string;
  clientId: string;
  expiresAt: Date;
  now: Date;
}): StepsWrite {
  return statementWrite(
    (guard) => sql`insert into ${oauthRevokedTokens} (jti, client_id, expires_at, revoked_at)
      select ${token.jti}::uuid, ${token.clientId}, ${token.expiresAt.toISOString()}::timestamptz,
        ${token.now.toISOString()}::timestamptz
      where ${guard}
      on conflict (jti) do nothing`,
  );
}

export async function findRefreshToken(db: DbOrTx, tokenHash: string): Promise<RefreshRow | undefined> {
  const [row] = await db.select().from(oauthRefreshTokens).where(eq(oauthRefreshTokens.tokenHash, tokenHash)).limit(1);
  return row;
}

export async function markRefreshUsed(
  db: DbOrTx,
  tokenHash: string,
  now: Date,
  replacedBy: string,
  graceResponseEnc: string,
): Promise<void> {
  await db
    .update(oauthRefreshTokens)
    .set({ usedAt: now, replacedBy, graceResponseEnc })
    .where(eq(oauthRefreshTokens.tokenHash, tokenHash));
}

/**
 * The app sessions signed in through these browser sessions (or, with `userId`, through any
 * browser session of that user since `since`), with their client's back-channel logout URI.
 */
export async function findBackchannelTargets(
  db: DbOrTx,
  by: { browserSessionIds: string[] } | { userId: string; since: Date },
): Promise<
  {
    sessionId: string;
    browserSessionId: string;
    userId: string;
    clientId: string;
    uri: string | null;
    scopes: string[];
  }[]
> {
  const where =
    'browserSessionIds' in by
      ? by.browserSessionIds.length
        ? inArray(authSessions.browserSessionId, by.browserSessionIds)
        : undefined
      : and(
          eq(authSessions.userId, by.userId),
          gte(authSessions.createdAt, by.since),
          isNotNull(authSessions.browserSessionId),
        );
  if (!where) return [];
  const rows = await db
    .select({
      sessionId: authSessions.id,
      browserSessionId: authSessions.browserSessionId,
      userId: authSessions.userId,
      clientId: oauthClients.clientId,
      uri: oauthClients.backchannelLogoutUri,
      scopes: authSessions.scopes,
    })
    .from(authSessions)
    .innerJoin(oauthClients, eq(oauthClients.clientId, authSessions.clientId))
    .where(where);
  return rows.map((r) => ({ ...r, browserSessionId: r.browserSessionId!, userId: r.userId! }));
}

/** The new rows of a code exchange, decided before the statement (the refresh token's raw value apart). */
export interface ExchangeRows {
  now: Date;
  session: { id: string; tokenHash: string; expiresAt: Date };
  refreshTokenHash: string;
  /** The key a public client's refresh token is bound to (RFC 9449 §5). */
  refreshDpopJkt: string | null;
}

/**
 * The authorization_code exchange as one write: consume → app session → refresh token, each
 * step reading the one before. The code (sealed-code.ts, already checked against the request by
 * the rules of grants/code-rules.ts) is consumed by its insert into the used-code set, only while
 * unused and while its user is active (the two rules only the database can answer), so each
 * path — alone, inside the locked transaction, or as the unit of work of the grant's audit
 * record, which then fails as a whole unless the code was consumed (`requireOne`) — writes
 * through the same conditions.
 */
export function codeExchangeWrite(code: CodeRow, x: ExchangeRows, issuesRefresh: boolean): StepsWrite {
  const now = x.now.toISOString();
  const expires = x.session.expiresAt.toISOString();
  return {
    kind: 'steps',
    requireOne: 'consumed',
    steps: [
      {
        name: 'consumed',
        body: ({ guard }) =>
          sql`${insertUsedCode(
            code,
            x.now,
            x.session.id,
            sql`exists (select 1 from platform_users u where u.id = r.user_id and u.is_active) and ${guard}`,
          )} returning *`,
      },
      {
        name: 'session',
        body: ({
          ref,
        }) => sql`insert into auth_sessions (id, user_id, client_id, kind, session_token_hash, scopes, auth_time, amr,
            browser_session_id, resource, act, created_at, last_accessed_at, expires_at)
          select ${x.session.id}::uuid, user_id, client_id, 'app', ${x.session.tokenHash}, scopes, auth_time, amr,
                 browser_session_id, resource, act,
                 ${now}::timestamptz, ${now}::timestamptz, ${expires}::timestamptz
          from ${ref('consumed')}
          returning id`,
      },
      {
        name: 'refresh',
        body: ({
          ref,
        }) => sql`insert into oauth_refresh_tokens (token_hash, session_id, client_id, user_id, scopes, created_at, expires_at,
            dpop_jkt)
          select ${x.refreshTokenHash}, s.id, c.client_id, c.user_id, c.scopes, ${now}::timestamptz, ${expires}::timestamptz,
                 ${x.refreshDpopJkt}::text
          from ${ref('consumed')} c, ${ref('session')} s
          where ${issuesRefresh}::boolean
          returning 1`,
      },
    ],
  };
}

/**
 * Runs the exchange's write on its own (the one-statement path, or inside the locked path's
 * transaction): the consumed row and whether a refresh token was inserted, or undefined when the
 * code was not consumed (nothing was written).
 */
export async function runCodeExchange(
  db: DbOrTx,
  write: StepsWrite,
): Promise<{ code: CodeRow; refreshIssued: boolean } | undefined> {
  const found = await rows<Record<string, unknown> & { refresh_issued: string | number }>(
    db,
    standaloneStatement(
      write,
      (ref) =>
        sql`select ${ref('consumed')}.*, (select count(*) from ${ref('refresh')}) as refresh_issued from ${ref('consumed')}`,
    ),
  );
  const row = found[0];
  if (!row) return undefined;
  return { code: mapRow(oauthAuthorizationCodes, row), refreshIssued: Number(row.refresh_issued) > 0 };
}
