import type { DbOrTx } from '../db/client';
import type { Hub } from '../hub';
import { deleteChainRowsUpTo } from './chain-queries';
import { findLastRowBefore } from './queries';

export interface PruneResult {
  deleted: number;
  checkpoint: { id: number; hash: string } | null;
}

/**
 * Deletes rows older than HUB_AUDIT_RETENTION_DAYS. The chain is cut only at its start: every
 * row up to the newest expired one goes, and that row's {id, hash} becomes the anchor's base,
 * where verification starts, so what remains still verifies. The base is part of the anchor's
 * MAC, so nobody without the master key can move it to hide deleted old rows. Runs with the
 * anchor locked and in one transaction, so a crash leaves rows and anchor agreeing.
 */
export async function pruneAuditLog(hub: Hub, retentionDays = hub.config.auditRetentionDays): Promise<PruneResult> {
  const now = hub.clock();
  const cutoff = new Date(now.getTime() - retentionDays * 86_400_000);
  return hub.db.transaction(async (tx) => {
    const result = await hub.audit.writer.withHeadLocked<PruneResult>(tx, async (head) => {
      const last = await findLastRowBefore(tx, cutoff);
      if (!last || last.id <= head.baseId) return { result: { deleted: 0, checkpoint: null } };
      const deleted = await deleteChainRowsUpTo(tx, last.id);
      return {
        position: { ...head, baseId: last.id, baseHash: last.hash },
        result: { deleted, checkpoint: last },
      };
    });
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
 * Setup cleanup: every row goes, in the caller's transaction; the chain goes on from where it
 * stood (the base moves to the head), so the next event links to the last one deleted.
 */
export async function clearAuditLog(hub: Hub, tx: DbOrTx): Promise<number> {
  return hub.audit.writer.withHeadLocked(tx, async (head) => {
    const deleted = await deleteChainRowsUpTo(tx, head.lastId);
    return { position: { ...head, baseId: head.lastId, baseHash: head.lastHash }, result: deleted };
  });
}

/** How often the background pruning runs (startup.ts). */
export const AUDIT_PRUNE_INTERVAL_MS = 6 * 3_600_000;

/**
 * Prunes once shortly after start and then every AUDIT_PRUNE_INTERVAL_MS. Failures are logged
 * and retried at the next tick: pruning late is harmless, crashing the hub is not.
 * Returns the timers (Node's clearInterval clears timeouts too).
 */
export function startAuditRetention(
  hub: Hub,
  log: (msg: string, err?: unknown) => void = (m, e) => console.error(m, e),
): NodeJS.Timeout[] {
  const run = () => {
    pruneAuditLog(hub).catch((err) => log('audit retention pruning failed', err));
  };
  const first = setTimeout(run, 10_000);
  const every = setInterval(run, AUDIT_PRUNE_INTERVAL_MS);
  first.unref();
  every.unref();
  return [first, every];
}
