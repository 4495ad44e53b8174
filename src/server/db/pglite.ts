/**
 * The embedded database: PGlite started with the hub's extensions, in memory or in a directory
 * that this process claims (data-dir-lock.ts) for as long as the instance is open, because two
 * instances writing the same files corrupt them.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { claimDataDir } from './data-dir-lock';

/**
 * PostgreSQL's settings for one process serving one hub, for a small footprint. PGlite's
 * WebAssembly memory never shrinks and the buffer pool is touched when it is set up, so every
 * megabyte given here stays resident: stock PostgreSQL sizes (shared_buffers 128MB,
 * maintenance_work_mem 64MB, max_connections 100) kept the idle hub near 510 MB (~380 MB with
 * these; bench:embedded measures it). The hub's working set is a few MB of hot rows and indexes,
 * which 16 MB of buffers holds (the files sit in the OS page cache besides). One backend serves
 * every statement (single-user mode): a handful of connection slots is plenty (PostgreSQL wants
 * more than superuser_reserved_connections, 3).
 * tests/server/ops/embedded-settings.test.ts checks that they are in effect.
 */
export const EMBEDDED_SETTINGS = {
  shared_buffers: '16MB',
  wal_buffers: '1MB',
  work_mem: '4MB',
  maintenance_work_mem: '16MB',
  temp_buffers: '1MB',
  max_connections: '8',
} as const;

/** PGlite's own start parameters (single-user mode, no parallel workers…) plus EMBEDDED_SETTINGS. */
const startParams = [
  ...PGlite.defaultStartParams,
  ...Object.entries(EMBEDDED_SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
];

/**
 * Starts PGlite with the hub's extensions, in `dir` or in memory, optionally from a data-directory
 * dump. A directory is claimed for this process until the instance closes (data-dir-lock.ts).
 */
export async function startPglite(dir: string, template?: Blob): Promise<PGlite> {
  const options = { extensions: { pg_trgm }, startParams, ...(template ? { loadDataDir: template } : {}) };
  if (dir.startsWith('memory://')) return PGlite.create(undefined, options);
  mkdirSync(path.resolve(dir), { recursive: true });
  const release = claimDataDir(dir);
  let client: PGlite;
  try {
    client = await PGlite.create(path.resolve(dir), options);
  } catch (e) {
    release();
    throw e;
  }
  // Whoever closes the instance gives the directory back.
  const close = client.close.bind(client);
  client.close = async () => {
    try {
      await close();
    } finally {
      release();
    }
  };
  return client;
}
