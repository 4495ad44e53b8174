import { lt } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { oauthUsedJtis } from '../db/schema/index';

/** Records a JWT ID as used; false when it already was (a replay, from any node). */
export async function insertUsedJti(db: DbOrTx, values: { jtiHash: string; expiresAt: Date }): Promise<boolean> {
  const rows = await db
    .insert(oauthUsedJtis)
    .values(values)
    .onConflictDoNothing({ target: oauthUsedJtis.jtiHash })
    .returning({ hash: oauthUsedJtis.jtiHash });
  return rows.length === 1;
}

/** Forgets the JWT IDs whose JWTs would be refused as too old anyway. */
export async function deleteExpiredJtis(db: DbOrTx, now: Date): Promise<void> {
  await db.delete(oauthUsedJtis).where(lt(oauthUsedJtis.expiresAt, now));
}
