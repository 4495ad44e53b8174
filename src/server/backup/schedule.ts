/**
 * Scheduled backups of the embedded database (HUB_BACKUP_DIR, HUB_BACKUP_EVERY, HUB_BACKUP_KEEP):
 * a dump every interval into the directory, the newest `keep` files kept. The first one is due one
 * interval after the last backup recorded in the database (at once when there is none).
 */
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Hub } from '../hub';
import { takeBackup, writePrivateFile } from './dump';
import { readLastBackup } from './queries';

const NAME = /^hub-backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}(?:-\d{3})?Z\.tar\.gz$/;

export function backupFileName(at: Date): string {
  return `hub-backup-${at.toISOString().replace(/:/g, '-').replace('.', '-')}.tar.gz`;
}

/** One scheduled backup: the file written, then the oldest beyond `keep` removed. */
export async function runScheduledBackup(hub: Hub, settings: { dir: string; keep: number }): Promise<string> {
  mkdirSync(settings.dir, { recursive: true, mode: 0o700 });
  const name = backupFileName(hub.clock());
  const bytes = await takeBackup(hub.database, hub.clock, name);
  writePrivateFile(path.join(settings.dir, name), bytes);
  const all = readdirSync(settings.dir)
    .filter((f) => NAME.test(f))
    .sort();
  for (const old of all.slice(0, Math.max(0, all.length - settings.keep))) rmSync(path.join(settings.dir, old));
  return name;
}

/** Starts the schedule when HUB_BACKUP_DIR is set on an embedded hub; returns the function that stops it. */
export function startScheduledBackups(hub: Hub, log: (message: string) => void): () => void {
  const settings = hub.config.backup;
  if (!settings || hub.database.kind !== 'pglite') return () => {};
  const everyMs = settings.everyMinutes * 60_000;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const arm = (delayMs: number) => {
    if (stopped) return;
    timer = setTimeout(run, Math.max(0, Math.min(delayMs, 2 ** 31 - 1)));
    timer.unref();
  };
  const run = () => {
    runScheduledBackup(hub, settings).then(
      () => arm(everyMs),
      (e: unknown) => {
        log(`scheduled backup failed: ${e instanceof Error ? e.message : String(e)}`);
        // Try again sooner than a whole interval, but not in a loop.
        arm(Math.min(everyMs, 5 * 60_000));
      },
    );
  };
  readLastBackup(hub.db).then(
    (last) => arm(last ? Date.parse(last.at) + everyMs - hub.clock().getTime() : 0),
    () => arm(everyMs),
  );
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
