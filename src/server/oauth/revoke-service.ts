import type { Hub } from '../hub';
import type { DbOrTx } from '../db/client';
import { deactivateSessions } from './queries';

/** Revokes sessions in the database and tells every node's token cache (LISTEN/NOTIFY). */
export async function revokeSessionIds(
  hub: Hub,
  ids: string[],
  revokedBy: string | null,
  tx?: DbOrTx,
): Promise<string[]> {
  const done = await deactivateSessions(tx ?? hub.db, ids, hub.clock(), revokedBy);
  if (done.length && !tx) await hub.revocations.publish(done);
  return done;
}
