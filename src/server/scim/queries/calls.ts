import { and, desc, eq, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { scimCalls, type ScimCall } from '../../db/schema/index';

/** SQL of the scim_calls table, the provisioning log (its only writer); no rules here. */

const KEEP_MS = 30 * 86_400_000;

export async function insertScimCall(
  db: DbOrTx,
  values: Omit<typeof scimCalls.$inferInsert, 'id'> & { at: Date },
): Promise<void> {
  await db.insert(scimCalls).values(values);
}

/** Drops one organization's log rows older than 30 days (the index serves it). */
export async function pruneScimCalls(db: DbOrTx, orgId: string, now: Date): Promise<void> {
  await db
    .delete(scimCalls)
    .where(and(eq(scimCalls.orgId, orgId), lt(scimCalls.at, new Date(now.getTime() - KEEP_MS))));
}

export async function listScimCalls(db: DbOrTx, orgId: string, limit: number): Promise<ScimCall[]> {
  return db.select().from(scimCalls).where(eq(scimCalls.orgId, orgId)).orderBy(desc(scimCalls.at)).limit(limit);
}
