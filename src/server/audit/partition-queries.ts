import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { rows } from '../db/client';
import { CHAIN_SPAN, chainRowId } from './chain';

/** One partition of audit_logs (migration 0035): its range, or the DEFAULT partition (no range). */
export interface AuditPartition {
  name: string;
  /** Inclusive lower bound; null: MINVALUE (the partition of the rows before partitioning) or DEFAULT. */
  from: Date | null;
  /** Exclusive upper bound; null only for DEFAULT. */
  to: Date | null;
  isDefault: boolean;
}

/** The name of the catch-all partition the migration creates. */
export const AUDIT_DEFAULT_PARTITION = 'audit_logs_default';

/** `'2026-12-01T00:00:00.000Z'`: a bound in DDL, where no parameter may stand (only ever a Date of ours). */
const boundLiteral = (at: Date) => sql.raw(`'${at.toISOString()}'::timestamptz`);

/** The bound `FROM ('…')` / `TO ('…')` of a partition, in epoch milliseconds, from its catalog expression. */
const boundOf = (keyword: 'FROM' | 'TO') =>
  sql.raw(
    `extract(epoch from (regexp_match(pg_get_expr(c.relpartbound, c.oid), '${keyword} \\(''([^'']+)''\\)'))[1]::timestamptz) * 1000`,
  );

/** Every partition of audit_logs with its bounds, oldest first (DEFAULT last). */
export async function listAuditPartitions(db: DbOrTx): Promise<AuditPartition[]> {
  const found = await rows<{
    name: string;
    from_ms: string | number | null;
    to_ms: string | number | null;
    bound: string;
  }>(
    db,
    sql`select c.relname as name, pg_get_expr(c.relpartbound, c.oid) as bound,
               ${boundOf('FROM')} as from_ms, ${boundOf('TO')} as to_ms
          from pg_inherits i join pg_class c on c.oid = i.inhrelid
         where i.inhparent = 'audit_logs'::regclass`,
  );
  const partitions = found.map((r) => ({
    name: r.name,
    from: r.from_ms == null ? null : new Date(Number(r.from_ms)),
    to: r.to_ms == null ? null : new Date(Number(r.to_ms)),
    isDefault: r.bound === 'DEFAULT',
  }));
  const order = (p: AuditPartition) => (p.isDefault ? Infinity : (p.to?.getTime() ?? Infinity));
  return partitions.sort((a, b) => order(a) - order(b));
}

/**
 * Creates partition `name` for [from, to) in the caller's transaction. Rows already in DEFAULT for
 * that range (a month that had no partition when they were written) move into it first, since
 * PostgreSQL refuses a partition whose rows DEFAULT holds; a row moved keeps its id and hash. Created
 * apart and then attached, so the parent is locked only for the attach (SHARE UPDATE EXCLUSIVE).
 */
export async function createAuditPartition(tx: DbOrTx, name: string, from: Date, to: Date): Promise<void> {
  const table = sql.identifier(name);
  await tx.execute(sql`create table ${table} (like audit_logs including defaults)`);
  await tx.execute(
    sql`with moved as (delete from ${sql.identifier(AUDIT_DEFAULT_PARTITION)}
                        where occurred_at >= ${boundLiteral(from)} and occurred_at < ${boundLiteral(to)} returning *)
        insert into ${table} select * from moved`,
  );
  await tx.execute(
    sql`alter table audit_logs attach partition ${table} for values from (${boundLiteral(from)}) to (${boundLiteral(to)})`,
  );
}

/** The advisory lock (one key) that lets one node at a time create partitions. */
const PARTITION_MAINTENANCE_LOCK = 0x61756470;

/**
 * Partition maintenance of one node at a time, for the rest of the transaction, with audit_logs closed to
 * writes until it commits (waiting at most `waitMs` for that, then 55P03): an insert that chose DEFAULT
 * before a month's partition was attached would otherwise fail its partition check after the attach.
 * Every insert in flight finishes first; the ones after route with the new partition.
 */
export async function lockPartitionMaintenance(tx: DbOrTx, waitMs: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${PARTITION_MAINTENANCE_LOCK})`);
  await limitLockWaits(tx, waitMs);
  await tx.execute(sql`lock table audit_logs in share row exclusive mode`);
}

/** Every lock this transaction waits for from now on is waited for at most `waitMs` (then 55P03). */
export async function limitLockWaits(tx: DbOrTx, waitMs: number): Promise<void> {
  await tx.execute(sql.raw(`set local lock_timeout = ${Math.round(waitMs)}`));
}

/** Locks audit_logs against every other statement for the rest of the transaction (a DETACH takes this lock too). */
export async function lockAuditTable(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`lock table audit_logs in access exclusive mode`);
}

/** Locks the anchors of `chains` in chain order, as every other multi-chain lock does (retention, cleanup). */
export async function lockHeads(tx: DbOrTx, chains: number[]): Promise<void> {
  if (chains.length === 0) return;
  await tx.execute(
    sql`select id from audit_chain_head where id in (${sql.join(
      [...new Set(chains)].map((c) => sql`${c}`),
      sql`, `,
    )}) order by id for update`,
  );
}

/**
 * The newest row of every chain in partition `name` (a loose index scan: two probes per chain), in
 * chain order: where each chain's base goes when the partition goes.
 */
export async function findChainTailsIn(
  db: DbOrTx,
  name: string,
): Promise<{ chain: number; id: number; hash: string }[]> {
  const table = sql.identifier(name);
  const tails: { chain: number; id: number; hash: string }[] = [];
  for (let from = 0; ;) {
    const [first] = await rows<{ id: string | number | null }>(
      db,
      sql`select min(id) as id from ${table} where id > ${chainRowId(from, 0)}`,
    );
    if (first?.id == null) return tails;
    const chain = Math.floor(Number(first.id) / CHAIN_SPAN);
    const [tail] = await rows<{ id: string | number; hash: string }>(
      db,
      sql`select id, hash from ${table} where id > ${chainRowId(chain, 0)} and id < ${chainRowId(chain + 1, 0)}
          order by id desc limit 1`,
    );
    tails.push({ chain, id: Number(tail!.id), hash: tail!.hash });
    from = chain + 1;
  }
}

/** Detaches partition `name` from audit_logs: its rows leave the table, and the transaction can still undo it. */
export async function detachAuditPartition(tx: DbOrTx, name: string): Promise<void> {
  await tx.execute(sql`alter table audit_logs detach partition ${sql.identifier(name)}`);
}

/** Drops a partition detached before in the same transaction. */
export async function dropDetachedPartition(tx: DbOrTx, name: string): Promise<void> {
  await tx.execute(sql`drop table ${sql.identifier(name)}`);
}
