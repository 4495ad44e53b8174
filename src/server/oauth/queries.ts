import { and, eq, gte, inArray, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import {
  authSessions,
  oauthAuthorizationCodes,
  oauthClients,
  oauthConsents,
  oauthRefreshTokens,
} from '../db/schema/index';
import type { AuthSession } from '../db/schema/index';

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
