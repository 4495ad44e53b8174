import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { rows } from '../db/client';
import { compileWrites, type Write } from '../db/writes';
import type { HeadPosition } from './chain';

/** The anchor row as stored: its position and the MAC over it. */
export interface StoredHead extends HeadPosition {
  mac: string;
}

interface HeadRow {
  last_id: string | number;
  last_hash: string;
  base_id: string | number;
  base_hash: string;
  legacy_last_id: string | number;
  legacy_last_hash: string;
  sealed_at: string | Date;
  mac: string;
}

const HEAD_COLUMNS = sql.raw(
  'last_id, last_hash, base_id, base_hash, legacy_last_id, legacy_last_hash, sealed_at, mac',
);

function toHead(r: HeadRow | undefined): StoredHead | undefined {
  if (!r) return undefined;
  return {
    lastId: Number(r.last_id),
    lastHash: r.last_hash,
    baseId: Number(r.base_id),
    baseHash: r.base_hash,
    legacyLastId: Number(r.legacy_last_id),
    legacyLastHash: r.legacy_last_hash,
    sealedAt: new Date(r.sealed_at),
    mac: r.mac,
  };
}

/** Reads the anchor; `forUpdate` locks it until the transaction ends (this is the append lock). */
export async function readHead(db: DbOrTx, forUpdate = false): Promise<StoredHead | undefined> {
  const lock = forUpdate ? sql`for update` : sql``;
  return toHead((await rows<HeadRow>(db, sql`select ${HEAD_COLUMNS} from audit_chain_head where id = 1 ${lock}`))[0]);
}

/** Creates the anchor unless another process already did (then theirs stands). */
export async function insertHeadIfMissing(db: DbOrTx, h: StoredHead, now: Date): Promise<void> {
  await db.execute(sql`
    insert into audit_chain_head (id, last_id, last_hash, base_id, base_hash, legacy_last_id, legacy_last_hash, sealed_at, mac, updated_at)
    values (1, ${h.lastId}, ${h.lastHash}, ${h.baseId}, ${h.baseHash}, ${h.legacyLastId}, ${h.legacyLastHash},
            ${h.sealedAt.toISOString()}::timestamptz, ${h.mac}, ${now.toISOString()}::timestamptz)
    on conflict (id) do nothing`);
}

/** Overwrites the whole anchor (re-seal, retention, cleanup); the caller holds the row lock. */
export async function writeHead(db: DbOrTx, h: StoredHead, now: Date): Promise<void> {
  await db.execute(sql`
    update audit_chain_head set last_id = ${h.lastId}, last_hash = ${h.lastHash}, base_id = ${h.baseId},
      base_hash = ${h.baseHash}, legacy_last_id = ${h.legacyLastId}, legacy_last_hash = ${h.legacyLastHash},
      sealed_at = ${h.sealedAt.toISOString()}::timestamptz, mac = ${h.mac}, updated_at = ${now.toISOString()}::timestamptz
    where id = 1`);
}

/** The newest row, whatever its kind (the tip a seal pins). */
export async function findNewestRow(db: DbOrTx): Promise<{ id: number; hash: string } | undefined> {
  const [r] = await rows<{ id: string | number; hash: string }>(
    db,
    sql`select id, hash from audit_logs order by id desc limit 1`,
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
  input: { expectedMac: string; next: StoredHead; rowsJson: string; now: Date; writes: readonly Write[] },
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
        mac = case when mac = ${prev} then ${next.mac} else mac end
      where id = 1
      returning mac = ${next.mac} as ok
    ), appended as (
      insert into audit_logs (id, occurred_at, event_type, severity, user_id, session_id, ip_address, user_agent, request_id, source, details, prev_hash, hash)
      select id, occurred_at, event_type, severity, user_id, session_id, ip_address, user_agent, request_id, source, details, prev_hash, hash
      from jsonb_to_recordset(${input.rowsJson}::jsonb) as x(id bigint, occurred_at timestamptz, event_type text, severity text,
        user_id uuid, session_id text, ip_address text, user_agent text, request_id text, source text, details jsonb, prev_hash text, hash text)
      where (select ok from moved)
    )${writes}
    select ok from moved${where}`,
  );
  return result[0]?.ok === true;
}

/** The guard of the unit's writes in the locked statement: true only when the append goes through. */
const APPEND_WENT_THROUGH = sql.raw('(select ok from moved)');

const AUDIT_TICKET_CLASS = 1752523361;
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
  input: { from: StoredHead; next: StoredHead; rowsJson: string; now: Date; writes: readonly Write[] },
): Promise<void> {
  const { from, next } = input;
  const { following: writes, names, where } = compileWrites(input.writes, sql`true`);
  const counted = names.map((n) => sql.raw(`, (select count(*) from ${n}) ${n}_n`));
  await db.execute(sql`with ticket as materialized (
      select pg_advisory_xact_lock(${AUDIT_TICKET_CLASS}, ${ticketOf(next.lastId)}) as t
    ), appended as (
      insert into audit_logs (id, occurred_at, event_type, severity, user_id, session_id, ip_address, user_agent, request_id, source, details, prev_hash, hash)
      select id, occurred_at, event_type, severity, user_id, session_id, ip_address, user_agent, request_id, source, details, prev_hash, hash
      from ticket, jsonb_to_recordset(${input.rowsJson}::jsonb) as x(id bigint, occurred_at timestamptz, event_type text, severity text,
        user_id uuid, session_id text, ip_address text, user_agent text, request_id text, source text, details jsonb, prev_hash text, hash text)
      returning 1
    )${writes}
    select audit_chain_advance(${from.lastId}::bigint, ${from.mac}, ${next.lastId}::bigint, ${next.lastHash}, ${next.mac},
      ${input.now.toISOString()}::timestamptz)
    from (select count(*) from appended) a${sql.join(counted)}${where}`);
}

/** SQLSTATEs that mean "another append got there first": the batch is redone under the row lock. */
const CONFLICT_CODES = new Set(['40001', '40P01', '23505', '55P03']);

export function isChainConflict(e: unknown): boolean {
  for (let cur: unknown = e, depth = 0; cur && depth < 4; cur = (cur as { cause?: unknown }).cause, depth++) {
    const code = (cur as { code?: unknown }).code;
    if (typeof code === 'string' && CONFLICT_CODES.has(code)) return true;
  }
  return false;
}

/** Rows of the chain after `afterId` up to `upToId`, in chain order (verification pages). */
export async function findChainPage(db: DbOrTx, afterId: number, upToId: number, limit: number) {
  return rows<{
    id: string | number;
    occurred_at: string | Date;
    event_type: string;
    severity: string;
    user_id: string | null;
    session_id: string | null;
    ip_address: string | null;
    user_agent: string | null;
    request_id: string | null;
    source: string;
    details: unknown;
    prev_hash: string;
    hash: string;
  }>(
    db,
    sql`select id, occurred_at, event_type, severity, user_id, session_id, ip_address, user_agent, request_id, source, details, prev_hash, hash
          from audit_logs where id > ${afterId} and id <= ${upToId} order by id limit ${limit}`,
  );
}

/** Rows the anchor does not account for: beyond its head, or at/below its base. One snapshot. */
export async function findRowsOutsideHead(db: DbOrTx): Promise<{ beyond: number | null; below: number | null }> {
  const [r] = await rows<{ beyond: string | number | null; below: string | number | null }>(
    db,
    sql`select (select min(a.id) from audit_logs a where a.id > h.last_id) as beyond,
               (select max(a.id) from audit_logs a where a.id <= h.base_id) as below
          from audit_chain_head h where h.id = 1`,
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

/** Retention and cleanup: deletes every row up to `lastId`; returns how many went. */
export async function deleteChainRowsUpTo(db: DbOrTx, lastId: number): Promise<number> {
  const [r] = await rows<{ n: string | number }>(
    db,
    sql`with gone as (delete from audit_logs where id <= ${lastId} returning 1) select count(*) as n from gone`,
  );
  return Number(r?.n ?? 0);
}
