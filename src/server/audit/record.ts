import { asc, eq, gt, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../db/client';
import { rows } from '../db/client';
import { auditLogs, hubSettings } from '../db/schema/index';
import { GENESIS_HASH, chainHash } from './chain';

export type AuditSeverity = 'info' | 'low' | 'medium' | 'high' | 'critical';

export interface AuditEvent {
  eventType: string;
  severity: AuditSeverity;
  userId?: string | null;
  sessionId?: string | null;
  ipAddress?: string | null;
  userAgent?: string | null;
  /** The request that produced the event (X-Request-Id). */
  requestId?: string | null;
  /** 'server' unless the event was reported by a browser. */
  source?: 'server' | 'client';
  details?: Record<string, unknown>;
  occurredAt?: Date;
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
  /** Walks the chain from the checkpoint (or genesis) and reports the first row that does not match. */
  verifyChain(): Promise<ChainVerification>;
}

export function createAuditLog(database: Database, clock: () => Date = () => new Date()): AuditLog {
  async function append(tx: DbOrTx, events: AuditEvent[]) {
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
        sessionId: e.sessionId ?? null,
        ipAddress: e.ipAddress ?? null,
        userAgent: e.userAgent ?? null,
        source: e.source ?? 'server',
        details: e.details ?? {},
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
      const events = Array.isArray(event) ? event : [event];
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
