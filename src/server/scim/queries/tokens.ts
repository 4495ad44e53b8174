import { and, desc, eq, isNull, lt, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { scimTokens, type ScimToken } from '../../db/schema/index';

/** SQL of the scim_tokens table (its only writer); no rules here. */

export async function insertScimToken(
  db: DbOrTx,
  values: { orgId: string; name: string; secretHash: string; createdBy: string | null; createdAt: Date },
): Promise<ScimToken> {
  const [row] = await db.insert(scimTokens).values(values).returning();
  return row;
}

/** Live and revoked tokens of an organization, newest first. */
export async function listScimTokens(db: DbOrTx, orgId: string): Promise<ScimToken[]> {
  return db.select().from(scimTokens).where(eq(scimTokens.orgId, orgId)).orderBy(desc(scimTokens.createdAt)).limit(100);
}

export async function findScimToken(db: DbOrTx, id: string): Promise<ScimToken | undefined> {
  const [row] = await db.select().from(scimTokens).where(eq(scimTokens.id, id)).limit(1);
  return row;
}

/** Revokes a live token of the organization; false when there is none by that id. */
export async function revokeScimToken(db: DbOrTx, orgId: string, id: string, now: Date): Promise<boolean> {
  const done = await db
    .update(scimTokens)
    .set({ revokedAt: now })
    .where(and(eq(scimTokens.id, id), eq(scimTokens.orgId, orgId), isNull(scimTokens.revokedAt)))
    .returning({ id: scimTokens.id });
  return done.length > 0;
}

/** Notes a use, at most once a minute per token (a directory may call many times a second); true when it did. */
export async function touchScimToken(db: DbOrTx, id: string, now: Date): Promise<boolean> {
  const minuteAgo = new Date(now.getTime() - 60_000);
  const done = await db
    .update(scimTokens)
    .set({ lastUsedAt: now })
    .where(and(eq(scimTokens.id, id), or(isNull(scimTokens.lastUsedAt), lt(scimTokens.lastUsedAt, minuteAgo))))
    .returning({ id: scimTokens.id });
  return done.length > 0;
}
