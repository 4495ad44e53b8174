/**
 * The embedded database: PGlite started with the hub's extensions, in memory or in a directory
 * that this process claims (data-dir-lock.ts) for as long as the instance is open, because two
 * instances writing the same files corrupt them.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
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

/** Bounds the making of a new data directory: a hung initdb ends the start with an error. */
const INIT_TIMEOUT_MS = 300_000;

/**
 * Makes a new data directory (initdb) in a child process that exits. PGlite runs initdb in a
 * second PostgreSQL instance beside the first, with a WebAssembly memory of its own, and the
 * compilers' and malloc's memory it leaves behind is never given back to the system: done in this
 * process, the idle hub measured ~400 MB after its first start against ~250 MB after any later
 * one. The hub then opens the finished directory, exactly as it does on every later start (its
 * WebAssembly compiled afresh, as on every restart: bench:embedded compares the CPU per request).
 */
async function initDataDir(dir: string): Promise<void> {
  const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const script = `require(${JSON.stringify(pglite)}).PGlite.create(${JSON.stringify(dir)}, { startParams: ${JSON.stringify(startParams)} })
    .then((pg) => pg.close())
    .then(() => process.exit(0), (e) => { console.error(e); process.exit(1); });`;
  try {
    // Liftoff only: this process lives for one initdb, too short to earn back what compiling
    // PostgreSQL's hot functions again with TurboFan costs.
    await promisify(execFile)(process.execPath, ['--liftoff-only', '-e', script], {
      timeout: INIT_TIMEOUT_MS,
      maxBuffer: 1 << 20,
    });
  } catch (e) {
    const { stderr } = e as { stderr?: string };
    throw new Error(`Could not create the embedded database in ${dir}: ${stderr?.trim() || String(e)}`, { cause: e });
  }
}

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
    if (!template && !existsSync(path.join(dir, 'PG_VERSION'))) await initDataDir(path.resolve(dir));
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
