import { withCommitHooks } from '../db/after-commit';
import type { Db, DbOrTx } from '../db/client';
import type { Hub } from '../hub';
import { DAY_MS } from '../../shared/dates';
import { deleteChainRowsUpTo, readAllHeads } from './chain-queries';
import { findChainsWithoutLease } from './writer-queries';
import { findLastRowBefore, findSliceEnd } from './queries';
import { dropExpiredAuditPartitions, ensureAuditPartitions, isLockNotAvailable } from './partitions';

export interface PruneResult {
  deleted: number;
  checkpoint: { id: number; hash: string } | null;
  /** Month partitions dropped whole (audit/partitions.ts), oldest first. */
  partitions: string[];
}

/**
 * Rows one slice of a pruning deletes at most. Each slice holds the anchor lock, which every
 * audit append of every request waits for, so a slice must stay short however much has expired.
 */
export const AUDIT_PRUNE_SLICE_ROWS = 5_000;

/**
 * Removes rows older than HUB_AUDIT_RETENTION_DAYS, chain by chain (issue 43: one chain per
 * writer). First the month partitions ahead are made (audit/partitions.ts), and every month
 * partition whose rows have all expired is dropped whole, each chain's base moved past its last row
 * there. The rest (rows of a month only partly expired) is deleted: each chain is cut only at its
 * start, from the oldest row up to the newest expired one (chainsToPrune), and the last row deleted
 * becomes the anchor's base, where verification starts, so what remains still verifies. The base is
 * part of the anchor's MAC, so nobody without the master key can move it to hide deleted old rows.
 *
 * Deleting goes in slices of at most `sliceRows` rows, each its own short transaction with the
 * anchor locked, on the background connection (db/client.ts): rows, anchor and the slice's
 * `audit_retention_pruned` event commit together, so a crash or a timeout between slices leaves
 * a chain that verifies and a record of every deletion; the next run goes on from there.
 */
export async function pruneAuditLog(
  hub: Hub,
  retentionDays = hub.config.auditRetentionDays,
  sliceRows = AUDIT_PRUNE_SLICE_ROWS,
): Promise<PruneResult> {
  const cutoff = new Date(hub.clock().getTime() - retentionDays * DAY_MS);
  // Transactions through the commit-hook wrapper, as hub.db's are (audit.record may need it).
  const db = withCommitHooks(hub.database.background);
  // Partitions made late are harmless (rows wait in DEFAULT): a lock not had does not stop the pruning.
  await ensureAuditPartitions(db, hub.clock()).catch((e: unknown) => {
    if (!isLockNotAvailable(e)) throw e;
  });
  const total: PruneResult = { deleted: 0, checkpoint: null, partitions: [] };
  for (const dropped of await dropExpiredAuditPartitions(hub, db, { cutoff, retentionDays })) {
    const last = dropped.checkpoints.at(-1);
    total.deleted += dropped.deleted;
    if (last) total.checkpoint = { id: last.id, hash: last.hash };
    total.partitions.push(dropped.name);
  }
  const rest = await deleteExpiredRows(hub, retentionDays, sliceRows);
  return { ...total, deleted: total.deleted + rest.deleted, checkpoint: rest.checkpoint ?? total.checkpoint };
}

/** The deleting part of pruneAuditLog (rows that no dropped partition took), in slices, chain by chain. */
export async function deleteExpiredRows(
  hub: Hub,
  retentionDays: number,
  sliceRows = AUDIT_PRUNE_SLICE_ROWS,
): Promise<SliceResult> {
  const cutoff = new Date(hub.clock().getTime() - retentionDays * DAY_MS);
  const db = withCommitHooks(hub.database.background);
  const total: SliceResult = { deleted: 0, checkpoint: null };
  for (const chain of await chainsToPrune(hub, db)) {
    for (;;) {
      const slice = await pruneSlice(hub, db, chain, { cutoff, retentionDays, sliceRows });
      if (!slice.checkpoint) break;
      total.deleted += slice.deleted;
      total.checkpoint = slice.checkpoint;
    }
  }
  return total;
}

/**
 * Issue 43: each node prunes its own chain, and any node the chains nobody holds a lease on (a
 * node that stopped or died). A live chain is left to its writer, so no two nodes lock each
 * other's anchors in opposite orders. Chains are taken in order of their id.
 */
async function chainsToPrune(hub: Hub, db: Db): Promise<number[]> {
  const own = hub.audit.writer.chainId();
  const idle = await findChainsWithoutLease(db, hub.clock());
  return [...new Set([...(own === undefined ? [] : [own]), ...idle])].sort((a, b) => a - b);
}

type SliceResult = Omit<PruneResult, 'partitions'>;

/** One slice of one chain: the oldest `sliceRows` expired rows (fewer at the end), in one transaction. */
async function pruneSlice(
  hub: Hub,
  db: Db,
  chain: number,
  { cutoff, retentionDays, sliceRows }: { cutoff: Date; retentionDays: number; sliceRows: number },
): Promise<SliceResult> {
  return db.transaction(async (tx) => {
    const pruned = await hub.audit.writer.withOtherHeadLocked<SliceResult>(tx, chain, async (head) => {
      const last = await findLastRowBefore(tx, cutoff, chain);
      if (!last || last.id <= head.baseId) return { result: { deleted: 0, checkpoint: null } };
      const end = (await findSliceEnd(tx, head.baseId, last.id, sliceRows)) ?? last;
      const deleted = await deleteChainRowsUpTo(tx, end.id);
      return {
        position: { ...head, baseId: end.id, baseHash: end.hash },
        result: { deleted, checkpoint: end },
      };
    });
    const result = pruned ?? { deleted: 0, checkpoint: null };
    if (result.checkpoint) {
      await hub.audit.record(
        {
          type: 'audit_retention_pruned',
          details: {
            deleted: result.deleted,
            checkpoint_id: result.checkpoint.id,
            retention_days: retentionDays,
            cutoff: cutoff.toISOString(),
          },
        },
        tx,
      );
    }
    return result;
  });
}

/**
 * Setup cleanup: every row of every chain goes, in the caller's transaction; each chain goes on
 * from where it stood (its base moves to its head), so its next row links to the last one deleted.
 */
export async function clearAuditLog(hub: Hub, tx: DbOrTx): Promise<number> {
  let deleted = 0;
  const chains = new Set([...(await readAllHeads(tx)).map((h) => h.chainId)]);
  const own = hub.audit.writer.chainId();
  if (own !== undefined) chains.add(own);
  for (const chain of [...chains].sort((a, b) => a - b)) {
    deleted +=
      (await hub.audit.writer.withOtherHeadLocked(tx, chain, async (head) => {
        const n = await deleteChainRowsUpTo(tx, head.lastId);
        return { position: { ...head, baseId: head.lastId, baseHash: head.lastHash }, result: n };
      })) ?? 0;
  }
  return deleted;
}

/** How often the background pruning runs (startup.ts). */
export const AUDIT_PRUNE_INTERVAL_MS = 6 * 3_600_000;

/**
 * Makes the month partitions ahead at once, prunes shortly after start and then every
 * AUDIT_PRUNE_INTERVAL_MS (which makes them too). Failures are logged and retried at the next
 * tick: pruning late is harmless, crashing the hub is not; a month without its partition yet
 * writes to DEFAULT.
 * Returns the timers (Node's clearInterval clears timeouts too).
 */
export function startAuditRetention(
  hub: Hub,
  log: (msg: string, err?: unknown) => void = (m, e) => console.error(m, e),
): NodeJS.Timeout[] {
  const run = () => {
    pruneAuditLog(hub).catch((err) => log('audit retention pruning failed', err));
  };
  ensureAuditPartitions(withCommitHooks(hub.database.background), hub.clock()).catch((err) =>
    log('audit partition maintenance failed', err),
  );
  const first = setTimeout(run, 10_000);
  const every = setInterval(run, AUDIT_PRUNE_INTERVAL_MS);
  first.unref();
  every.unref();
  return [first, every];
}
