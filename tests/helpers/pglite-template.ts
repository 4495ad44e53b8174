import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '../../src/server/db/client';
import { MIGRATIONS_FOLDER, runMigrations } from '../../src/server/db/migrate';

/**
 * A fresh PGlite costs ~5 s (initdb in WebAssembly); loading a dump of an already migrated
 * one costs ~1 s. The dump is made once per set of migrations and shared by every test file.
 */
export function templatePath(): string {
  const h = createHash('sha256');
  for (const f of readdirSync(MIGRATIONS_FOLDER, { recursive: true }).map(String).sort()) {
    const full = path.join(MIGRATIONS_FOLDER, f);
    if (f.endsWith('.sql') || f.endsWith('.json')) h.update(f).update(readFileSync(full));
  }
  return path.join(os.tmpdir(), `hub-pglite-template-${h.digest('hex').slice(0, 16)}.tar`);
}

export async function ensurePgliteTemplate(): Promise<string> {
  const file = templatePath();
  if (existsSync(file)) return file;
  const database = await openDatabase({ pgliteDir: 'memory://' });
  await runMigrations(database);
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir('none');
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
  renameSync(tmp, file);
  await database.close();
  return file;
}

let cached: Blob | undefined;
/** The template as a Blob, read once per worker; made on the spot if a global setup did not. */
export async function loadPgliteTemplate(): Promise<Blob> {
  if (!cached) cached = new Blob([readFileSync(await ensurePgliteTemplate())]);
  return cached;
}
