import { and, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { mfaTotp } from '../db/schema/index';
import type { MfaTotp } from '../db/schema/index';

export async function findTotp(db: DbOrTx, userId: string): Promise<MfaTotp | undefined> {
  const [row] = await db.select().from(mfaTotp).where(eq(mfaTotp.userId, userId)).limit(1);
  return row;
}

/** A new unconfirmed secret; an unconfirmed one is replaced, a confirmed one is kept (null). */
export async function upsertPendingTotp(db: DbOrTx, userId: string, secretEnc: string, now: Date): Promise<boolean> {
  const done = await db
    .insert(mfaTotp)
    .values({ userId, secretEnc, createdAt: now })
    .onConflictDoUpdate({
      target: mfaTotp.userId,
      set: { secretEnc, createdAt: now, lastStep: null },
      setWhere: isNull(mfaTotp.confirmedAt),
    })
    .returning({ userId: mfaTotp.userId });
  return done.length > 0;
}

/**
 * Records an accepted step, only if it is later than the last accepted one (atomic: two
 * requests with the same code cannot both pass). Optionally confirms the enrolment.
 */
export async function acceptTotpStep(
  db: DbOrTx,
  userId: string,
  step: number,
  opts: { confirmAt?: Date; requireConfirmed: boolean },
): Promise<boolean> {
  const done = await db
    .update(mfaTotp)
    .set({ lastStep: step, ...(opts.confirmAt ? { confirmedAt: opts.confirmAt } : {}) })
    .where(
      and(
        eq(mfaTotp.userId, userId),
        or(isNull(mfaTotp.lastStep), lt(mfaTotp.lastStep, step)),
        opts.requireConfirmed ? isNotNull(mfaTotp.confirmedAt) : isNull(mfaTotp.confirmedAt),
      ),
    )
    .returning({ userId: mfaTotp.userId });
  return done.length > 0;
}

export async function deleteTotp(db: DbOrTx, userId: string): Promise<boolean> {
  const done = await db.delete(mfaTotp).where(eq(mfaTotp.userId, userId)).returning({ userId: mfaTotp.userId });
  return done.length > 0;
}
