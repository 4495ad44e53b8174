import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '../../src/server/db/client';
import { startPglite } from '../../src/server/db/pglite';
import { MIGRATIONS_FOLDER, runMigrations } from '../../src/server/db/migrate';

/**
 * A fresh PGlite costs ~5 s (initdb in WebAssembly); loading a dump of an already migrated
 * one costs ~1 s (2 CPU-seconds on a slow machine). The dump is made once per set of migrations
 * and shared by every test file; `acquirePglite` below reuses the instances made from it.
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

/**
 * What a reset must give back: the tables, columns, constraints, indexes, triggers, functions
 * and sequences of the template. A test that changed any of them leaves an instance that is
 * closed instead of reused.
 */
export const SHAPE = `
  select md5(string_agg(x, '|' order by x)) as shape from (
    select c.relkind::text || ' ' || c.relname || ' '
      || coalesce((select string_agg(a.attname || ':' || a.atttypid || ':' || a.attnotnull, ',' order by a.attnum)
      from pg_attribute a where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped), '') as x
      from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname in ('public', 'drizzle')
    union all select 'con ' || conname || ' ' || pg_get_constraintdef(oid) from pg_constraint where connamespace = 'public'::regnamespace
    union all select 'trg ' || tgname || ' ' || tgenabled::text from pg_trigger where not tgisinternal
    union all select 'fn ' || p.oid::regprocedure::text || ' ' || md5(p.prosrc) from pg_proc p where p.pronamespace = 'public'::regnamespace
  ) t`;

interface Pooled {
  client: PGlite;
  shape: string;
  /** TRUNCATE … RESTART IDENTITY of every table the template has, then the rows its migrations seeded. */
  reset: string;
}

/** Idle instances of this worker (isolate: false shares the module between a worker's files). */
const idle: Pooled[] = [];

async function startFromTemplate(): Promise<Pooled> {
  const client = await startPglite('memory://', await loadPgliteTemplate());
  const tables = await client.query<{ name: string }>(
    `select quote_ident(relname) as name from pg_class where relnamespace = 'public'::regnamespace and relkind = 'r'`,
  );
  // A reset empties every table, then puts back the rows a migration seeded (the schema contract, say).
  const seeds: string[] = [];
  for (const { name } of tables.rows) {
    const { rows } = await client.query<{ seeded: string | null }>(`select json_agg(t)::text as seeded from ${name} t`);
    const seeded = rows[0]!.seeded;
    if (seeded)
      seeds.push(
        `insert into ${name} select * from json_populate_recordset(null::${name}, '${seeded.replaceAll("'", "''")}')`,
      );
  }
  const { rows } = await client.query<{ shape: string }>(SHAPE);
  return {
    client,
    shape: rows[0]!.shape,
    reset: [`truncate ${tables.rows.map((t) => t.name).join(', ')} restart identity cascade`, ...seeds].join('; '),
  };
}

/**
 * A migrated, empty PGlite for one test hub: an idle one of this worker when there is one,
 * else a new one from the template (~2 CPU-seconds, against milliseconds for a reset). `release`
 * empties it and makes it idle again, or closes it if it cannot be made as new.
 */
export async function acquirePglite(): Promise<{ client: PGlite; release(): Promise<void> }> {
  const pooled = idle.pop() ?? (await startFromTemplate());
  return {
    client: pooled.client,
    async release() {
      try {
        const { client } = pooled;
        await client.exec(`reset all; discard temp; select pg_advisory_unlock_all(); ${pooled.reset}`);
        const { rows } = await client.query<{ shape: string }>(SHAPE);
        if (rows[0]!.shape !== pooled.shape) throw new Error('schema changed');
        idle.push(pooled);
      } catch {
        await pooled.client.close().catch(() => {});
      }
    },
  };
}
