import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { oauthConsents } from '../db/schema/index';

export async function listConsents(db: DbOrTx, userId: string) {
  return db
    .select({
      clientId: oauthConsents.clientId,
      scopes: oauthConsents.scopes,
      grantedAt: oauthConsents.grantedAt,
    })
    .from(oauthConsents)
    .where(eq(oauthConsents.userId, userId));
}

export async function deleteConsent(db: DbOrTx, userId: string, clientId: string): Promise<boolean> {
  const done = await db
    .delete(oauthConsents)
    .where(and(eq(oauthConsents.userId, userId), eq(oauthConsents.clientId, clientId)))
    .returning({ clientId: oauthConsents.clientId });
  return done.length > 0;
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

/** How many people have consented to the client (one row per person and client). */
export async function countConsentsOfClient(db: DbOrTx, clientId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(oauthConsents)
    .where(eq(oauthConsents.clientId, clientId));
  return row.n;
}
