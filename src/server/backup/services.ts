import type { Hub } from '../hub';
import { serveBackupRequests } from './control';
import { startScheduledBackups } from './schedule';

/**
 * The embedded hub's backup services, started by main.ts once it listens: the socket through which
 * `npm run hub -- backup` asks this process for a dump, and the schedule of HUB_BACKUP_DIR.
 * Nothing on PostgreSQL (pg_dump and WAL archiving do it there). Returns the function that stops them.
 */
export async function startBackupServices(hub: Hub, log: (message: string) => void): Promise<() => Promise<void>> {
  if (hub.database.kind !== 'pglite') return async () => {};
  const stopSocket = await serveBackupRequests(hub, log).catch((e: unknown) => {
    log(`online backups through the CLI are off: ${e instanceof Error ? e.message : String(e)}`);
    return async () => {};
  });
  const stopSchedule = startScheduledBackups(hub, log);
  return async () => {
    stopSchedule();
    await stopSocket();
  };
}
