/**
 * Expand/contract (docs/development.md, "Migrations"): release N and N+1 run side by side on one
 * database during a rolling upgrade, so a migration newer than the last release may only add —
 * tables, nullable columns (or with a default), indexes. What release N still reads stays until
 * the release after the one that stopped reading it; that later migration drops it and raises the
 * database's contract (src/server/db/schema-contract.ts) so nodes older than release N refuse to start.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

export interface ReleaseSchema {
  /** How many migrations the release ships (its schema level). */
  level: number;
  /** `when` of each of its migrations: the ones not among them are newer than the release. */
  whens: Set<number>;
  /** Tables and their columns as the release's newest drizzle snapshot describes them. */
  tables: Map<string, Set<string>>;
}

export interface Migration {
  tag: string;
  when: number;
  sql: string;
}

interface Snapshot {
  tables: Record<string, { name: string; columns: Record<string, unknown> }>;
}
interface Journal {
  entries: { idx: number; when: number; tag: string }[];
}

function git(root: string, args: string[]): string {
  return execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** The previous release's migrations and schema, read from this clone's history (no tag needed). */
export function readReleaseSchema(root: string, commit: string): ReleaseSchema {
  let journal: Journal;
  try {
    journal = JSON.parse(git(root, ['show', `${commit}:drizzle/meta/_journal.json`])) as Journal;
  } catch {
    throw new Error(
      `The previous release's commit ${commit} (.ci/previous-release) is not in this clone's history; ` +
        'fetch it (git fetch --unshallow) and run the check again.',
    );
  }
  const newest = journal.entries.at(-1)!;
  const snapshotPath = `drizzle/meta/${String(newest.idx).padStart(4, '0')}_snapshot.json`;
  const snapshot = JSON.parse(git(root, ['show', `${commit}:${snapshotPath}`])) as Snapshot;
  return {
    level: journal.entries.length,
    whens: new Set(journal.entries.map((e) => e.when)),
    tables: new Map(Object.values(snapshot.tables).map((t) => [t.name, new Set(Object.keys(t.columns))])),
  };
}

export function readMigrations(folder: string): Migration[] {
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as Journal;
  return journal.entries.map((e) => ({
    tag: e.tag,
    when: e.when,
    sql: readFileSync(path.join(folder, `${e.tag}.sql`), 'utf8'),
  }));
}

const NAME = String.raw`(?:"([^"]+)"|([a-z_][a-z0-9_]*))`;
const name = (m: RegExpMatchArray, at: number) => m[at] ?? m[at + 1] ?? '';

function statements(sqlText: string): string[] {
  return sqlText
    .replace(/--[^\n]*/g, '')
    .split(/;|--> statement-breakpoint/)
    .map((s) => s.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

/** The contract level a migration raises the database to (`schema_contract` … `"min_level": N`), or 0. */
function raisedContract(sqlText: string): number {
  if (!sqlText.includes("'schema_contract'")) return 0;
  const m = /"min_level"\s*:\s*(\d+)/.exec(sqlText);
  return m ? Number(m[1]) : 0;
}

/**
 * The names (new ones) a migration may rename a table and its indexes to because it turns the table into a
 * partitioned one in place: `ALTER TABLE x RENAME TO y`, a partitioned table created as `x`
 * (`CREATE TABLE x (…) PARTITION BY …`) and `y` attached to it as a partition. The previous release goes
 * on reading and writing `x` by name, so neither rename breaks it. That `x` keeps the same columns is the
 * migration's to hold (drizzle's snapshot does not know partitions): the rolling-upgrade test runs the
 * previous release against it.
 */
function partitionedInPlace(sqlText: string, all: string[]): Set<string> {
  const out = new Set<string>();
  for (const s of all) {
    const m = new RegExp(String.raw`^ALTER TABLE ${NAME} RENAME TO ${NAME}$`, 'i').exec(s);
    if (!m) continue;
    const [from, to] = [name(m, 1), name(m, 3)];
    const quoted = (n: string) => String.raw`(?:"${n}"|${n}\b)`;
    const partitioned = all.some((c) =>
      new RegExp(String.raw`^CREATE TABLE ${quoted(from)} \(.*\) PARTITION BY (?:RANGE|LIST|HASH)\b`, 'i').test(c),
    );
    const attached = new RegExp(String.raw`ATTACH PARTITION ${quoted(to)}`, 'i').test(sqlText);
    if (partitioned && attached) out.add(to);
  }
  return out;
}

/** A rename partitionedInPlace allows: of the table to `y`, or of one of its indexes to `y_…`. */
function isPartitioningRename(s: string, allowed: Set<string>): boolean {
  const m = new RegExp(String.raw`^ALTER (TABLE|INDEX) ${NAME} RENAME TO ${NAME}$`, 'i').exec(s);
  if (!m) return false;
  const to = name(m, 4);
  return [...allowed].some((y) => (m[1]!.toUpperCase() === 'TABLE' ? to === y : to.startsWith(`${y}_`)));
}

/** What in `migration` breaks a node of `previous` running beside it; empty when nothing does. */
export function contractViolations(migration: Migration, previous: ReleaseSchema): string[] {
  const out: string[] = [];
  const contract = raisedContract(migration.sql);
  const at = `${migration.tag}:`;
  const dropOf = (what: string, isRead: boolean) => {
    if (isRead) out.push(`${at} drops ${what}, which the previous release still reads (drop it in the release after)`);
    else if (contract < previous.level)
      out.push(
        `${at} drops ${what} without raising the schema contract to level ${previous.level} (schema_contract min_level)`,
      );
  };
  const all = statements(migration.sql);
  const partitioning = partitionedInPlace(migration.sql, all);
  for (const s of all) {
    const table = new RegExp(String.raw`^ALTER TABLE (?:IF EXISTS )?(?:ONLY )?(?:${NAME}\.)?${NAME}`, 'i').exec(s);
    const tableName = table ? name(table, 3) : '';
    const columns = previous.tables.get(tableName);
    let m: RegExpExecArray | null;
    if (/\bRENAME\b/i.test(s) && !isPartitioningRename(s, partitioning)) {
      out.push(`${at} renames (${s.slice(0, 80)}): add the new name, write both, drop the old one a release later`);
    } else if ((m = new RegExp(String.raw`^DROP TABLE (?:IF EXISTS )?(?:${NAME}\.)?${NAME}`, 'i').exec(s))) {
      const dropped = name(m, 3);
      dropOf(`table ${dropped}`, previous.tables.has(dropped));
    } else if (table && (m = new RegExp(String.raw`DROP COLUMN (?:IF EXISTS )?${NAME}`, 'i').exec(s))) {
      const column = name(m, 1);
      dropOf(`column ${tableName}.${column}`, columns?.has(column) ?? false);
    } else if (table && columns && /ALTER COLUMN .* (?:SET DATA )?TYPE /i.test(s)) {
      out.push(`${at} changes a column's type on ${tableName}: add a new column instead`);
    } else if (table && columns && (m = new RegExp(String.raw`ALTER COLUMN ${NAME} SET NOT NULL`, 'i').exec(s))) {
      out.push(`${at} makes ${tableName}.${name(m, 1)} NOT NULL: the previous release may write rows without it`);
    } else if (table && columns && /ADD COLUMN .* NOT NULL/i.test(s) && !/\bDEFAULT\b/i.test(s)) {
      out.push(
        `${at} adds a NOT NULL column without a default to ${tableName}: the previous release's inserts would fail`,
      );
    }
  }
  return out;
}

/** Every violation of the migrations newer than the previous release. */
export function checkMigrations(migrations: Migration[], previous: ReleaseSchema): string[] {
  return migrations.filter((m) => !previous.whens.has(m.when)).flatMap((m) => contractViolations(m, previous));
}
