import { and, eq, isNotNull, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { signingKeys } from '../../db/schema/index';
import type { SigningKey } from '../../db/schema/index';

export async function listSigningKeys(db: DbOrTx): Promise<SigningKey[]> {
  return db.select().from(signingKeys);
}

export async function insertSigningKey(db: DbOrTx, values: typeof signingKeys.$inferInsert): Promise<void> {
  await db.insert(signingKeys).values(values);
}

export async function setKeyStatus(
  db: DbOrTx,
  kid: string,
  values: Partial<typeof signingKeys.$inferInsert>,
): Promise<void> {
  await db.update(signingKeys).set(values).where(eq(signingKeys.kid, kid));
}

/** Removes retired keys retired before `before` (nothing they signed is still valid). */
export async function deleteRetiredBefore(db: DbOrTx, before: Date): Promise<string[]> {
  const gone = await db
    .delete(signingKeys)
    .where(and(eq(signingKeys.status, 'retired'), isNotNull(signingKeys.retiredAt), lt(signingKeys.retiredAt, before)))
    .returning({ kid: signingKeys.kid });
  return gone.map((g) => g.kid);
}
