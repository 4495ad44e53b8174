import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { hubSettings } from '../db/schema/index';

/** hub_settings key of the unkeyed retention checkpoint written before keyed chaining (read once, at the upgrade). */
export const AUDIT_CHECKPOINT_KEY = 'audit_checkpoint';

/** The unkeyed checkpoint of the old retention pruning, if there ever was one. */
export async function readLegacyCheckpoint(db: DbOrTx): Promise<{ id: number; hash: string } | undefined> {
  const found = await db.select().from(hubSettings).where(eq(hubSettings.key, AUDIT_CHECKPOINT_KEY)).limit(1);
  const v = found[0]?.value as { id: number; hash: string } | undefined;
  return v ? { id: Number(v.id), hash: v.hash } : undefined;
}
