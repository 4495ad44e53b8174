/**
 * The embedded database: PGlite started with the hub's extensions, in memory or in a directory
 * that this process claims (data-dir-lock.ts) for as long as the instance is open, because two
 * instances writing the same files corrupt them.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { claimDataDir } from './data-dir-lock';
import { PROJECT_ROOT } from '../paths';

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
 * Makes a new data directory (initdb) in a child process that exits, and runs `setupSql` in it
 * (the migrations, as one script) when given. PGlite runs initdb in a second PostgreSQL instance
 * beside the first, with a WebAssembly memory of its own, and the compilers' and malloc's memory
 * it leaves behind is never given back to the system: done in this process, the idle hub measured
 * ~400 MB after its first start against ~250 MB after any later one. The hub then opens the
 * finished directory, exactly as it does on every later start (its WebAssembly compiled afresh,
 * as on every restart: bench:embedded compares the CPU per request).
 */
async function initDataDir(dir: string, setupSql?: string): Promise<void> {
  const require = createRequire(import.meta.url);
  const sqlFile = `${dir}.setup.sql`;
  if (setupSql !== undefined) writeFileSync(sqlFile, setupSql);
  const script = `const { PGlite } = require(${JSON.stringify(require.resolve('@electric-sql/pglite'))});
    const { pg_trgm } = require(${JSON.stringify(require.resolve('@electric-sql/pglite/contrib/pg_trgm'))});
    PGlite.create(${JSON.stringify(dir)}, { extensions: { pg_trgm }, startParams: ${JSON.stringify(startParams)} })
    .then(async (pg) => {
      ${setupSql === undefined ? '' : `await pg.exec(require('node:fs').readFileSync(${JSON.stringify(sqlFile)}, 'utf8'));`}
      await pg.close();
    })
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
  } finally {
    rmSync(sqlFile, { force: true });
  }
}

const TEMPLATE_PREFIX = 'pglite-template-';

/**
 * Where new data directories are copied from (issue 44): one made by initdb and `setupSql` (the
 * migrations) for this PGlite release and these settings, under dist/ beside the built server.
 * initdb and the migrations were most of a first start (3–5 s of a 2-core machine's time);
 * copying the ~45 MB they made takes ~0.1 s and nothing of the hub's memory.
 */
export function templateDir(setupSql: string): string {
  const require = createRequire(import.meta.url);
  const manifest = path.resolve(path.dirname(require.resolve('@electric-sql/pglite')), '../package.json');
  const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string };
  const key = createHash('sha256')
    .update(JSON.stringify([version, startParams, setupSql]))
    .digest('hex');
  return path.join(PROJECT_ROOT, 'dist', TEMPLATE_PREFIX + key.slice(0, 16));
}

/** A template not made or used within this long is removed when a new one is made (an older release's). */
const TEMPLATE_KEPT_MS = 24 * 3600_000;

/**
 * A new data directory in `dir`. With `setupSql` (the hub's start passes the migrations), a copy
 * of the template made with it, made first when missing — by the first start of a checkout, and
 * again after a PGlite upgrade or a new migration — in a directory of its own, renamed into place
 * once complete, so a start that stops half-way or two starts at once never leave half a template.
 * Without `setupSql`, or where no template can be kept (a read-only install), initdb makes `dir`.
 */
async function newDataDir(dir: string, setupSql: string | undefined): Promise<void> {
  if (setupSql === undefined) return initDataDir(dir);
  const template = templateDir(setupSql);
  const complete = () => existsSync(path.join(template, 'PG_VERSION'));
  if (!complete()) {
    const making = `${template}.${process.pid}.tmp`;
    try {
      rmSync(making, { recursive: true, force: true });
      mkdirSync(making, { recursive: true });
    } catch {
      return initDataDir(dir, setupSql);
    }
    try {
      await initDataDir(making, setupSql);
      // Another start may have put its template in place meanwhile: either is as good.
      if (!complete()) renameSync(making, template);
    } catch (e) {
      if (!complete()) throw e;
    } finally {
      rmSync(making, { recursive: true, force: true });
    }
    removeOldTemplates(template);
  }
  try {
    cpSync(template, dir, { recursive: true });
    // Its age is its last use: removeOldTemplates keeps what is in use.
    utimesSync(template, new Date(), new Date());
  } catch {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    await initDataDir(dir, setupSql);
  }
}

function removeOldTemplates(kept: string): void {
  const folder = path.dirname(kept);
  for (const name of readdirSync(folder)) {
    const full = path.join(folder, name);
    if (!name.startsWith(TEMPLATE_PREFIX) || full === kept || name.endsWith('.tmp')) continue;
    if (Date.now() - statSync(full).mtimeMs > TEMPLATE_KEPT_MS) rmSync(full, { recursive: true, force: true });
  }
}

/**
 * Starts PGlite with the hub's extensions, in `dir` or in memory, optionally from a data-directory
 * dump. A directory is claimed for this process until the instance closes (data-dir-lock.ts).
 * A new directory is a copy of a template made by initdb and `setupSql` (newDataDir).
 */
export async function startPglite(dir: string, template?: Blob, setupSql?: string): Promise<PGlite> {
  const options = { extensions: { pg_trgm }, startParams, ...(template ? { loadDataDir: template } : {}) };
  if (dir.startsWith('memory://')) return PGlite.create(undefined, options);
  mkdirSync(path.resolve(dir), { recursive: true });
  const release = claimDataDir(dir);
  let client: PGlite;
  try {
    if (!template && !existsSync(path.join(dir, 'PG_VERSION'))) await newDataDir(path.resolve(dir), setupSql);
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
