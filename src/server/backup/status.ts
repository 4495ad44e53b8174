import type { z } from 'zod';
import type { backupStatusSchema } from '../../shared/admin-api';
import type { Hub } from '../hub';
import { readLastBackup } from './queries';

/** What System Health shows about backups: the schedule and the last backup (whoever took it). */
export async function readBackupStatus(hub: Hub): Promise<z.output<typeof backupStatusSchema>> {
  if (hub.database.kind !== 'pglite') return { embedded: false, schedule: null, last: null };
  const last = await readLastBackup(hub.db);
  const schedule = hub.config.backup;
  return {
    embedded: true,
    schedule: schedule ? { every_minutes: schedule.everyMinutes, keep: schedule.keep } : null,
    last: last ? { at: last.at, size_bytes: last.sizeBytes } : null,
  };
}
