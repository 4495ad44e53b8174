import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { mfaRecoveryCodes } from '../db/schema/index';

export async function replaceRecoveryCodes(db: DbOrTx, userId: string, hashes: string[], now: Date): Promise<void> {
  await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
  if (hashes.length) {
    await db.insert(mfaRecoveryCodes).values(hashes.map((codeHash) => ({ codeHash, userId, createdAt: now })));
  }
}

export async function markRecoveryCodeUsed(db: DbOrTx, userId: string, codeHash: string, now: Date): Promise<boolean> {
  const done = await db
    .update(mfaRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(mfaRecoveryCodes.userId, userId),
        eq(mfaRecoveryCodes.codeHash, codeHash),
        isNull(mfaRecoveryCodes.usedAt),
      ),
    )
    .returning({ userId: mfaRecoveryCodes.userId });
  return done.length > 0;
}

export async function deleteRecoveryCodes(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
}
