import { and, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { authSessions, oauthClients, oauthConsents, oauthInitialAccessTokens } from '../../db/schema/index';
import type { OAuthClient } from '../../db/schema/index';

export type InitialAccessToken = typeof oauthInitialAccessTokens.$inferSelect;

export async function insertInitialAccessToken(
  db: DbOrTx,
  values: typeof oauthInitialAccessTokens.$inferInsert,
): Promise<InitialAccessToken> {
  const [row] = await db.insert(oauthInitialAccessTokens).values(values).returning();
  return row;
}

export async function listInitialAccessTokens(db: DbOrTx): Promise<InitialAccessToken[]> {
  return db.select().from(oauthInitialAccessTokens).orderBy(desc(oauthInitialAccessTokens.createdAt)).limit(200);
}

/**
 * Spends one use of an initial access token, atomically (parallel registrations cannot outrun the
 * count): the token's id when it exists, has not expired and has uses left; undefined otherwise.
 */
export async function spendInitialAccessToken(db: DbOrTx, tokenHash: string, now: Date): Promise<string | undefined> {
  const [row] = await db
    .update(oauthInitialAccessTokens)
    .set({ uses: sql`${oauthInitialAccessTokens.uses} + 1` })
    .where(
      and(
        eq(oauthInitialAccessTokens.tokenHash, tokenHash),
        gt(oauthInitialAccessTokens.expiresAt, now),
        lt(oauthInitialAccessTokens.uses, oauthInitialAccessTokens.maxUses),
      ),
    )
    .returning({ id: oauthInitialAccessTokens.id });
  return row?.id;
}

/** The newest session any user has had with each dynamic client: its "last used". */
const lastUsed = sql<Date | null>`(select max(${authSessions.createdAt}) from ${authSessions}
  where ${authSessions.clientId} = ${oauthClients.clientId})`;

export async function listDynamicClients(db: DbOrTx): Promise<(OAuthClient & { lastUsedAt: Date | null })[]> {
  const rows = await db
    .select({ client: oauthClients, lastUsedAt: lastUsed })
    .from(oauthClients)
    .where(eq(oauthClients.registration, 'dynamic'))
    .orderBy(desc(oauthClients.createdAt))
    .limit(500);
  return rows.map((r) => ({ ...r.client, lastUsedAt: r.lastUsedAt ? new Date(r.lastUsedAt) : null }));
}

/**
 * Unreviewed dynamic clients with no session since `cutoff` that were registered before it: the
 * registrations left unused (issue 40: deleted after the policy's days without a token).
 */
export async function findUnusedDynamicClients(db: DbOrTx, cutoff: Date): Promise<OAuthClient[]> {
  return db
    .select()
    .from(oauthClients)
    .where(
      and(
        eq(oauthClients.registration, 'dynamic'),
        eq(oauthClients.appType, 'third_party'),
        lt(oauthClients.createdAt, cutoff),
        sql`not exists (select 1 from ${authSessions} where ${authSessions.clientId} = ${oauthClients.clientId}
          and ${authSessions.createdAt} >= ${cutoff.toISOString()}::timestamptz)`,
      ),
    )
    .limit(500);
}

/** Deletes a client with its sessions and every user's consent to it. */
export async function deleteClientAndGrants(db: DbOrTx, id: string, clientId: string): Promise<boolean> {
  await db.delete(authSessions).where(eq(authSessions.clientId, clientId));
  await db.delete(oauthConsents).where(eq(oauthConsents.clientId, clientId));
  const deleted = await db.delete(oauthClients).where(eq(oauthClients.id, id)).returning({ id: oauthClients.id });
  return deleted.length > 0;
}
