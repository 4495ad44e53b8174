import { eq } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { hubSettings } from './schema/index';

/** The value stored under a hub_settings key, or undefined. */
export async function readSetting(db: DbOrTx, key: string): Promise<unknown> {
  const [row] = await db.select().from(hubSettings).where(eq(hubSettings.key, key)).limit(1);
  return row?.value;
}

/** Stores `value` under `key`, replacing what was there. */
export async function upsertSetting(db: DbOrTx, key: string, value: unknown, now: Date): Promise<void> {
  await db
    .insert(hubSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: hubSettings.key, set: { value, updatedAt: now } });
}

/** Stores `value` under `key` unless the key exists; true when it was stored now. */
export async function insertSettingIfAbsent(db: DbOrTx, key: string, value: unknown): Promise<boolean> {
  const inserted = await db
    .insert(hubSettings)
    .values({ key, value })
    .onConflictDoNothing()
    .returning({ key: hubSettings.key });
  return inserted.length > 0;
}
