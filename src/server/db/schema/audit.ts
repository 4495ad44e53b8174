import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Append-only security log. No foreign keys on purpose: an event must outlive the user,
 * session or client it names (a wiped account's history stays readable), and an insert must
 * never fail because the thing it reports on is gone.
 *
 * `hash` = SHA-256 over `prev_hash` and the row's content (src/server/audit/chain.ts), so
 * editing or deleting any row breaks the chain from that row on. Rows are read newest first
 * by `id`, which follows the chain order because appends are serialised by an advisory lock.
 */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    eventType: text('event_type').notNull(),
    /** 'info' | 'low' | 'medium' | 'high' | 'critical'. */
    severity: text('severity').notNull(),
    userId: uuid('user_id'),
    sessionId: text('session_id'),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    /** The HTTP request that produced the event (X-Request-Id), to join the audit trail with the logs. */
    requestId: text('request_id'),
    /** 'server' | 'client'. */
    source: text('source').notNull(),
    details: jsonb('details').notNull().default({}),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [
    index('audit_logs_type_idx').on(t.eventType, t.id.desc()),
    index('audit_logs_severity_idx').on(t.severity, t.id.desc()),
    index('audit_logs_user_idx').on(t.userId, t.id.desc()),
    index('audit_logs_source_idx').on(t.source, t.id.desc()),
    // Time-range pages are ordered (occurred_at, id) newest first (audit/queries.ts); with id in
    // the index a page is a plain index range scan with LIMIT, no sort (bench: README 'Audit log').
    index('audit_logs_occurred_id_idx').on(t.occurredAt.desc(), t.id.desc()),
  ],
);

export type AuditLogRow = typeof auditLogs.$inferSelect;
