import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../../../src/server/db/schema/index';
import { rows } from '../../../src/server/db/client';
import { TEST_DATABASES } from '../../helpers/test-hub';
import { useTestHub } from '../../helpers/use-test-hub';

/**
 * Query modules by table (issue 26, point 6): "where is this table written?" has one answer.
 * Every write to a table, as a Drizzle builder (`.insert(t)`, `.update(t)`, `.delete(t)`) or as
 * SQL text (`insert into`, `update`, `delete from`, `truncate`), lives in one query module
 * (`*queries*.ts`, or a file of a `queries/` folder split by table), its owner; other modules call
 * the owner (a companion statement included).
 */

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SERVER = join(ROOT, 'src/server');

/**
 * Writes outside a table's owner, each with its reason. The test fails when one is no longer
 * seen, so this list only shrinks.
 */
const SHARED_WRITES: { table: string; module: string; why: string }[] = [
  {
    table: 'auth_sessions',
    module: 'src/server/oauth/queries.ts',
    why:
      'the code exchange (codeExchangeWrite): one statement consumes the code and inserts its app session ' +
      "and refresh token, so a code's consume and its session cannot part",
  },
  {
    table: 'auth_sessions',
    module: 'src/server/oauth/device/queries.ts',
    why:
      'RFC 8628: one conditional statement consumes the approved device code and inserts its app session, ' +
      'so a code issues tokens once across nodes',
  },
  {
    table: 'oauth_refresh_tokens',
    module: 'src/server/oauth/device/queries.ts',
    why: 'the same statement as the device code consumption inserts its refresh token (as the code exchange does)',
  },
  {
    table: 'oauth_clients',
    module: 'src/server/oauth/registration/queries.ts',
    why:
      'RFC 7591/7592: a dynamic registration writes its client with its registration columns and spends ' +
      'the initial access token in one statement',
  },
  {
    table: 'auth_sessions',
    module: 'src/server/oauth/registration/queries.ts',
    why: "RFC 7592 delete and the expiry of unused registrations end the client's sessions with the client, in one statement",
  },
  {
    table: 'oauth_consents',
    module: 'src/server/oauth/registration/queries.ts',
    why: "the same delete removes the dynamic client's consents",
  },
  {
    table: 'platform_users',
    module: 'src/server/account/erasure-queries.ts',
    why: "issue 41 erasure: the account row is deleted last, in the erasure's one transaction over every personal table",
  },
  {
    table: 'webhook_deliveries',
    module: 'src/server/account/erasure-queries.ts',
    why: "issue 41 erasure: the person's email is taken out of stored webhook payloads in the same transaction",
  },
];

const TABLES = new Map(
  Object.entries(schema).flatMap(([name, value]) => (is(value, PgTable) ? [[name, getTableName(value)] as const] : [])),
);
const TABLE_NAMES = new Set<string>(TABLES.values());

/** Comments may name a write ("delete from x") without making one. */
function stripComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
}

/** The tables a source text writes to. */
function writtenTables(source: string): Set<string> {
  const code = stripComments(source);
  const found = new Set<string>();
  for (const m of code.matchAll(/\.(?:insert|update|delete)\(\s*(?:\w+\.)?(\w+)\s*\)/g)) {
    const table = TABLES.get(m[1]);
    if (table) found.add(table);
  }
  for (const m of code.matchAll(
    /\b(?:insert\s+into|update|delete\s+from|truncate(?:\s+table)?)\s+(?:\$\{\s*(?:\w+\.)?(\w+)\s*\}|"?(\w+)"?)/gi,
  )) {
    const table = m[1] ? TABLES.get(m[1]) : m[2];
    if (table && TABLE_NAMES.has(table)) found.add(table);
  }
  return found;
}

function listSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return listSources(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** `*queries*.ts`, or a file of a `queries/` folder (orgs/queries/members.ts). */
function isQueryModule(module: string): boolean {
  return /(queries[^/]*|\/queries\/[^/]+)\.ts$/.test(module);
}

/** table → the modules that write it, over all of src/server. */
function findWriters(): Map<string, string[]> {
  const writers = new Map<string, string[]>();
  for (const file of listSources(SERVER)) {
    const module = relative(ROOT, file).split('\\').join('/');
    for (const table of writtenTables(readFileSync(file, 'utf8'))) {
      writers.set(table, [...(writers.get(table) ?? []), module].sort());
    }
  }
  return writers;
}

describe('query modules by table', () => {
  const writers = findWriters();
  const isShared = (table: string, module: string) =>
    SHARED_WRITES.some((w) => w.table === table && w.module === module);

  it('recognises a write in every spelling the code uses, and nothing else', () => {
    expect([...writtenTables('await db.insert(oneTimeTokens).values(v);')]).toEqual(['one_time_tokens']);
    expect([...writtenTables('db\n  .update(\n    schema.authSessions)\n  .set({})')]).toEqual(['auth_sessions']);
    expect([...writtenTables('tx.delete(mfaTotp)')]).toEqual(['mfa_totp']);
    expect([...writtenTables('sql`insert into ${authSessions} (id) select 1`')]).toEqual(['auth_sessions']);
    expect([...writtenTables('sql`with d as (delete from auth_sessions returning 1) select 1`')]).toEqual([
      'auth_sessions',
    ]);
    expect([...writtenTables('sql`UPDATE platform_users SET last_login_at = now()`')]).toEqual(['platform_users']);
    expect([...writtenTables('sql`truncate table "sign_in_attempts"`')]).toEqual(['sign_in_attempts']);
    for (const notAWrite of [
      'db.select().from(authSessions)',
      "db.select().from(platformUsers).for('update')",
      '.onConflictDoUpdate({ target: mfaTotp.userId, set: {} })',
      'sql`insert into x values (1) on conflict (k) do update set n = 1`',
      'sql`select 1 from auth_sessions for update of auth_sessions`',
      '// update auth_sessions here\n/* delete from platform_users */',
    ]) {
      expect([...writtenTables(notAWrite)], notAWrite).toEqual([]);
    }
  });

  it('writes every table from query modules only', () => {
    const outside = [...writers].flatMap(([table, modules]) =>
      modules.filter((m) => !isQueryModule(m)).map((m) => `${table} ← ${m}`),
    );
    expect(outside).toEqual([]);
  });

  it('writes every table from exactly one module, apart from the listed shared writes', () => {
    const owners = Object.fromEntries(
      [...TABLE_NAMES].sort().map((table) => [table, (writers.get(table) ?? []).filter((m) => !isShared(table, m))]),
    );
    const notOwnedOnce = Object.entries(owners).filter(([, modules]) => modules.length !== 1);
    expect(notOwnedOnce).toEqual([]);
  });

  it('lists only shared writes that still happen', () => {
    const stale = SHARED_WRITES.filter((w) => !writers.get(w.table)?.includes(w.module));
    expect(stale).toEqual([]);
  });
});

/** The scan knows a table only through the schema; a table made by a migration alone would escape it. */
describe.each(TEST_DATABASES)('the schema lists every table of the database [%s]', (kind) => {
  const t = useTestHub(kind);

  it('has a schema table for every table the migrations create', async () => {
    const found = await rows<{ table_name: string }>(
      t.hub.db,
      // A partition (audit_logs' months) is its parent's table, not one of its own.
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'
            and not (select relispartition from pg_class where oid = to_regclass(quote_ident(table_name)))`,
    );
    const missing = found.map((r) => r.table_name).filter((name) => !TABLE_NAMES.has(name));
    expect(missing).toEqual([]);
  });
});
