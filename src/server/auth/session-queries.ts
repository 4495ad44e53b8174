import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { authSessions, platformUsers } from '../db/schema/index';
import type { AuthSession, PlatformUser } from '../db/schema/index';

export async function insertSession(db: DbOrTx, values: typeof authSessions.$inferInsert): Promise<AuthSession> {
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

/** Revokes every active session of a user (deactivation, password change); returns the ids. */
export async function deactivateUserSessions(
  db: DbOrTx,
  userId: string,
  now: Date,
  revokedBy: string | null,
): Promise<string[]> {
  const done = await db
    .update(authSessions)
    .set({ isActive: false, revokedAt: now, revokedBy })
    .where(and(eq(authSessions.userId, userId), eq(authSessions.isActive, true)))
    .returning({ id: authSessions.id });
  return done.map((r) => r.id);
}

export const sessionIsLive = sql`${authSessions.isActive} and ${authSessions.expiresAt} > now()`;
