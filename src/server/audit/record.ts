import { asc, eq, gt, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../db/client';
import { rows } from '../db/client';
import { auditLogs, hubSettings } from '../db/schema/index';
import { GENESIS_HASH, chainHash } from './chain';
import { AUDIT_EVENTS } from '../../shared/audit-events';
import type { AuditDetails, AuditEventType, AuditSeverity } from '../../shared/audit-events';

export type { AuditSeverity };

/** Who acted and from where: the per-request actor's fields (http/actor.ts), or a subset of them. */
export interface AuditActorFields {
  userId?: string | null;
  sessionId?: string | null;
  ipAddress?: string | null;
  userAgent?: string | null;
  /** The request that produced the event (X-Request-Id). */
  requestId?: string | null;
}

type DetailsField<D> = NoRequiredKeys<D> extends true ? { details?: D } : { details: D };
type NoRequiredKeys<D> = Record<never, never> extends D ? true : false;

/**
 * A server event: one entry of the catalogue (src/shared/audit-events.ts) with the details shape
 * it declares. The severity is the catalogue's; no call site chooses one.
 */
export type AuditEvent = {
  [K in AuditEventType]: AuditActorFields & { type: K; occurredAt?: Date } & DetailsField<AuditDetails<K>>;
}[AuditEventType];

/** A row as stored: what the chain hashes. Server events become rows in `record`; browser events arrive as rows. */
export interface AuditRowInput extends AuditActorFields {
  eventType: string;
  severity: AuditSeverity;
  source: 'server' | 'client';
  details: Record<string, unknown>;
  occurredAt?: Date;
}

/** The stored form of a server event: severity from the catalogue, source `server`. */
export function toAuditRow(event: AuditEvent): AuditRowInput {
  return {
    eventType: event.type,
    severity: AUDIT_EVENTS[event.type].severity,
    source: 'server',
    details: (event.details ?? {}) as Record<string, unknown>,
    userId: event.userId,
    sessionId: event.sessionId,
    ipAddress: event.ipAddress,
    userAgent: event.userAgent,
    requestId: event.requestId,
    occurredAt: event.occurredAt,
  };
}

export interface ChainVerification {
  ok: boolean;
  checked: number;
  first_bad_id: number | null;
}

/** hub_settings key holding {id, hash} of the last row removed by retention pruning. */
export const AUDIT_CHECKPOINT_KEY = 'audit_checkpoint';

/** Transaction-level advisory lock that serialises appends from every process ("hub:aud"). */
export const AUDIT_LOCK_KEY = 0x68756261;

export interface AuditLog {
  /**
   * Appends events to the chain. Pass `tx` to make the record part of the caller's transaction
   * (the event then exists exactly when the change it reports does).
   */
  record(event: AuditEvent | AuditEvent[], tx?: DbOrTx): Promise<void>;
  /** Appends rows as given: browser-reported events (source `client`) and test fixtures. */
  recordRows(rows: AuditRowInput[], tx?: DbOrTx): Promise<void>;
  /** Walks the chain from the checkpoint (or genesis) and reports the first row that does not match. */
  verifyChain(): Promise<ChainVerification>;
}

/**
 * Text PostgreSQL can store: no NUL, no unpaired surrogate. Input is refused with those at the
 * edge (plugins/sanitize.ts), but an event may carry a value the hub cut itself (a client_id
 * truncated mid-pair), and a security record must never fail to be written because of it.
 */
export function storableText(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return value.toWellFormed().replaceAll('\u0000', '\uFFFD');
}

function storableJson(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return storableText(value);
  if (!value || typeof value !== 'object' || depth > 32) return value;
  if (Array.isArray(value)) return value.map((v) => storableJson(v, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [storableText(k) as string, storableJson(v, depth + 1)]),
  );
}

export function createAuditLog(database: Database, clock: () => Date = () => new Date()): AuditLog {
  async function append(tx: DbOrTx, events: AuditRowInput[]) {
    await tx.execute(sql`select pg_advisory_xact_lock(${AUDIT_LOCK_KEY})`);
    const last = await rows<{ hash: string }>(tx, sql`select hash from audit_logs order by id desc limit 1`);
    let prevHash = last[0]?.hash ?? (await readCheckpoint(tx))?.hash ?? GENESIS_HASH;
    const values = events.map((e) => {
      const row = {
        // Millisecond precision: what JavaScript can round-trip, so the hash re-computes exactly.
        occurredAt: new Date((e.occurredAt ?? clock()).getTime()),
        eventType: e.eventType,
        severity: e.severity,
        userId: e.userId ?? null,
        sessionId: storableText(e.sessionId),
        ipAddress: storableText(e.ipAddress),
        userAgent: storableText(e.userAgent),
        source: e.source,
        details: storableJson(e.details) as Record<string, unknown>,
      };
      const hash = chainHash(prevHash, row);
      const value = { ...row, requestId: e.requestId ?? null, prevHash, hash };
      prevHash = hash;
      return value;
    });
    // One statement with one JSON parameter, however large the batch: building a many-row
    // insert value by value through the ORM cost more CPU than the commit (bench:oauth).
    const json = JSON.stringify(
      values.map((v) => ({
        occurred_at: v.occurredAt.toISOString(),
        event_type: v.eventType,
        severity: v.severity,
        user_id: v.userId,
        session_id: v.sessionId,
        ip_address: v.ipAddress,
        user_agent: v.userAgent,
        request_id: v.requestId,
        source: v.source,
        details: v.details,
        prev_hash: v.prevHash,
        hash: v.hash,
      })),
    );
    await tx.execute(sql`
      insert into audit_logs (occurred_at, event_type, severity, user_id, session_id, ip_address, user_agent, request_id, source, details, prev_hash, hash)
      select occurred_at, event_type, severity, user_id, session_id, ip_address, user_agent, request_id, source, details, prev_hash, hash
      from rows from (
        jsonb_to_recordset(${json}::jsonb) as (occurred_at timestamptz, event_type text, severity text, user_id uuid,
          session_id text, ip_address text, user_agent text, request_id text, source text, details jsonb, prev_hash text, hash text)
      ) with ordinality as x(occurred_at, event_type, severity, user_id, session_id, ip_address, user_agent, request_id, source, details, prev_hash, hash, n)
      order by n`);
  }

  return {
    async record(event, tx) {
      const events = (Array.isArray(event) ? event : [event]).map(toAuditRow);
      if (events.length === 0) return;
      if (tx) return append(tx, events);
      await database.db.transaction((t) => append(t, events));
    },

    async recordRows(events, tx) {
      if (events.length === 0) return;
      if (tx) return append(tx, events);
      await database.db.transaction((t) => append(t, events));
    },

    async verifyChain() {
      const checkpoint = await readCheckpoint(database.db);
      let expectedPrev = checkpoint?.hash ?? GENESIS_HASH;
      let afterId = checkpoint?.id ?? 0;
      let checked = 0;
      const pageSize = 5000;
      for (;;) {
        const page = await database.db
          .select()
          .from(auditLogs)
          .where(gt(auditLogs.id, afterId))
          .orderBy(asc(auditLogs.id))
          .limit(pageSize);
        for (const row of page) {
          const recomputed = chainHash(row.prevHash, row);
          if (row.prevHash !== expectedPrev || row.hash !== recomputed) {
            return { ok: false, checked, first_bad_id: row.id };
          }
          expectedPrev = row.hash;
          checked += 1;
        }
        if (page.length < pageSize) break;
        afterId = page[page.length - 1].id;
      }
      return { ok: true, checked, first_bad_id: null };
    },
  };
}

export async function readCheckpoint(db: DbOrTx): Promise<{ id: number; hash: string } | undefined> {
  const found = await db.select().from(hubSettings).where(eq(hubSettings.key, AUDIT_CHECKPOINT_KEY)).limit(1);
  return found[0]?.value as { id: number; hash: string } | undefined;
}
