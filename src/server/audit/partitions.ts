import { setTimeout as wait } from 'node:timers/promises';
import type { Db } from '../db/client';
import { hasCauseCode } from '../error-causes';
import type { Hub } from '../hub';
import { deleteChainRowsUpTo } from './chain-queries';
import {
  createAuditPartition,
  detachAuditPartition,
  dropDetachedPartition,
  findChainTailsIn,
  listAuditPartitions,
  lockAuditTable,
  lockPartitionMaintenance,
  lockHeads,
  limitLockWaits,
  type AuditPartition,
} from './partition-queries';

/**
 * audit_logs is partitioned by month of occurred_at (UTC), on PostgreSQL and PGlite alike (migration
 * 0035): `audit_logs_YYYY_MM` per month, `audit_logs_before_partitioning` for the rows from before,
 * `audit_logs_default` for a row whose month has no partition. This file makes the months ahead and
 * drops the months retention has passed whole; audit/retention.ts calls both.
 */

/**
 * How long a partition's drop waits for each lock (anchors, table) before trying again; appends queue
 * behind the wait. A creation waits less: it happens a month ahead, so it can always wait for the next run.
 */
export const PARTITION_LOCK_WAIT_MS = 2_000;
const CREATE_LOCK_WAIT_MS = 250;

/** How often a partition's creation or drop is tried while a lock it needs is taken, and how far apart. */
const LOCK_ATTEMPTS = 5;
const LOCK_RETRY_MS = 200;

/** `attempt` (one transaction) again while it fails for a lock it did not get; the last failure is thrown. */
async function retryWhileLocked<T>(attempt: () => Promise<T>): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      return await attempt();
    } catch (e) {
      if (n >= LOCK_ATTEMPTS || !isLockNotAvailable(e)) throw e;
      await wait(LOCK_RETRY_MS);
    }
  }
}

/**
 * A lock not had: 55P03 (a lock wait ran out), 40P01 (a deadlock ended this side), 42P01 (the partition
 * went while this waited: another node dropped it).
 */
export const isLockNotAvailable = (e: unknown) => hasCauseCode(e, (code) => ['55P03', '40P01', '42P01'].includes(code));

/** The first instant of the UTC month `offset` months after the one `at` lies in. */
export function monthStart(at: Date, offset = 0): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + offset, 1));
}

/** `audit_logs_2026_12`: the partition of the month starting at `from`. */
export function monthPartitionName(from: Date): string {
  return `audit_logs_${from.getUTCFullYear()}_${String(from.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** Months (their first instant) among `months` that no partition but DEFAULT covers any of. */
function uncovered(partitions: AuditPartition[], months: Date[]): Date[] {
  return months.filter((from) => {
    const to = monthStart(from, 1);
    return !partitions.some(
      (p) => !p.isDefault && (p.from?.getTime() ?? -Infinity) < to.getTime() && p.to!.getTime() > from.getTime(),
    );
  });
}

/**
 * Creates the partitions of the current and the next month (UTC) where missing; rows DEFAULT holds for
 * them move in. Run at start and by every retention run, so a month's partition exists about a month
 * before its first row. One node at a time (advisory lock); answers the partitions created.
 */
export async function ensureAuditPartitions(db: Db, now: Date): Promise<string[]> {
  const months = [monthStart(now), monthStart(now, 1)];
  if (uncovered(await listAuditPartitions(db), months).length === 0) return [];
  return retryWhileLocked(() => createMonths(db, months));
}

async function createMonths(db: Db, months: Date[]): Promise<string[]> {
  return db.transaction(async (tx) => {
    await lockPartitionMaintenance(tx, CREATE_LOCK_WAIT_MS);
    const created: string[] = [];
    for (const from of uncovered(await listAuditPartitions(tx), months)) {
      const name = monthPartitionName(from);
      await createAuditPartition(tx, name, from, monthStart(from, 1));
      created.push(name);
    }
    return created;
  });
}

export interface DroppedPartition {
  name: string;
  /** Chain positions the bases moved past: the partition's rows and older stragglers of its chains. */
  deleted: number;
  /** Each chain's new base (its last row in the partition). */
  checkpoints: { chain: number; id: number; hash: string }[];
}

/**
 * Drops every partition whose range ended at or before `cutoff` (all its rows have expired), oldest
 * first, each in one transaction: the anchors of the chains with rows in it locked, then audit_logs
 * (each lock waited for PARTITION_LOCK_WAIT_MS at most: appends queue behind them), the partition
 * detached, each chain's base moved to its last row there (rows of that chain up to it elsewhere,
 * written out of time order across the month's end, are deleted), one `audit_retention_pruned` per
 * chain, and the partition dropped. A lock not had, or a deadlock, is tried again a few times, then
 * the run ends with the error and the next run goes on. The one deadlock possible: a transaction that
 * read audit_logs and then appends to a chain whose anchor this holds; PostgreSQL ends one of the two.
 * A chain whose anchor is missing or not authentic keeps the partition: its rows go by the
 * row-deleting path, which leaves that chain alone too, and verification names it.
 */
export async function dropExpiredAuditPartitions(
  hub: Hub,
  db: Db,
  { cutoff, retentionDays }: { cutoff: Date; retentionDays: number },
): Promise<DroppedPartition[]> {
  const dropped: DroppedPartition[] = [];
  const expired = (await listAuditPartitions(db)).filter((p) => !p.isDefault && p.to!.getTime() <= cutoff.getTime());
  for (const { name } of expired) {
    const result = await retryWhileLocked(() => dropPartition(hub, db, name, { cutoff, retentionDays }));
    if (result) dropped.push(result);
  }
  return dropped;
}

/** One partition's drop (see dropExpiredAuditPartitions), in one transaction; undefined when it stays. */
async function dropPartition(
  hub: Hub,
  db: Db,
  name: string,
  { cutoff, retentionDays }: { cutoff: Date; retentionDays: number },
): Promise<DroppedPartition | undefined> {
  return db
    .transaction(async (tx) => {
      await limitLockWaits(tx, PARTITION_LOCK_WAIT_MS);
      // The anchors first, then the table: an append locks its anchor before it inserts (the locked
      // path) or gives up at once on a locked anchor (the pipelined one), so no append holds the
      // table while it waits for this transaction (see the function's comment for the exception).
      // This node's own chain too: the records below append to it, and must not wait for it under the table lock.
      const own = hub.audit.writer.chainId();
      const chains = [...(await findChainTailsIn(tx, name)).map((t) => t.chain), ...(own === undefined ? [] : [own])];
      await lockHeads(tx, chains);
      await lockAuditTable(tx);
      // Another node may have dropped it meanwhile; a row written since by a clock far behind counts too.
      if (!(await listAuditPartitions(tx)).some((p) => p.name === name)) return undefined;
      const tails = await findChainTailsIn(tx, name);
      await lockHeads(
        tx,
        tails.map((t) => t.chain).filter((c) => !chains.includes(c)),
      );
      await detachAuditPartition(tx, name);
      const done: DroppedPartition = { name, deleted: 0, checkpoints: [] };
      for (const tail of tails) {
        const moved = await hub.audit.writer.withOtherHeadLocked(tx, tail.chain, async (head) => {
          if (tail.id <= head.baseId) return { result: 0 };
          await deleteChainRowsUpTo(tx, tail.id);
          return { position: { ...head, baseId: tail.id, baseHash: tail.hash }, result: tail.id - head.baseId };
        });
        if (moved === undefined) throw new KeptPartition(); // undoes the detach with the rest (see above)
        if (moved === 0) continue;
        done.deleted += moved;
        done.checkpoints.push(tail);
        await hub.audit.record(
          {
            type: 'audit_retention_pruned',
            details: {
              deleted: moved,
              checkpoint_id: tail.id,
              retention_days: retentionDays,
              cutoff: cutoff.toISOString(),
              partition: name,
            },
          },
          tx,
        );
      }
      await dropDetachedPartition(tx, name);
      return done;
    })
    .catch((e: unknown) => {
      if (e instanceof KeptPartition) return undefined;
      throw e;
    });
}

/** Thrown inside a drop's transaction to undo it: a chain of the partition has no authentic anchor. */
class KeptPartition extends Error {}
