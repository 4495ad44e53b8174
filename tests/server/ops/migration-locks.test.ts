import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle } from 'drizzle-orm/node-postgres';
import { openDatabase } from '../../../src/server/db/client';
import { MIGRATIONS_FOLDER, runMigrations } from '../../../src/server/db/migrate';
import { createScratchPostgresDatabase } from '../../helpers/test-hub';

/** The first migration this test leaves pending: it alters audit_chain_head, and the one after it renames audit_logs. */
const FIRST_PENDING = '0034_audit_key_epochs';

/** ./drizzle as a release before FIRST_PENDING shipped it: the same files, a journal that ends before it. */
function olderRelease(): { folder: string; remove: () => void } {
  const folder = mkdtempSync(path.join(tmpdir(), 'hub-older-migrations-'));
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const end = journal.entries.findIndex((e) => e.tag === FIRST_PENDING);
  expect(end).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, end);
  writeFileSync(journalFile, JSON.stringify(journal));
  return { folder, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

describe.runIf(process.env.TEST_DATABASE_URL)('migrating while an older node writes [postgres]', () => {
  it('a migration a writer deadlocks with rolls back and is applied again, not a failed start', async () => {
    const scratch = await createScratchPostgresDatabase();
    const older = olderRelease();
    const writer = new pg.Client({ connectionString: scratch.url });
    await writer.connect();
    const database = await openDatabase({ url: scratch.url, poolMax: 2 });
    try {
      await migratePg(drizzle(writer), { migrationsFolder: older.folder });

      // An older node's transaction has read the audit log, and will next touch the chain's anchor.
      await writer.query('begin');
      await writer.query('select 1 from audit_logs limit 1');
      const migrating = runMigrations(database).then(
        () => 'applied',
        (e: Error) => `failed: ${e.message}`,
      );
      // The migration holds audit_chain_head (its first pending step) and waits for audit_logs.
      await vi.waitFor(
        async () => {
          const { rows } = await writer.query(
            `select 1 from pg_locks l join pg_class c on c.oid = l.relation
              where c.relname = 'audit_logs' and not l.granted`,
          );
          expect(rows).toHaveLength(1);
        },
        { timeout: 30_000, interval: 20 },
      );
      // The writer now waits for what the migration holds: one of the two is ended as a deadlock.
      const writerOutcome = await writer.query('select 1 from audit_chain_head limit 1').then(
        () => 'went on',
        (e: { code?: string }) => e.code,
      );
      await writer.query(writerOutcome === 'went on' ? 'commit' : 'rollback');

      expect(await migrating).toBe('applied');
      const { rows } = await writer.query('select count(*)::int as n from drizzle.__drizzle_migrations');
      const all = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'));
      expect(rows[0].n).toBe(all.entries.length);
      // Whichever side PostgreSQL chose, the writer's statement either went on or was refused as a deadlock.
      expect(['went on', '40P01']).toContain(writerOutcome);
    } finally {
      await writer.end().catch(() => undefined);
      await database.close();
      older.remove();
      await scratch.drop();
    }
  }, 60_000);
});
