import { and, asc, eq, gt, lt, sql, type SQL } from 'drizzle-orm';
import { chainOfId, chainRowId } from '../../audit/chain';
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

/** Up to `limit` audit rows after `afterId` in its chain (issue 43: one chain per writer), in chain order. */
export async function auditRowsAfter(db: DbOrTx, afterId: number, limit: number): Promise<AuditLogRow[]> {
  const end = chainRowId(chainOfId(Math.max(afterId, 0)) + 1, 0);
  return db
    .select()
    .from(auditLogs)
    .where(and(gt(auditLogs.id, afterId), lt(auditLogs.id, end)))
    .orderBy(asc(auditLogs.id))
    .limit(limit);
}

/** Every chain's head row id, by chain (its anchor; issue 43). */
export async function auditChainHeads(db: DbOrTx): Promise<Map<number, number>> {
  const found = await rows<{ id: number | string; last_id: number | string }>(
    db,
    sql`select id, last_id from audit_chain_head order by id`,
  );
  return new Map(found.map((r) => [Number(r.id), Number(r.last_id)]));
}

/** Where a sink stands in a chain: chain 0's cursor is `last_audit_id`, the others' are in `chain_cursors`. */
export function sinkCursor(sink: Pick<AuditSink, 'lastAuditId' | 'chainCursors'>, chain: number): number {
  if (chain === 0) return sink.lastAuditId;
  return Math.max(sink.chainCursors[String(chain)] ?? 0, chainRowId(chain, 0));
}

/** Rows of every chain the sink has not passed yet. */
export function sinkLag(sink: Pick<AuditSink, 'lastAuditId' | 'chainCursors'>, heads: Map<number, number>): number {
  let lag = 0;
  for (const [chain, head] of heads) lag += Math.max(0, head - sinkCursor(sink, chain));
  return lag;
}

/**
 * Moves the cursor after an accepted batch (and the checkpoint position when one went), clears the
 * failure and renews the lease; false when the lease was lost (another node took over).
 */
export async function advanceSink(
  db: DbOrTx,
  id: string,
  token: string,
  values: Pick<NewAuditSink, 'lastDeliveredAt' | 'leaseUntil'> &
    Partial<Pick<NewAuditSink, 'lastAuditId' | 'chainCursors' | 'lastCheckpointId' | 'lastCheckpointAt'>>,
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

/** Each sink's lag behind the heads, for /metrics (the sink's id is the label: bounded by the admin's sinks). */
export async function sinkLags(db: DbOrTx): Promise<{ id: string; lag: number }[]> {
  const [heads, sinks] = await Promise.all([
    auditChainHeads(db),
    db
      .select({ id: auditSinks.id, lastAuditId: auditSinks.lastAuditId, chainCursors: auditSinks.chainCursors })
      .from(auditSinks),
  ]);
  return sinks.map((s) => ({ id: s.id, lag: sinkLag(s, heads) }));
}
