import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { oauthPushedRequests } from '../db/schema/index';

export async function insertPushedRequest(db: DbOrTx, values: typeof oauthPushedRequests.$inferInsert): Promise<void> {
  await db.insert(oauthPushedRequests).values(values);
}

/**
 * The parameters of a pushed request for its client, marking its first use: usable when first
 * used before `expiresAt`, and from then on until `interactionUntil` allows (in seconds after
 * the first use). Undefined when unknown, another client's, expired, or already spent.
 */
export async function claimPushedRequest(
  db: DbOrTx,
  input: { requestUriHash: string; clientId: string; now: Date; interactionS: number },
): Promise<Record<string, string> | undefined> {
  const now = input.now.toISOString();
  const [row] = await db
    .update(oauthPushedRequests)
    .set({ firstUsedAt: sql`coalesce(${oauthPushedRequests.firstUsedAt}, ${now}::timestamptz)` })
    .where(
      and(
        eq(oauthPushedRequests.requestUriHash, input.requestUriHash),
        eq(oauthPushedRequests.clientId, input.clientId),
        or(
          and(isNull(oauthPushedRequests.firstUsedAt), gt(oauthPushedRequests.expiresAt, input.now)),
          sql`${oauthPushedRequests.firstUsedAt} + make_interval(secs => ${input.interactionS}) > ${now}::timestamptz`,
        ),
      ),
    )
    .returning({ params: oauthPushedRequests.params });
  return row?.params;
}

/** Spends a pushed request (its code is being issued); false when another request spent it first. */
export async function deletePushedRequest(db: DbOrTx, requestUriHash: string): Promise<boolean> {
  const rows = await db
    .delete(oauthPushedRequests)
    .where(eq(oauthPushedRequests.requestUriHash, requestUriHash))
    .returning({ hash: oauthPushedRequests.requestUriHash });
  return rows.length === 1;
}

/** Forgets pushed requests nobody can use any more (never used in time, or their interaction is over). */
export async function deleteExpiredPushedRequests(db: DbOrTx, before: Date): Promise<void> {
  await db.delete(oauthPushedRequests).where(lt(oauthPushedRequests.expiresAt, before));
}
