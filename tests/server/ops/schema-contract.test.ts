import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { createHub } from '../../../src/server/create-hub';
import { openDatabase, rows, type Database } from '../../../src/server/db/client';
import { MIGRATIONS_FOLDER, runMigrations } from '../../../src/server/db/migrate';
import { startPglite } from '../../../src/server/db/pglite';
import {
  SchemaContractError,
  checkSchemaContract,
  describeSchemaState,
  readJournal,
  readSchemaState,
} from '../../../src/server/db/schema-contract';
import { contractViolations, type ReleaseSchema } from '../../../scripts/migration-rules';
import { createScratchPostgresDatabase, TEST_DATABASES } from '../../helpers/test-hub';
import { useTestHub } from '../../helpers/use-test-hub';
import { loadPgliteTemplate, SHAPE } from '../../helpers/pglite-template';

const root = path.resolve(import.meta.dirname, '../../..');
const run = promisify(execFile);
const level = readJournal().length;

describe.each(TEST_DATABASES)('schema contract [%s]', (kind) => {
  const t = useTestHub(kind);

  it('records the level each node expects and reports nothing pending on an up-to-date database', async () => {
    const state = await readSchemaState(t.hub.database);
    // 0032_audit_chains is a contraction: it raised the contract to its own level, 33.
    expect(state).toMatchObject({ nodeLevel: level, databaseLevel: level, minLevel: 33, pending: [] });
    expect(state.expectations.map((e) => e.level)).toEqual([level]);
    expect(describeSchemaState(state).join('\n')).toContain('would apply nothing: the database is up to date');
  });

  it('lets an older node start on a database a newer release expanded, and refuses it after a contraction', async () => {
    const { db } = t.hub.database;
    // A newer release applied one more (additive) migration.
    await db.execute(sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('newer', 9999999999999)`);
    try {
      const expanded = await checkSchemaContract(t.hub.database);
      expect(expanded).toMatchObject({ databaseLevel: level + 1, pending: [] });
      expect(describeSchemaState(expanded).join('\n')).toContain('a newer release migrated this database');

      // The release after it dropped what this one reads, and raised the contract in that migration.
      await db.execute(
        sql`update hub_settings set value = ${JSON.stringify({ min_level: level + 1 })}::jsonb where key = 'schema_contract'`,
      );
      await expect(checkSchemaContract(t.hub.database)).rejects.toThrow(SchemaContractError);
      // The real start path refuses before migrating anything, with a message an operator can act on.
      await expect(createHub({ config: t.hub.config, database: t.hub.database })).rejects.toThrow(
        `This hub release expects schema level ${level}, but the database requires level ${level + 1} or newer`,
      );
      const refused = await readSchemaState(t.hub.database);
      expect(describeSchemaState(refused).join('\n')).toContain('The next start would REFUSE');
    } finally {
      await db.execute(sql`delete from drizzle.__drizzle_migrations where hash = 'newer'`);
      await db.execute(sql`update hub_settings set value = '{"min_level": 33}'::jsonb where key = 'schema_contract'`);
    }
  });
});

describe.each(TEST_DATABASES)('the first start applies every migration as one script [%s]', (kind) => {
  /** The schema, the seeded settings and drizzle's journal, as two ways of migrating must leave them alike. */
  async function whatMigrationsLeft(database: Database) {
    const { db } = database;
    const [{ shape }] = await rows<{ shape: string }>(db, sql.raw(SHAPE));
    const indexes = await rows(db, sql`select indexdef from pg_indexes where schemaname = 'public' order by 1`);
    const settings = await rows(
      db,
      sql`select key, value from hub_settings where key not like 'schema_expectation:%' order by key`,
    );
    const journal = await rows(
      db,
      sql`select id, hash, created_at::text from drizzle.__drizzle_migrations order by id`,
    );
    return { shape, indexes, settings, journal };
  }
  async function empty({ db }: Database) {
    for (const statement of [
      'drop schema if exists drizzle cascade',
      'drop schema public cascade',
      'create schema public',
    ]) {
      await db.execute(sql.raw(statement));
    }
  }

  it("leaves what drizzle's migrator leaves, and later starts apply nothing", async () => {
    // A database of its own: PGlite from the tests' template (no initdb), PostgreSQL a scratch one; emptied before each way.
    const scratch = kind === 'postgres' ? await createScratchPostgresDatabase() : undefined;
    const database = await openDatabase(
      scratch
        ? { url: scratch.url, poolMax: 2 }
        : { pglite: await startPglite('memory://', await loadPgliteTemplate()) },
    );
    try {
      await empty(database);
      await runMigrations(database);
      const once = await whatMigrationsLeft(database);
      expect(once.journal).toEqual(
        readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER }).map((m, i) => ({
          id: i + 1,
          hash: m.hash,
          created_at: String(m.folderMillis),
        })),
      );
      await runMigrations(database);
      expect(await whatMigrationsLeft(database)).toEqual(once);

      await empty(database);
      await database.unbounded(0, (db) =>
        kind === 'postgres'
          ? migratePg(db as unknown as NodePgDatabase, { migrationsFolder: MIGRATIONS_FOLDER })
          : migratePglite(db as unknown as PgliteDatabase, { migrationsFolder: MIGRATIONS_FOLDER }),
      );
      expect(await whatMigrationsLeft(database)).toEqual(once);
    } finally {
      await database.close();
      if (kind === 'pglite') await (database.db as unknown as { $client: { close(): Promise<void> } }).$client.close();
      await scratch?.drop();
    }
  });
});

describe('migrate --check', () => {
  const t = useTestHub('pglite');

  it('lists the migrations the next start of a newer release would apply', async () => {
    const newer = [...readJournal(), { idx: level, when: 9999999999999, tag: '9999_newer' }];
    const state = await readSchemaState(t.hub.database, newer);
    expect(state.pending.map((m) => m.tag)).toEqual(['9999_newer']);
    expect(describeSchemaState(state).slice(1, 3)).toEqual([
      'The next start would apply 1 migration(s):',
      '  9999_newer',
    ]);
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'through the CLI, on an empty PostgreSQL database, changing nothing [postgres]',
    async () => {
      const scratch = await createScratchPostgresDatabase();
      try {
        const { stdout } = await run(process.execPath, ['--import', 'tsx', 'src/server/cli.ts', 'migrate', '--check'], {
          cwd: root,
          env: {
            PATH: process.env.PATH,
            DATABASE_URL: scratch.url,
            HUB_MASTER_KEY: Buffer.alloc(32, 1).toString('base64'),
          },
        });
        expect(stdout).toContain(`The next start would apply ${level} migration(s):`);
        expect(stdout).toContain(readJournal().at(-1)!.tag);
        expect(stdout).toContain('the database has applied 0.');
        const client = new pg.Client({ connectionString: scratch.url });
        await client.connect();
        const { rows } = await client.query(`select to_regclass('public.hub_settings') as t`);
        await client.end();
        expect(rows).toEqual([{ t: null }]);
      } finally {
        await scratch.drop();
      }
    },
  );
});

describe('expand/contract check (scripts/check-migrations.ts, part of npm run check)', () => {
  const previous: ReleaseSchema = {
    level: 31,
    whens: new Set(),
    tables: new Map([['platform_users', new Set(['id', 'email', 'full_name'])]]),
  };
  const violations = (body: string) => contractViolations({ tag: '0031_x', when: 1, sql: body }, previous);

  it('accepts additions: tables, nullable columns, columns with a default, indexes', () => {
    expect(
      violations(`CREATE TABLE "things" ("id" uuid PRIMARY KEY NOT NULL);--> statement-breakpoint
        ALTER TABLE "platform_users" ADD COLUMN "nickname" text;--> statement-breakpoint
        ALTER TABLE "platform_users" ADD COLUMN "score" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
        CREATE INDEX "users_nickname_idx" ON "platform_users" USING btree ("nickname");`),
    ).toEqual([]);
  });

  it('refuses drops and renames of what the previous release reads, type changes and new NOT NULLs', () => {
    expect(violations('ALTER TABLE "platform_users" DROP COLUMN "full_name";')[0]).toContain(
      'drops column platform_users.full_name, which the previous release still reads',
    );
    expect(violations('DROP TABLE "platform_users" CASCADE;')[0]).toContain('drops table platform_users');
    expect(violations('ALTER TABLE "platform_users" RENAME COLUMN "full_name" TO "name";')[0]).toContain('renames');
    expect(violations('ALTER TABLE "platform_users" RENAME TO "users";')[0]).toContain('renames');
    expect(violations('ALTER TABLE "platform_users" ALTER COLUMN "email" SET DATA TYPE varchar(90);')[0]).toContain(
      "changes a column's type",
    );
    expect(violations('ALTER TABLE "platform_users" ALTER COLUMN "full_name" SET NOT NULL;')[0]).toContain('NOT NULL');
    expect(violations('ALTER TABLE "platform_users" ADD COLUMN "x" text NOT NULL;')[0]).toContain('without a default');
  });

  it('accepts a table turned into a partitioned one in place (renamed, re-created partitioned, attached), nothing less', () => {
    const swap = (
      attach: string,
    ) => `ALTER TABLE "platform_users" RENAME TO "platform_users_old";--> statement-breakpoint
      ALTER INDEX "users_email_idx" RENAME TO "platform_users_old_email_idx";--> statement-breakpoint
      CREATE TABLE "platform_users" ("id" uuid NOT NULL, "email" text, "full_name" text) PARTITION BY HASH ("id");
      ${attach}`;
    expect(violations(swap('ALTER TABLE "platform_users" ATTACH PARTITION "platform_users_old" DEFAULT;'))).toEqual([]);
    // Not attached: the rows would be gone from the name the previous release reads.
    expect(violations(swap(''))).toHaveLength(2);
    expect(
      violations(`ALTER TABLE "platform_users" RENAME TO "platform_users_old";--> statement-breakpoint
        CREATE TABLE "platform_users" ("id" uuid NOT NULL);
        ALTER TABLE "platform_users" ATTACH PARTITION "platform_users_old" DEFAULT;`)[0],
    ).toContain('renames');
  });

  it('accepts a later drop of what the previous release no longer reads only with the contract raised', () => {
    const drop = 'ALTER TABLE "platform_users" DROP COLUMN "legacy";';
    expect(violations(drop)[0]).toContain('without raising the schema contract to level 31');
    const raise = `INSERT INTO "hub_settings" ("key", "value") VALUES ('schema_contract', '{"min_level": 31}')
      ON CONFLICT ("key") DO UPDATE SET "value" = excluded."value";`;
    expect(violations(`${drop}--> statement-breakpoint\n${raise}`)).toEqual([]);
  });

  it('fails the script on a migration folder whose new migration drops a column', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'hub-migrations-'));
    try {
      cpSync(path.join(root, 'drizzle'), dir, { recursive: true });
      const journalPath = path.join(dir, 'meta', '_journal.json');
      const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: object[] };
      journal.entries.push({ idx: 999, version: '7', when: 9999999999999, tag: '0999_drop_name', breakpoints: true });
      writeFileSync(journalPath, JSON.stringify(journal));
      writeFileSync(path.join(dir, '0999_drop_name.sql'), 'ALTER TABLE "platform_users" DROP COLUMN "full_name";');
      const failed = await run(process.execPath, ['--import', 'tsx', 'scripts/check-migrations.ts', '--folder', dir], {
        cwd: root,
      }).then(
        () => null,
        (e: { code: number; stderr: string }) => e,
      );
      expect(failed?.code).toBe(1);
      expect(failed?.stderr).toContain('0999_drop_name: drops column platform_users.full_name');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
