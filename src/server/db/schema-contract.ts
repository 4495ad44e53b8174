/**
 * Rolling upgrades (issue 45): releases N and N+1 share one database while nodes are replaced
 * one by one, so migrations follow expand/contract (docs/development.md, scripts/check-migrations.ts).
 *
 * - A node's schema level is the number of migrations it ships (drizzle/meta/_journal.json).
 * - A database newer than the node (a newer node migrated it) is fine while the change was an
 *   expansion: drizzle applies nothing older than the newest applied migration.
 * - A contracting migration (one that drops what an older release still reads) raises the
 *   database's contract, `hub_settings.schema_contract = {"min_level": N}`, in its own SQL; a node
 *   whose level is below it refuses to start with a message saying so, before it touches anything.
 * - Every node records the level it expects (`schema_expectation:<level>`), so an operator can see
 *   which releases still start against the database before shipping a contraction.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database, Db } from './client';
import { rows } from './client';
import { MIGRATIONS_FOLDER } from './migrate';
import { upsertSetting } from './settings-queries';

export interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

/** The migrations this node ships, oldest first (the journal drizzle-kit writes). */
export function readJournal(folder = MIGRATIONS_FOLDER): JournalEntry[] {
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  return journal.entries;
}

export interface SchemaState {
  /** This node's level: how many migrations it ships. */
  nodeLevel: number;
  /** How many migrations the database has applied (0 for an empty database). */
  databaseLevel: number;
  /** The `when` of the newest applied migration (drizzle compares these), or null. */
  newestAppliedMillis: number | null;
  /** The lowest node level the database accepts (0: no contraction yet). */
  minLevel: number;
  /** The migrations the next start of this node would apply, oldest first. */
  pending: JournalEntry[];
  /** Levels of the nodes that have started against this database, with their last start. */
  expectations: { level: number; newest: string; lastStartedAt: string }[];
}

/** A node older than the database's contract; the message tells the operator what to do. */
export class SchemaContractError extends Error {
  constructor(readonly state: SchemaState) {
    super(
      `This hub release expects schema level ${state.nodeLevel}, but the database requires level ` +
        `${state.minLevel} or newer: a newer release has removed columns or tables this one still reads. ` +
        'Start the newer release on this node (see docs/operating.md, "Upgrades").',
    );
    this.name = 'SchemaContractError';
  }
}

async function tableExists(db: Db, name: string): Promise<boolean> {
  const [row] = await rows<{ found: boolean }>(db, sql`select to_regclass(${name}) is not null as found`);
  return row?.found === true;
}

/** What the database holds and what this node would do to it; reads only. */
export async function readSchemaState(database: Database, journal = readJournal()): Promise<SchemaState> {
  const { db } = database;
  let databaseLevel = 0;
  let newestAppliedMillis: number | null = null;
  if (await tableExists(db, 'drizzle.__drizzle_migrations')) {
    const [row] = await rows<{ n: number; at: string | null }>(
      db,
      sql`select count(*)::int as n, max(created_at)::text as at from drizzle.__drizzle_migrations`,
    );
    databaseLevel = row?.n ?? 0;
    newestAppliedMillis = row?.at ? Number(row.at) : null;
  }
  let minLevel = 0;
  const expectations: SchemaState['expectations'] = [];
  if (await tableExists(db, 'public.hub_settings')) {
    const settings = await rows<{ key: string; value: Record<string, unknown>; at: string }>(
      db,
      sql`select key, value, updated_at::text as at from hub_settings
          where key = 'schema_contract' or key like 'schema_expectation:%' order by key`,
    );
    for (const s of settings) {
      if (s.key === 'schema_contract') minLevel = Number(s.value.min_level) || 0;
      else expectations.push({ level: Number(s.value.level), newest: String(s.value.newest), lastStartedAt: s.at });
    }
  }
  expectations.sort((a, b) => a.level - b.level);
  const pending = journal.filter((m) => newestAppliedMillis === null || m.when > newestAppliedMillis);
  return { nodeLevel: journal.length, databaseLevel, newestAppliedMillis, minLevel, pending, expectations };
}

/** Refuses a node older than the database's contract; run before migrations. */
export async function checkSchemaContract(database: Database): Promise<SchemaState> {
  const state = await readSchemaState(database);
  if (state.nodeLevel < state.minLevel) throw new SchemaContractError(state);
  return state;
}

/** After migrations: this node's level, so `migrate --check` can list which releases still start here. */
export async function recordSchemaExpectation(database: Database, journal = readJournal()): Promise<void> {
  const newest = journal.at(-1)?.tag ?? '';
  await upsertSetting(
    database.db,
    `schema_expectation:${journal.length}`,
    { level: journal.length, newest },
    new Date(),
  );
}

/** The report of `npm run hub -- migrate --check`, one line per fact. */
export function describeSchemaState(state: SchemaState): string[] {
  const lines = [
    `This release ships ${state.nodeLevel} migrations (schema level ${state.nodeLevel}); ` +
      `the database has applied ${state.databaseLevel}.`,
  ];
  if (state.nodeLevel < state.minLevel) {
    lines.push(`The next start would REFUSE: the database requires level ${state.minLevel} or newer.`);
  } else if (state.pending.length === 0) {
    lines.push(
      state.databaseLevel > state.nodeLevel
        ? 'The next start would apply nothing: a newer release migrated this database (compatible: expand only).'
        : 'The next start would apply nothing: the database is up to date.',
    );
  } else {
    lines.push(`The next start would apply ${state.pending.length} migration(s):`);
    for (const m of state.pending) lines.push(`  ${m.tag}`);
  }
  lines.push(
    state.minLevel > 0
      ? `Contract: nodes need schema level ${state.minLevel} or newer.`
      : 'Contract: any release that knows these migrations may start (no contraction yet).',
  );
  for (const e of state.expectations) {
    lines.push(`Seen: a level-${e.level} node (newest migration ${e.newest}) last started ${e.lastStartedAt}.`);
  }
  return lines;
}
