import type { Hub } from '../hub';
import type { DbOrTx } from '../db/client';
import { deactivateSessions } from '../auth/session-queries';

/**
 * Ends sessions by id and tells every node's caches once the write is committed: with a
 * transaction, when it commits (never on rollback). Returns the ids that were live.
 */
export async function revokeSessionIds(
  hub: Hub,
  ids: string[],
  revokedBy: string | null,
  tx: DbOrTx = hub.db,
): Promise<string[]> {
  const done = await deactivateSessions(tx, ids, hub.clock(), revokedBy);
  await hub.revocations.publish({ kind: 'sessions', ids: done }, tx);
  return done;
}
