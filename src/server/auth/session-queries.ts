import { and, eq, gt, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { rows } from '../db/client';
import { authSessions, platformUsers } from '../db/schema/index';
import type { AuthSession, PlatformUser } from '../db/schema/index';
import type { RowsWrite } from '../db/writes';

export type NewAuthSession = typeof authSessions.$inferInsert;

export async function insertSession(db: DbOrTx, values: NewAuthSession): Promise<AuthSession> {
  const [row] = await db.insert(authSessions).values(values).returning();
  return row;
}

export async function findSessionWithUserByHash(
  db: DbOrTx,
  tokenHash: string,
): Promise<{ session: AuthSession; user: PlatformUser } | undefined> {
  const [row] = await db
    .select({ session: authSessions, user: platformUsers })
    .from(authSessions)
    .innerJoin(platformUsers, eq(platformUsers.id, authSessions.userId))
    .where(eq(authSessions.sessionTokenHash, tokenHash))
    .limit(1);
  return row;
}

/** Marks a fresh authentication on a session (step-up): OIDC auth_time and amr. */
export async function markSessionAuthenticated(db: DbOrTx, sessionId: string, now: Date, amr: string[]) {
  await db.update(authSessions).set({ authTime: now, amr }).where(eq(authSessions.id, sessionId));
}

/** Live app sessions (OAuth grants and hand-offs) of a user, per client. */
export async function liveAppSessionsByClient(db: DbOrTx, userId: string, now: Date) {
  return db
    .select({
      clientId: authSessions.clientId,
      // One row per (session, scope) after the unnest: count the sessions, not the rows.
      n: sql<number>`count(distinct ${authSessions.id})::int`,
      lastUsedAt: sql<string | Date | null>`max(${authSessions.lastAccessedAt})`,
      scopes: sql<string[] | null>`array_agg(distinct s.scope) filter (where s.scope is not null)`,
    })
    .from(authSessions)
    .leftJoin(sql`lateral unnest(${authSessions.scopes}) as s(scope)`, sql`true`)
    .where(
      and(
        eq(authSessions.userId, userId),
        isNotNull(authSessions.clientId),
        eq(authSessions.isActive, true),
        gt(authSessions.expiresAt, now),
      ),
    )
    .groupBy(authSessions.clientId);
}

/** Live session ids of one app for one user (to end them with the revocation machinery). */
export async function liveAppSessionIds(db: DbOrTx, userId: string, clientId: string, now: Date): Promise<string[]> {
  const found = await db
    .select({ id: authSessions.id })
    .from(authSessions)
    .where(
      and(
        eq(authSessions.userId, userId),
        eq(authSessions.clientId, clientId),
        eq(authSessions.isActive, true),
        gt(authSessions.expiresAt, now),
      ),
    );
  return found.map((r) => r.id);
}

/** The setup reset (setup/setup-queries.ts deleteAllAccounts): every session, counted. */
export async function deleteAllSessions(db: DbOrTx): Promise<number> {
  const [row] = await rows<{ n: number }>(
    db,
    sql`with d as (delete from auth_sessions returning 1) select count(*)::int as n from d`,
  );
  return Number(row?.n ?? 0);
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

export async function touchSession(db: DbOrTx, id: string, now: Date): Promise<void> {
  await db.update(authSessions).set({ lastAccessedAt: now }).where(eq(authSessions.id, id));
}

export async function deactivateSession(db: DbOrTx, id: string, now: Date, revokedBy: string | null): Promise<boolean> {
  const done = await db
    .update(authSessions)
    .set({ isActive: false, revokedAt: now, revokedBy })
    .where(and(eq(authSessions.id, id), eq(authSessions.isActive, true)))
    .returning({ id: authSessions.id });
  return done.length > 0;
}

/**
 * Revokes every active session of a user (deactivation, password change); returns the ids. With
 * `scope`, only those whose grant carries it (an organization's `organization:<id>`: what SCIM
 * deprovisioning ends in that organization's context).
 */
export async function deactivateUserSessions(
  db: DbOrTx,
  userId: string,
  now: Date,
  revokedBy: string | null,
  scope?: string,
): Promise<string[]> {
  const done = await db
    .update(authSessions)
    .set({ isActive: false, revokedAt: now, revokedBy })
    .where(
      and(
        eq(authSessions.userId, userId),
        eq(authSessions.isActive, true),
        scope ? sql`${authSessions.scopes} @> array[${scope}]::text[]` : undefined,
      ),
    )
    .returning({ id: authSessions.id });
  return done.map((r) => r.id);
}

/**
 * NOTIFY through a caller's connection or transaction: inside a transaction PostgreSQL delivers
 * it on commit and drops it on rollback.
 */
export async function notifyInTransaction(db: DbOrTx, channel: string, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}

/** What the token-lookup cache keeps of a session (oauth/token-cache.ts). */
export interface SessionStateRow {
  id: string;
  userId: string | null;
  clientId: string | null;
  kind: string;
  scopes: string[];
  isActive: boolean;
  expiresAt: Date;
  authTime: Date;
}

/** The session with this id, or whose opaque token hashes to `tokenHash`. */
export async function findSessionState(
  db: DbOrTx,
  by: { id: string } | { tokenHash: string },
): Promise<SessionStateRow | undefined> {
  const [row] = await db
    .select({
      id: authSessions.id,
      userId: authSessions.userId,
      clientId: authSessions.clientId,
      kind: authSessions.kind,
      scopes: authSessions.scopes,
      isActive: authSessions.isActive,
      expiresAt: authSessions.expiresAt,
      authTime: authSessions.authTime,
    })
    .from(authSessions)
    .where('id' in by ? eq(authSessions.id, by.id) : eq(authSessions.sessionTokenHash, by.tokenHash))
    .limit(1)
    // Named (db/client.ts preparedRows): introspection's read of a session it does not hold.
    .prepare('id' in by ? 'hub_session_state_by_id' : 'hub_session_state_by_token')
    .execute();
  return row;
}

/**
 * Session rows as a unit of work's write (audit/unit-of-work.ts): a sign-in's browser session.
 * The rows of every unit in a batch merge into one insert
 * with one JSON parameter, which writes only when the audit append goes through.
 */
export function insertSessionsStatement(sessions: NewAuthSession[]): RowsWrite {
  const rows = sessions.map((s) =>
    JSON.stringify({
      id: s.id,
      user_id: s.userId ?? null,
      client_id: s.clientId ?? null,
      kind: s.kind,
      session_token_hash: s.sessionTokenHash,
      scopes: s.scopes ?? [],
      ip_address: s.ipAddress ?? null,
      user_agent: s.userAgent ?? null,
      amr: s.amr ?? [],
      browser_session_id: s.browserSessionId ?? null,
      resource: s.resource ?? null,
      idp_id: s.idpId ?? null,
      auth_time: s.authTime,
      created_at: s.createdAt,
      last_accessed_at: s.lastAccessedAt,
      expires_at: s.expiresAt,
    }),
  );
  return {
    kind: 'rows',
    key: 'auth_sessions',
    rows,
    statement: (
      json: string,
      guard: SQL,
    ) => sql`insert into ${authSessions} (id, user_id, client_id, kind, session_token_hash, scopes, ip_address, user_agent,
      amr, browser_session_id, resource, idp_id, auth_time, created_at, last_accessed_at, expires_at)
    select id, user_id, client_id, kind, session_token_hash, scopes, ip_address, user_agent,
      amr, browser_session_id, resource, idp_id, auth_time, created_at, last_accessed_at, expires_at
    from jsonb_to_recordset(${json}::jsonb)
      as x(id uuid, user_id uuid, client_id text, kind text, session_token_hash text, scopes text[], ip_address text,
        user_agent text, amr text[], browser_session_id uuid, resource text, idp_id uuid, auth_time timestamptz, created_at timestamptz,
        last_accessed_at timestamptz, expires_at timestamptz)
    where ${guard}
    returning 1`,
  };
}
