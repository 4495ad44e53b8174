import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { oneTimeTokens } from '../db/schema/index';

export async function insertOneTimeToken(db: DbOrTx, values: typeof oneTimeTokens.$inferInsert): Promise<void> {
  await db.insert(oneTimeTokens).values(values);
}

/** Marks an unused, unexpired token of this purpose consumed; returns its user id, or undefined. */
export async function consumeOneTimeToken(
  db: DbOrTx,
  input: { tokenHash: string; purpose: string; now: Date },
): Promise<string | undefined> {
  const [consumed] = await db
    .update(oneTimeTokens)
    .set({ consumedAt: input.now })
    .where(
      and(
        eq(oneTimeTokens.tokenHash, input.tokenHash),
        eq(oneTimeTokens.purpose, input.purpose),
        isNull(oneTimeTokens.consumedAt),
        gt(oneTimeTokens.expiresAt, input.now),
      ),
    )
    .returning({ userId: oneTimeTokens.userId });
  return consumed?.userId;
}
