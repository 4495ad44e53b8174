import type { DbOrTx } from '../db/client';
import { readSetting } from '../db/settings-queries';

/** hub_settings key of the unkeyed retention checkpoint written before keyed chaining (read once, at the upgrade). */
export const AUDIT_CHECKPOINT_KEY = 'audit_checkpoint';

/** The unkeyed checkpoint of the old retention pruning, if there ever was one. */
export async function readLegacyCheckpoint(db: DbOrTx): Promise<{ id: number; hash: string } | undefined> {
  const v = (await readSetting(db, AUDIT_CHECKPOINT_KEY)) as { id: number; hash: string } | undefined;
  return v ? { id: Number(v.id), hash: v.hash } : undefined;
}
