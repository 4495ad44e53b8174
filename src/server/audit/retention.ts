import { sql } from 'drizzle-orm';
import type { Hub } from '../hub';
import { AUDIT_CHECKPOINT_KEY, AUDIT_LOCK_KEY } from './record';
import { deleteRowsUpTo, findLastRowBefore, writeCheckpoint } from './queries';

export interface PruneResult {
  deleted: number;
  checkpoint: { id: number; hash: string } | null;
}

/**
 * Deletes rows older than HUB_AUDIT_RETENTION_DAYS. The chain is cut only at its start: every
 * row up to the newest expired one goes, and that row's {id, hash} becomes the checkpoint
 * verifyChain starts from, so what remains still verifies. Runs under the append lock, so no
 * append can interleave, and in one transaction, so a crash leaves rows and checkpoint agreeing.
 */
export async function pruneAuditLog(hub: Hub, retentionDays = hub.config.auditRetentionDays): Promise<PruneResult> {
  const now = hub.clock();
  const cutoff = new Date(now.getTime() - retentionDays * 86_400_000);
  return hub.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${AUDIT_LOCK_KEY})`);
    const last = await findLastRowBefore(tx, cutoff);
    if (!last) return { deleted: 0, checkpoint: null };
    await writeCheckpoint(tx, AUDIT_CHECKPOINT_KEY, last, now);
    const deleted = await deleteRowsUpTo(tx, last.id);
    await hub.audit.record(
      {
        type: 'audit_retention_pruned',
        details: { deleted, checkpoint_id: last.id, retention_days: retentionDays, cutoff: cutoff.toISOString() },
      },
      tx,
    );
    return { deleted, checkpoint: last };
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
