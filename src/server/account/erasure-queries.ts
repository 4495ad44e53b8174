import { and, asc, eq, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { rows, type DbOrTx } from '../db/client';
import { accountDeletions, auditLogs, platformUsers, webhookDeliveries } from '../db/schema/index';

export type AccountDeletion = typeof accountDeletions.$inferSelect;

export async function findDeletion(db: DbOrTx, userId: string): Promise<AccountDeletion | undefined> {
  const [r] = await db.select().from(accountDeletions).where(eq(accountDeletions.userId, userId));
  return r;
}

/** Schedules (or re-schedules) the erasure of an account. */
export async function upsertDeletion(db: DbOrTx, values: AccountDeletion): Promise<AccountDeletion> {
  const [r] = await db
    .insert(accountDeletions)
    .values(values)
    .onConflictDoUpdate({
      target: accountDeletions.userId,
      set: {
        requestedAt: values.requestedAt,
        dueAt: values.dueAt,
        requestedBy: values.requestedBy,
        needsApproval: values.needsApproval,
        approvedBy: null,
        approvedAt: null,
      },
    })
    .returning();
  return r;
}

/** The second administrator's approval; false when there was nothing pending to approve. */
export async function approveDeletion(db: DbOrTx, userId: string, approvedBy: string, now: Date): Promise<boolean> {
  const done = await db
    .update(accountDeletions)
    .set({ approvedBy, approvedAt: now })
    .where(
      and(
        eq(accountDeletions.userId, userId),
        eq(accountDeletions.needsApproval, true),
        isNull(accountDeletions.approvedAt),
      ),
    )
    .returning({ userId: accountDeletions.userId });
  return done.length > 0;
}

/** Cancels a scheduled erasure; true when one was scheduled. */
export async function deleteDeletion(db: DbOrTx, userId: string): Promise<boolean> {
  const gone = await db
    .delete(accountDeletions)
    .where(eq(accountDeletions.userId, userId))
    .returning({ userId: accountDeletions.userId });
  return gone.length > 0;
}

/**
 * One erasure that is due, locked for this transaction; another node's sweep skips it (SKIP
 * LOCKED), so each account is erased by exactly one node.
 */
export async function claimDueDeletion(tx: DbOrTx, now: Date): Promise<AccountDeletion | undefined> {
  const [r] = await tx
    .select()
    .from(accountDeletions)
    // An administrator's erasure of an administrator waits for its second approver.
    .where(
      and(
        lte(accountDeletions.dueAt, now),
        or(eq(accountDeletions.needsApproval, false), isNotNull(accountDeletions.approvedAt)),
      ),
    )
    .orderBy(asc(accountDeletions.dueAt))
    .limit(1)
    .for('update', { skipLocked: true });
  return r;
}

/** The account, locked for its erasure. */
export async function lockUserForErasure(tx: DbOrTx, userId: string) {
  const [r] = await tx.select().from(platformUsers).where(eq(platformUsers.id, userId)).for('update');
  return r;
}

/** Organizations in which the person is the only owner (they must hand them over first). */
export async function findSoleOwnedOrgs(db: DbOrTx, userId: string): Promise<{ id: string; name: string }[]> {
  return rows<{ id: string; name: string }>(
    db,
    sql`select o.id, o.name from organizations o
          join organization_members m on m.org_id = o.id and m.user_id = ${userId}::uuid and 'owner' = any(m.roles)
         where (select count(*) from organization_members x where x.org_id = o.id and 'owner' = any(x.roles)) = 1`,
  );
}

/**
 * Takes the person's email out of the webhook payloads kept about them (user.created carries
 * it); the deliveries themselves stay as the endpoints' history.
 */
export async function scrubWebhookPayloads(tx: DbOrTx, userId: string): Promise<void> {
  await tx
    .update(webhookDeliveries)
    .set({ payload: sql`${webhookDeliveries.payload} #- '{data,email}'` })
    .where(
      and(
        sql`${webhookDeliveries.payload} -> 'data' ->> 'user_id' = ${userId}`,
        sql`${webhookDeliveries.payload} -> 'data' ? 'email'`,
      ),
    );
}

/** Deletes the account row (what still references it goes by its foreign keys' rules). */
export async function deleteUserRow(tx: DbOrTx, userId: string): Promise<void> {
  await tx.delete(platformUsers).where(eq(platformUsers.id, userId));
}

/** The audit rows that name the person, as actor or as target, oldest first (the export). */
export async function findAuditRowsAbout(db: DbOrTx, userId: string) {
  return db
    .select()
    .from(auditLogs)
    .where(
      sql`${auditLogs.userId} = ${userId}::uuid or ${auditLogs.details} ->> 'target_user_id' = ${userId}
          or ${auditLogs.details} ->> 'owner_user_id' = ${userId}`,
    )
    .orderBy(asc(auditLogs.id));
}
