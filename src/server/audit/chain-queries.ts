import { and, eq, getTableColumns, gt, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { preparedRows, rows, statementNamer } from '../db/client';
import { auditChainHead, auditLogs, type AuditLogRow } from '../db/schema/index';
import { compileWrites, type Write } from '../db/writes';
import { CHAIN_SPAN, chainRowId, type HeadPosition } from './chain';
import { hasCauseCode } from '../error-causes';

/** The anchor row as stored: its position and the MAC over it. */
export interface StoredHead extends HeadPosition {
  mac: string;
}

const { id: _chainId, updatedAt: _updatedAt, ...STORED_HEAD } = getTableColumns(auditChainHead);

/** Reads a chain's anchor; `forUpdate` locks it until the transaction ends (this is the append lock). */
export async function readHead(db: DbOrTx, chainId: number, forUpdate = false): Promise<StoredHead | undefined> {
  const query = db.select(STORED_HEAD).from(auditChainHead).where(eq(auditChainHead.id, chainId));
  const [head] = forUpdate ? await query.for('update') : await query;
  return head;
}

/** Every chain's anchor in ONE statement, so they are one snapshot (verification, checkpoints). */
export async function readAllHeads(db: DbOrTx): Promise<(StoredHead & { chainId: number })[]> {
  return db
    .select({ ...STORED_HEAD, chainId: auditChainHead.id })
    .from(auditChainHead)
    .orderBy(auditChainHead.id);
}

/** Creates the anchor unless another process already did (then theirs stands). */
export async function insertHeadIfMissing(db: DbOrTx, chainId: number, h: StoredHead, now: Date): Promise<void> {
  await db
    .insert(auditChainHead)
    .values({ ...h, id: chainId, updatedAt: now })
    .onConflictDoNothing({ target: auditChainHead.id });
}

/** Overwrites the whole anchor (re-seal, retention, cleanup); the caller holds the row lock. */
export async function writeHead(db: DbOrTx, chainId: number, h: StoredHead, now: Date): Promise<void> {
  await db
    .update(auditChainHead)
    .set({ ...h, updatedAt: now })
    .where(eq(auditChainHead.id, chainId));
}

/** `id` within chain `chainId`'s range (seq ≥ 1): every per-chain query bounds its index scan with it. */
function inChain(chainId: number) {
  return sql`id > ${chainRowId(chainId, 0)} and id < ${chainRowId(chainId + 1, 0)}`;
}

/**
 * The audit_logs columns as the schema declares them, in table order. The chain's appends are
 * string SQL (a batch is one jsonb parameter unpacked by jsonb_to_recordset, see appendStatement),
 * so they take their column lists from here: a column added to the schema reaches the insert
 * list, the record definition and each row's JSON at once, and a PendingRow without it does not
 * compile.
 */
const COLUMNS = Object.entries(getTableColumns(auditLogs)).map(([key, column]) => {
  const type = column.getSQLType();
  return {
    key: key as keyof AuditLogRow,
    name: column.name,
    // A record definition takes a type, not a column default: a bigserial is a bigint with a sequence.
    recordType: type === 'bigserial' ? 'bigint' : type,
    isJson: column.dataType === 'json',
  };
});

/** `id, occurred_at, …, hash`: the insert and select list of a chain statement. */
const AUDIT_LOG_COLUMN_LIST = sql.raw(COLUMNS.map((c) => c.name).join(', '));

/** `id bigint, occurred_at timestamp with time zone, …`: the jsonb_to_recordset record definition. */
const AUDIT_LOG_RECORD_DEFINITION = sql.raw(COLUMNS.map((c) => `${c.name} ${c.recordType}`).join(', '));

const JSON_FIELDS = COLUMNS.map((c) => ({ key: c.key, prefix: `${JSON.stringify(c.name)}:`, isJson: c.isJson }));

/**
 * One row as an element of the batch's JSON, keyed by column name. `details` (the jsonb column)
 * goes in as the canonical JSON the row's MAC was computed over, which the caller has built
 * already; a Date becomes its ISO string (Date.toJSON).
 */
export function toRowJson(row: AuditLogRow, detailsJson: string): string {
  let out = '';
  for (const f of JSON_FIELDS) {
    out += `${out ? ',' : '{'}${f.prefix}${f.isJson ? detailsJson : JSON.stringify(row[f.key])}`;
  }
  return `${out}}`;
}

/** The newest row of a chain, whatever its kind (the tip a seal pins). */
export async function findNewestRow(db: DbOrTx, chainId: number): Promise<{ id: number; hash: string } | undefined> {
  const [r] = await rows<{ id: string | number; hash: string }>(
    db,
    sql`select id, hash from audit_logs where ${inChain(chainId)} order by id desc limit 1`,
  );
  return r ? { id: Number(r.id), hash: r.hash } : undefined;
}

/**
 * Appends a batch and moves the anchor in ONE statement (one round trip, one commit when not
 * inside a caller's transaction). The UPDATE's WHERE names only the row, so a second batch sent
 * while the first is still committing waits on the row lock instead of missing it; the CASEs then
 * compare the anchor as it is *after* that wait with the one this batch was built on. Only
 * when they match does the head move and do the rows (and the unit's writes) go in; otherwise
 * nothing is written and `ok` is false (or no row comes back when there is no anchor).
 */
export async function appendStatement(
  db: DbOrTx,
  input: {
    chainId: number;
    expectedMac: string;
    next: StoredHead;
    rowsJson: string;
    now: Date;
    writes: readonly Write[];
  },
): Promise<boolean> {
  const { expectedMac: prev, next, now } = input;
  const { following: writes, where } = compileWrites(input.writes, APPEND_WENT_THROUGH);
  const result = await rows<{ ok: boolean }>(
    db,
    sql`with moved as (
      update audit_chain_head set
        last_id = case when mac = ${prev} then ${next.lastId}::bigint else last_id end,
        last_hash = case when mac = ${prev} then ${next.lastHash} else last_hash end,
        updated_at = case when mac = ${prev} then ${now.toISOString()}::timestamptz else updated_at end,
        key_id = case when mac = ${prev} then ${next.keyId}::text else key_id end,
        mac = case when mac = ${prev} then ${next.mac} else mac end
      where id = ${input.chainId}
      returning mac = ${next.mac} as ok
    ), appended as (
      insert into audit_logs (${AUDIT_LOG_COLUMN_LIST})
      select ${AUDIT_LOG_COLUMN_LIST}
      from jsonb_to_recordset(${input.rowsJson}::jsonb) as x(${AUDIT_LOG_RECORD_DEFINITION})
      where (select ok from moved)
    )${writes}
    select ok from moved${where}`,
  );
  return result[0]?.ok === true;
}

/** The guard of the unit's writes in the locked statement: true only when the append goes through. */
const APPEND_WENT_THROUGH = sql.raw('(select ok from moved)');

/**
 * The advisory-lock class (first key) of chain 0's pipelined appends' tickets; chain k's is this
 * plus k, so batches of different chains never wait for each other. The second key is the
 * position a batch ends at, folded into an int as ticketOf does. audit_chain_advance (migration
 * 0032) waits on the same class and fold, spelled there as literals:
 * tests/server/audit/chain-statements.test.ts holds the two equal.
 */
export const AUDIT_TICKET_LOCK_CLASS = 1752523361;
const ticketOf = (id: number) => sql`(${id}::bigint % 2147483647)::int`;

/**
 * The pipelined append (no caller transaction): several batches may be in flight at once, each
 * built on the head the previous one will leave. In order, in one statement: take this batch's
 * ticket (the position it ends at), insert its rows and the unit's writes — in parallel with the batch
 * before it — then audit_chain_advance (migration 0004) waits for that batch's ticket and moves
 * the anchor only if it is exactly where this batch was built, or fails the whole statement with
 * 40001. The anchor's row lock is held only from the move to the commit.
 */
export async function pipelinedAppendStatement(
  db: DbOrTx,
  input: {
    chainId: number;
    from: StoredHead;
    next: StoredHead;
    rowsJson: string;
    now: Date;
    writes: readonly Write[];
  },
): Promise<void> {
  const { from, next, chainId } = input;
  const { following: writes, names, where } = compileWrites(input.writes, sql`true`);
  // Every CTE is read to its end before the anchor moves, in one FROM item: the writes' counts as
  // a one-time filter of the aggregate over `appended` (an aggregate is never pulled up into the
  // outer query, and a filter is never dropped). A FROM item per CTE made the planner join them
  // all, and planning grew faster than the batch (~10 ms for six code exchanges).
  const read = names.length
    ? sql.raw(` where ${names.map((n) => `(select count(*) from ${n})`).join(' + ')} >= 0`)
    : sql``;
  const statement = sql`with ticket as materialized (
      select pg_advisory_xact_lock(${AUDIT_TICKET_LOCK_CLASS + chainId}, ${ticketOf(next.lastId)}) as t
    ), appended as (
      insert into audit_logs (${AUDIT_LOG_COLUMN_LIST})
      select ${AUDIT_LOG_COLUMN_LIST}
      from ticket, jsonb_to_recordset(${input.rowsJson}::jsonb) as x(${AUDIT_LOG_RECORD_DEFINITION})
      returning 1
    )${writes}
    select audit_chain_advance(${chainId}::smallint, ${from.lastId}::bigint, ${from.mac},
      ${next.lastId}::bigint, ${next.lastHash}, ${next.mac}, ${input.now.toISOString()}::timestamptz)
    from (select count(*) from appended${read}) a${where}`;
  // A batch's text depends only on the writes it carries (its rows are one parameter), so the
  // shapes repeat — a batch of grants alone, of n code exchanges, of sign-ins: each is named, and
  // PostgreSQL parses and plans it once per connection.
  await preparedRows(db, APPEND_NAMES, statement);
}

/** The pipelined append's shapes, named (db/client.ts statementNamer). */
const APPEND_NAMES = statementNamer('audit_chain_append');

/** SQLSTATEs that mean "another append got there first": the batch is redone under the row lock. */
const CONFLICT_CODES = new Set(['40001', '40P01', '23505', '55P03']);

export function isChainConflict(e: unknown): boolean {
  return hasCauseCode(e, (code) => CONFLICT_CODES.has(code));
}

/** Rows of the chain after `afterId` up to `upToId`, in chain order (verification pages). */
export async function findChainPage(db: DbOrTx, afterId: number, upToId: number, limit: number) {
  return db
    .select()
    .from(auditLogs)
    .where(and(gt(auditLogs.id, afterId), lte(auditLogs.id, upToId)))
    .orderBy(auditLogs.id)
    .limit(limit);
}

/** The first key-epoch crossing in a chain after `afterId` up to `upToId` (verification's starting epoch). */
export async function findFirstEpochRow(db: DbOrTx, afterId: number, upToId: number) {
  const [row] = await db
    .select({ id: auditLogs.id, details: auditLogs.details })
    .from(auditLogs)
    .where(and(gt(auditLogs.id, afterId), lte(auditLogs.id, upToId), eq(auditLogs.eventType, 'audit_key_epoch')))
    .orderBy(auditLogs.id)
    .limit(1);
  return row;
}

/** Rows of a chain its anchor does not account for: beyond its head, or at/below its base. One snapshot. */
export async function findRowsOutsideHead(
  db: DbOrTx,
  chainId: number,
): Promise<{ beyond: number | null; below: number | null }> {
  const start = chainRowId(chainId, 0);
  const end = chainRowId(chainId + 1, 0);
  const [r] = await rows<{ beyond: string | number | null; below: string | number | null }>(
    db,
    sql`select (select min(a.id) from audit_logs a where a.id > h.last_id and a.id < ${end}) as beyond,
               (select max(a.id) from audit_logs a where a.id <= h.base_id and a.id >= ${start}) as below
          from audit_chain_head h where h.id = ${chainId}`,
  );
  return {
    beyond: r?.beyond == null ? null : Number(r.beyond),
    below: r?.below == null ? null : Number(r.below),
  };
}

/** The hash of one row, or undefined when it is gone. */
export async function findRowHash(db: DbOrTx, id: number): Promise<string | undefined> {
  const [r] = await rows<{ hash: string }>(db, sql`select hash from audit_logs where id = ${id}`);
  return r?.hash;
}

/** Retention and cleanup: deletes every row of `lastId`'s chain up to `lastId`; returns how many went. */
export async function deleteChainRowsUpTo(db: DbOrTx, lastId: number): Promise<number> {
  const start = lastId - (lastId % CHAIN_SPAN);
  const [r] = await rows<{ n: string | number }>(
    db,
    sql`with gone as (delete from audit_logs where id >= ${start} and id <= ${lastId} returning 1)
        select count(*) as n from gone`,
  );
  return Number(r?.n ?? 0);
}

/**
 * The first chain at or after `fromChain` that has rows, by a jump through the primary key (a
 * loose index scan: one probe per chain), so verification finds rows whose chain has no anchor.
 */
export async function findNextChainWithRows(db: DbOrTx, fromChain: number): Promise<number | null> {
  const [r] = await rows<{ id: string | number | null }>(
    db,
    sql`select min(id) as id from audit_logs where id > ${chainRowId(fromChain, 0)}`,
  );
  return r?.id == null ? null : Math.floor(Number(r.id) / CHAIN_SPAN);
}
