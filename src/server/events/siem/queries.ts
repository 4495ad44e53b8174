import { and, asc, eq, gt, sql, type SQL } from 'drizzle-orm';
import { rows, type DbOrTx } from '../../db/client';
import { auditLogs, auditSinks, type AuditLogRow, type AuditSink, type NewAuditSink } from '../../db/schema/index';

/** The statements of the SIEM sinks (issue 30): their rows, the lease, the cursor and the audit rows after it. */

export async function insertSink(db: DbOrTx, values: NewAuditSink): Promise<AuditSink> {
  const [created] = await db.insert(auditSinks).values(values).returning();
  return created;
}

export async function findSink(db: DbOrTx, id: string): Promise<AuditSink | undefined> {
  const [found] = await db.select().from(auditSinks).where(eq(auditSinks.id, id));
  return found;
}

export async function listSinks(db: DbOrTx): Promise<AuditSink[]> {
  return db.select().from(auditSinks).orderBy(asc(auditSinks.createdAt), asc(auditSinks.id));
}

export async function updateSink(
  db: DbOrTx,
  id: string,
  values: Partial<NewAuditSink>,
): Promise<AuditSink | undefined> {
  const [updated] = await db.update(auditSinks).set(values).where(eq(auditSinks.id, id)).returning();
  return updated;
}

export async function deleteSink(db: DbOrTx, id: string): Promise<AuditSink | undefined> {
  const [deleted] = await db.delete(auditSinks).where(eq(auditSinks.id, id)).returning();
  return deleted;
}

/** The newest audit row's id (0 on an empty log): what lag is measured against. */
export async function auditHeadId(db: DbOrTx): Promise<number> {
  const [row] = await rows<{ head: number | string | null }>(db, sql`select max(id) as head from ${auditLogs}`);
  return Number(row?.head ?? 0);
}

/**
 * Leases one due, enabled sink that no node holds (and that this pass has not served yet):
 * FOR UPDATE SKIP LOCKED, so two nodes never take the same sink, and a lease that runs out (a node
 * died mid-batch) makes it free again. The token guards every later write of this lease.
 */
export async function claimSink(
  db: DbOrTx,
  now: Date,
  leaseUntil: Date,
  token: string,
  exclude: string[],
): Promise<AuditSink | undefined> {
  const at = now.toISOString();
  const skip: SQL = exclude.length
    ? sql`and id not in (${sql.join(
        exclude.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`
    : sql``;
  const [claimed] = await rows<{ id: string }>(
    db,
    sql`update ${auditSinks} set lease_until = ${leaseUntil.toISOString()}::timestamptz, lease_token = ${token}
      where id = (
        select id from ${auditSinks}
        where enabled and next_attempt_at <= ${at}::timestamptz
          and (lease_until is null or lease_until <= ${at}::timestamptz) ${skip}
        order by next_attempt_at, id
        limit 1
        for update skip locked
      )
      returning id`,
  );
  return claimed ? findSink(db, claimed.id) : undefined;
}

/** Up to `limit` audit rows after `afterId`, in chain order. */
export async function auditRowsAfter(db: DbOrTx, afterId: number, limit: number): Promise<AuditLogRow[]> {
  return db.select().from(auditLogs).where(gt(auditLogs.id, afterId)).orderBy(asc(auditLogs.id)).limit(limit);
}

/**
 * Moves the cursor after an accepted batch (and the checkpoint position when one went), clears the
 * failure and renews the lease; false when the lease was lost (another node took over).
 */
export async function advanceSink(
  db: DbOrTx,
  id: string,
  token: string,
  values: Pick<NewAuditSink, 'lastAuditId' | 'lastDeliveredAt' | 'leaseUntil'> &
    Partial<Pick<NewAuditSink, 'lastCheckpointId' | 'lastCheckpointAt'>>,
): Promise<boolean> {
  const done = await db
    .update(auditSinks)
    .set({ ...values, lastError: null, lastErrorAt: null, failureStreak: 0 })
    .where(and(eq(auditSinks.id, id), eq(auditSinks.leaseToken, token)))
    .returning({ id: auditSinks.id });
  return done.length > 0;
}

/** Records a failed attempt: the error, the streak, when to try again; releases the lease. */
export async function failSink(
  db: DbOrTx,
  id: string,
  token: string,
  error: string,
  at: Date,
  nextAttemptAt: Date,
): Promise<void> {
  await db
    .update(auditSinks)
    .set({
      lastError: error,
      lastErrorAt: at,
      failureStreak: sql`${auditSinks.failureStreak} + 1`,
      nextAttemptAt,
      leaseUntil: null,
      leaseToken: null,
    })
    .where(and(eq(auditSinks.id, id), eq(auditSinks.leaseToken, token)));
}

/** Lets the sink go (caught up): another node may take it at its next pass. */
export async function releaseSink(db: DbOrTx, id: string, token: string): Promise<void> {
  await db
    .update(auditSinks)
    .set({ leaseUntil: null, leaseToken: null })
    .where(and(eq(auditSinks.id, id), eq(auditSinks.leaseToken, token)));
}

/** Each sink's lag behind the head, for /metrics (the sink's id is the label: bounded by the admin's sinks). */
export async function sinkLags(db: DbOrTx): Promise<{ id: string; lag: number }[]> {
  const [head, sinks] = await Promise.all([
    auditHeadId(db),
    db.select({ id: auditSinks.id, last: auditSinks.lastAuditId }).from(auditSinks),
  ]);
  return sinks.map((s) => ({ id: s.id, lag: Math.max(0, head - s.last) }));
}
