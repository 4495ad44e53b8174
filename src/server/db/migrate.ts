import path from 'node:path';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { Database } from './client';
import { rows } from './client';
import { PROJECT_ROOT } from '../paths';

export const MIGRATIONS_FOLDER = path.join(PROJECT_ROOT, 'drizzle');

/** Advisory-lock key for migrations ("hub:mig" as a 32-bit number); any constant shared by all nodes works. */
const MIGRATION_LOCK_KEY = 0x6875626d;

/**
 * Applies the generated SQL migrations in ./drizzle. On PostgreSQL the whole run holds an
 * advisory lock, so several hub processes starting together migrate once: the first applies,
 * the others wait and then find nothing left to do.
 */
export async function runMigrations(database: Database): Promise<void> {
  // A connection of its own, without the request timeouts: a migration may take longer than any request.
  await database.unbounded(MIGRATION_LOCK_KEY, async (db) => {
    if (database.kind === 'postgres') {
      await migratePg(db as unknown as NodePgDatabase, { migrationsFolder: MIGRATIONS_FOLDER });
    } else {
      await migratePglite(db as unknown as PgliteDatabase, { migrationsFolder: MIGRATIONS_FOLDER });
    }
  });
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
