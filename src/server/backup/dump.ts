/**
 * Online backup of the embedded database (issue 45): PGlite's data directory as a gzipped tarball,
 * taken between two statements while the hub serves. The master key is never inside: the operator
 * writes it apart (`--key-file`) or keeps it where it already is.
 */
import { chmodSync, existsSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Database } from '../db/client';
import { recordLastBackup, type LastBackup } from './queries';

export class BackupUnsupportedError extends Error {
  constructor() {
    super(
      'Online backup is for the embedded database; on PostgreSQL use pg_dump or WAL archiving (docs/operating.md).',
    );
    this.name = 'BackupUnsupportedError';
  }
}

/** The dump's bytes, and its record in hub_settings (for /metrics and System Health). */
export async function takeBackup(database: Database, now: () => Date, file: string | null = null): Promise<Buffer> {
  if (!database.dumpDataDir) throw new BackupUnsupportedError();
  const bytes = Buffer.from(await (await database.dumpDataDir()).arrayBuffer());
  const record: LastBackup = { at: now().toISOString(), sizeBytes: bytes.length, file };
  await recordLastBackup(database.db, record, now());
  return bytes;
}

/** Writes a file readable by its owner only, whole or not at all (a crash leaves no half backup). */
export function writePrivateFile(file: string, bytes: Buffer | string): void {
  const tmp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  writeFileSync(tmp, bytes, { mode: 0o600 });
  chmodSync(tmp, 0o600);
  renameSync(tmp, file);
}

/** `--key-file`: the master key, apart from the backup (mode 0600; an existing file is never overwritten). */
export function writeKeyFile(keyFile: string, masterKey: Buffer): void {
  if (existsSync(keyFile)) throw new Error(`${keyFile} exists: a key file is never overwritten`);
  writePrivateFile(keyFile, `${masterKey.toString('base64')}\n`);
}
