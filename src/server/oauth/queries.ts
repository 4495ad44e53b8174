import { and, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { rows } from '../db/client';
import { mapRow } from '../db/map-row';
import {
  authSessions,
  oauthAuthorizationCodes,
  oauthClients,
  oauthConsents,
  oauthRefreshTokens,
} from '../db/schema/index';
import type { AuthSession } from '../db/schema/index';
import type { LinkedCompanion } from '../audit/chain-queries';

export type CodeRow = typeof oauthAuthorizationCodes.$inferSelect;
export type RefreshRow = typeof oauthRefreshTokens.$inferSelect;

export async function insertAppSession(db: DbOrTx, values: typeof authSessions.$inferInsert): Promise<AuthSession> {
  const [row] = await db.insert(authSessions).values(values).returning();
  return row;
}

export async function findSession(db: DbOrTx, id: string): Promise<AuthSession | undefined> {
  const [row] = await db.select().from(authSessions).where(eq(authSessions.id, id)).limit(1);
  return row;
}

/** Deactivates sessions; returns the ids that were live (to publish on hub.revocations). */
export async function deactivateSessions(
  db: DbOrTx,
  ids: string[],
  now: Date,
  revokedBy: string | null,
): Promise<string[]> {
  if (ids.length === 0) return [];
  const done = await db
    .update(authSessions)
    .set({ isActive: false, revokedAt: now, revokedBy })
    .where(and(inArray(authSessions.id, ids), eq(authSessions.isActive, true)))
    .returning({ id: authSessions.id });
  return done.map((d) => d.id);
}

/** Revoke app access (spec): every live app or hand-off session of one client for one user. */
export async function deactivateClientUserSessions(
  db: DbOrTx,
  clientId: string,
  userId: string,
  now: Date,
): Promise<string[]> {
  const done = await db
    .update(authSessions)
    .set({ isActive: false, revokedAt: now, revokedBy: userId })
    .where(and(eq(authSessions.clientId, clientId), eq(authSessions.userId, userId), eq(authSessions.isActive, true)))
    .returning({ id: authSessions.id });
  return done.map((d) => d.id);
}

export async function insertCode(db: DbOrTx, values: typeof oauthAuthorizationCodes.$inferInsert): Promise<void> {
  await db.insert(oauthAuthorizationCodes).values(values);
}

export async function lockCode(db: DbOrTx, codeHash: string): Promise<CodeRow | undefined> {
  const [row] = await db
    .select()
    .from(oauthAuthorizationCodes)
    .where(eq(oauthAuthorizationCodes.codeHash, codeHash))
    .for('update')
    .limit(1);
  return row;
}

export async function markCodeConsumed(
  db: DbOrTx,
  codeHash: string,
  now: Date,
  issuedSessionId: string | null,
): Promise<void> {
  await db
    .update(oauthAuthorizationCodes)
    .set({ consumedAt: now, issuedSessionId })
    .where(eq(oauthAuthorizationCodes.codeHash, codeHash));
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

export async function findConsent(db: DbOrTx, userId: string, clientId: string) {
  const [row] = await db
    .select()
    .from(oauthConsents)
    .where(and(eq(oauthConsents.userId, userId), eq(oauthConsents.clientId, clientId)))
    .limit(1);
  return row;
}

export async function upsertConsent(
  db: DbOrTx,
  userId: string,
  clientId: string,
  scopes: string[],
  now: Date,
): Promise<void> {
  await db
    .insert(oauthConsents)
    .values({ userId, clientId, scopes, grantedAt: now })
    .onConflictDoUpdate({ target: [oauthConsents.userId, oauthConsents.clientId], set: { scopes, grantedAt: now } });
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

/** What exchangeCodeAtOnce needs beyond the code: the checks' inputs and the new rows' values. */
export interface CodeExchange {
  codeHash: string;
  clientId: string;
  redirectUri: string;
  /** The resource the token request names again (undefined: none named). */
  resource: string | undefined;
  /** The code's resource when it named none (the hub's userinfo audience). */
  defaultResource: string;
  /** BASE64URL(SHA-256(code_verifier)), or null when no well-formed verifier was sent. */
  verifierChallenge: string | null;
  /** A code without a challenge is acceptable: a confidential client that sent no verifier. */
  acceptsNoChallenge: boolean;
  /** The client may use refresh_token (offline_access in the code's scopes decides the rest). */
  clientMayRefresh: boolean;
  now: Date;
  session: { id: string; tokenHash: string; expiresAt: Date };
  refreshTokenHash: string;
}

/**
 * The authorization_code exchange's happy path as ONE statement: the code is consumed only if
 * every check the locked path makes passes (same client, unused, unexpired, same redirect URI,
 * same resource, PKCE, user still active), and in the same statement the app session and,
 * for offline_access, its first refresh token are inserted from the consumed row. Undefined
 * when the code was not consumed: nothing was written, and the locked path (lockCode …) finds
 * out why and answers as it always did — the row stays the single-use truth across nodes.
 */
export async function exchangeCodeAtOnce(
  db: DbOrTx,
  x: CodeExchange,
): Promise<{ code: CodeRow; refreshIssued: boolean } | undefined> {
  const ctes = exchangeCtes(x);
  const found = await rows<Record<string, unknown> & { refresh_issued: string | number }>(
    db,
    sql`with ${sql.join(
      ctes.map((c) => sql`${sql.raw(c.name)} as (${c.body(sql`true`)})`),
      sql`, `,
    )}
    select code_consumed.*, (select count(*) from code_refresh) as refresh_issued from code_consumed`,
  );
  const row = found[0];
  if (!row) return undefined;
  return { code: mapRow(oauthAuthorizationCodes, row), refreshIssued: Number(row.refresh_issued) > 0 };
}

/**
 * exchangeCodeAtOnce's writes as companions of the grant's audit record (the issuing node
 * checked the code against its own copy first): committed in the same statement as
 * `oauth_token_issued`, and that statement fails as a whole when the code was not consumed
 * (another node got there first), so the record never claims a grant that did not happen.
 */
export function exchangeCodeCompanion(x: CodeExchange): LinkedCompanion {
  return { ctes: exchangeCtes(x), requireOne: 'code_consumed' };
}

/** consume → app session → refresh token, each reading the one before; `guard` gates the consume. */
function exchangeCtes(x: CodeExchange): LinkedCompanion['ctes'] {
  const now = x.now.toISOString();
  const expires = x.session.expiresAt.toISOString();
  return [
    {
      name: 'code_consumed',
      body: (
        guard,
      ) => sql`update oauth_authorization_codes set consumed_at = ${now}::timestamptz, issued_session_id = ${x.session.id}::uuid
      where code_hash = ${x.codeHash} and client_id = ${x.clientId} and consumed_at is null
        and expires_at > ${now}::timestamptz and redirect_uri = ${x.redirectUri}
        and (${x.resource ?? null}::text is null or coalesce(resource, ${x.defaultResource}) = ${x.resource ?? null}::text)
        and (case when code_challenge is null then ${x.acceptsNoChallenge}::boolean
                  else code_challenge = ${x.verifierChallenge}::text end)
        and exists (select 1 from platform_users u where u.id = oauth_authorization_codes.user_id and u.is_active)
        and ${guard}
      returning *`,
    },
    {
      name: 'code_session',
      body: () => sql`insert into auth_sessions (id, user_id, client_id, kind, session_token_hash, scopes, auth_time, amr, browser_session_id, resource, created_at, last_accessed_at, expires_at)
      select ${x.session.id}::uuid, user_id, client_id, 'app', ${x.session.tokenHash}, scopes, auth_time, amr, browser_session_id, resource,
             ${now}::timestamptz, ${now}::timestamptz, ${expires}::timestamptz
      from code_consumed
      returning id`,
    },
    {
      name: 'code_refresh',
      body: () => sql`insert into oauth_refresh_tokens (token_hash, session_id, client_id, user_id, scopes, created_at, expires_at)
      select ${x.refreshTokenHash}, code_session.id, code_consumed.client_id, code_consumed.user_id, code_consumed.scopes,
             ${now}::timestamptz, ${expires}::timestamptz
      from code_consumed, code_session
      where ${x.clientMayRefresh}::boolean and 'offline_access' = any(code_consumed.scopes)
        and code_consumed.redirect_uri <> 'urn:ietf:wg:oauth:2.0:oob'
      returning 1`,
    },
  ];
}
