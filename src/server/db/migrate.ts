import path from 'node:path';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { Database, Db } from './client';
import { rows } from './client';
import { PROJECT_ROOT } from '../paths';
import { hasCauseCode } from '../error-causes';

export const MIGRATIONS_FOLDER = path.join(PROJECT_ROOT, 'drizzle');

/** Advisory-lock key for migrations ("hub:mig" as a 32-bit number); any constant shared by all nodes works. */
const MIGRATION_LOCK_KEY = 0x6875626d;

/**
 * Applies the generated SQL migrations in ./drizzle. On PostgreSQL the whole run holds an
 * advisory lock, so several hub processes starting together migrate once: the first applies,
 * the others wait and then find nothing left to do.
 *
 * A database that has applied none (a first start) gets them all as one script in one round
 * trip (issue 44: each of drizzle's ~400 statements is otherwise a trip of its own, through
 * WebAssembly on the embedded database); any other goes through drizzle's migrator.
 */
export async function runMigrations(database: Database): Promise<void> {
  // A connection of its own, without the request timeouts: a migration may take longer than any request.
  await database.unbounded(MIGRATION_LOCK_KEY, async (db) => {
    if (await applyAllToEmpty(db, database.kind)) return;
    if (database.kind === 'postgres') {
      await migrateBesideWriters(db);
    } else {
      await migratePglite(db as unknown as PgliteDatabase, { migrationsFolder: MIGRATIONS_FOLDER });
    }
  });
}

/** How long a migration waits for a table another node's transaction holds before it gives way and tries again. */
const MIGRATION_LOCK_TIMEOUT = '1500ms';
const MIGRATION_ATTEMPTS = 20;
/** deadlock_detected, lock_not_available (lock_timeout): the migration rolled back whole, nothing is half applied. */
const LOCK_CONFLICTS: ReadonlySet<string> = new Set(['40P01', '55P03']);

/**
 * drizzle's migrator on PostgreSQL, while nodes of the previous release keep writing (a rolling
 * upgrade). Its one transaction takes each table it alters in turn; a writer holding one of them
 * while it waits for another the migration already holds is a deadlock, and PostgreSQL ends one
 * of the two — the CI's rolling-upgrade run saw the migration be that one (0034 alters
 * audit_chain_head, 0035 then renames audit_logs). So the migration waits for a table at most
 * MIGRATION_LOCK_TIMEOUT (writers queued behind it wait no longer), and a deadlock or a timeout
 * rolls it back whole and tries again after a short, jittered pause.
 */
async function migrateBesideWriters(db: Db): Promise<void> {
  await db.execute(sql.raw(`set lock_timeout = '${MIGRATION_LOCK_TIMEOUT}'`));
  for (let attempt = 1; ; attempt++) {
    try {
      await migratePg(db as unknown as NodePgDatabase, { migrationsFolder: MIGRATIONS_FOLDER });
      return;
    } catch (e) {
      if (attempt >= MIGRATION_ATTEMPTS || !hasCauseCode(e, (code) => LOCK_CONFLICTS.has(code))) throw e;
      await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 400));
    }
  }
}

/**
 * What drizzle's migrator does to a database with no migration recorded — its journal table
 * made as drizzle makes it, then in one transaction every migration's statements, in order,
 * each migration followed by its journal row (hash, folderMillis) — sent as one script (the
 * simple query protocol takes many statements). Later starts and `migrate --check` read the
 * same rows (tests/server/ops/schema-contract.test.ts compares both ways on both databases).
 * False, changing nothing, once a migration is recorded: drizzle's migrator applies what is newer.
 */
async function applyAllToEmpty(db: Db, kind: Database['kind']): Promise<boolean> {
  for (const statement of JOURNAL_TABLE) await db.execute(sql.raw(statement));
  const [recorded] = await rows<{ any: boolean }>(
    db,
    sql`select exists (select from drizzle.__drizzle_migrations) as any`,
  );
  if (recorded?.any !== false) return false;
  const script = allMigrationsScript();
  // PGlite's query() takes one statement (the extended protocol); its exec() is the simple query.
  const client = (
    db as unknown as { $client: { exec?(s: string): Promise<unknown>; query(s: string): Promise<unknown> } }
  ).$client;
  const run = (text: string) => (kind === 'pglite' ? client.exec!(text) : client.query(text));
  try {
    await run(script);
  } catch (e) {
    // A failed statement leaves the transaction aborted on this connection: end it.
    await run('rollback').catch(() => undefined);
    throw e;
  }
  return true;
}

/** drizzle's journal, made as its migrator makes it. */
const JOURNAL_TABLE = [
  'create schema if not exists "drizzle"',
  'create table if not exists "drizzle"."__drizzle_migrations" (id serial primary key, hash text not null, created_at bigint)',
];

/**
 * drizzle's journal table, then one transaction: every migration's statements, then its journal row, oldest first — what a
 * database with none applied gets, here or in the embedded database's template (pglite.ts). Each
 * part ends on a line of its own before the separator, so a part ending in a `--` comment still ends.
 */
export function allMigrationsScript(): string {
  const parts = [...JOURNAL_TABLE, 'begin'];
  for (const m of readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER })) {
    parts.push(...m.sql.filter((s) => s.trim() !== ''));
    // The hash is hex and folderMillis a number: nothing to quote.
    parts.push(
      `insert into "drizzle"."__drizzle_migrations" ("hash", "created_at") values ('${m.hash}', ${m.folderMillis})`,
    );
  }
  parts.push('commit');
  return parts.join('\n;\n');
}

/** The newest migration in ./drizzle, as drizzle records it (folderMillis of the journal). */
let newestMigrationMillis: number | undefined;

/** Whether every migration in ./drizzle has been applied to this database. */
export async function migrationsApplied(database: Database): Promise<boolean> {
  newestMigrationMillis ??= Math.max(
    ...readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER }).map((m) => m.folderMillis),
  );
  const [row] = await rows<{ at: string | null }>(
    database.db,
    sql`select max(created_at)::text as at from drizzle.__drizzle_migrations`,
  );
  return row?.at !== null && row?.at !== undefined && Number(row.at) >= newestMigrationMillis;
}
