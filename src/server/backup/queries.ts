import type { DbOrTx } from '../db/client';
import { readSetting, upsertSetting } from '../db/settings-queries';

/** The last backup of the embedded database, as /metrics and System Health show it. */
export interface LastBackup {
  at: string;
  sizeBytes: number;
  /** The file's name (never its directory), or null when the CLI wrote it elsewhere. */
  file: string | null;
}

const KEY = 'last_backup';

export async function readLastBackup(db: DbOrTx): Promise<LastBackup | null> {
  const value = (await readSetting(db, KEY)) as Partial<LastBackup> | undefined | null;
  if (!value || typeof value.at !== 'string' || typeof value.sizeBytes !== 'number') return null;
  return { at: value.at, sizeBytes: value.sizeBytes, file: typeof value.file === 'string' ? value.file : null };
}

export async function recordLastBackup(db: DbOrTx, backup: LastBackup, now: Date): Promise<void> {
  await upsertSetting(db, KEY, backup, now);
}
