import { and, desc, eq, gt, lt } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { webauthnChallenges, webauthnCredentials } from '../db/schema/index';
import type { WebauthnCredential } from '../db/schema/index';

/** Passkeys and the short-lived challenges of their ceremonies. */

export async function listPasskeys(db: DbOrTx, userId: string): Promise<WebauthnCredential[]> {
  return db
    .select()
    .from(webauthnCredentials)
    .where(eq(webauthnCredentials.userId, userId))
    .orderBy(desc(webauthnCredentials.createdAt));
}

export async function findPasskeyByCredentialId(db: DbOrTx, credentialId: string) {
  const [row] = await db
    .select()
    .from(webauthnCredentials)
    .where(eq(webauthnCredentials.credentialId, credentialId))
    .limit(1);
  return row;
}

export async function insertPasskey(
  db: DbOrTx,
  values: typeof webauthnCredentials.$inferInsert,
): Promise<WebauthnCredential | null> {
  const [row] = await db.insert(webauthnCredentials).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function touchPasskey(db: DbOrTx, id: string, counter: number, now: Date): Promise<void> {
  await db.update(webauthnCredentials).set({ counter, lastUsedAt: now }).where(eq(webauthnCredentials.id, id));
}

export async function deletePasskey(db: DbOrTx, userId: string, id: string): Promise<boolean> {
  const done = await db
    .delete(webauthnCredentials)
    .where(and(eq(webauthnCredentials.id, id), eq(webauthnCredentials.userId, userId)))
    .returning({ id: webauthnCredentials.id });
  return done.length > 0;
}

export async function deleteAllPasskeys(db: DbOrTx, userId: string): Promise<number> {
  const done = await db
    .delete(webauthnCredentials)
    .where(eq(webauthnCredentials.userId, userId))
    .returning({ id: webauthnCredentials.id });
  return done.length;
}

export async function insertChallenge(
  db: DbOrTx,
  values: { challengeHash: string; purpose: string; userId: string | null; now: Date; expiresAt: Date },
): Promise<void> {
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, values.now));
  await db.insert(webauthnChallenges).values({
    challengeHash: values.challengeHash,
    purpose: values.purpose,
    userId: values.userId,
    createdAt: values.now,
    expiresAt: values.expiresAt,
  });
}

/** Consumes a live challenge of this purpose; returns it (with its user) or null. */
export async function consumeChallenge(db: DbOrTx, challengeHash: string, purpose: string, now: Date) {
  const [row] = await db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.challengeHash, challengeHash),
        eq(webauthnChallenges.purpose, purpose),
        gt(webauthnChallenges.expiresAt, now),
      ),
    )
    .returning({ userId: webauthnChallenges.userId });
  return row ?? null;
}
