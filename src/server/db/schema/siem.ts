import { bigint, boolean, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * A SIEM sink (issue 30): where the audit log streams, in chain order, from its own cursor
 * (`last_audit_id`) rather than through the outbox, so every row goes and in order. `kind` is
 * 'syslog-tls' (RFC 5424 over TLS, octet-counted; `target` is host:port) or 'https' (ndjson
 * batches; `target` is the URL). `auth_header_enc` (https only) is sealed at rest like the other
 * secrets. A node leases the sink (`lease_until`, `lease_token`) while it delivers a batch, so one
 * node at a time moves its cursor; `next_attempt_at` holds the backoff after a failure.
 * `last_checkpoint_*` say when the last checkpoint record went (events/siem/worker.ts).
 */
export const auditSinks = pgTable('audit_sinks', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().default(''),
  kind: text('kind').notNull(),
  target: text('target').notNull(),
  caPem: text('ca_pem'),
  authHeaderEnc: text('auth_header_enc'),
  eventTypes: text('event_types').array().notNull().default([]),
  minSeverity: text('min_severity').notNull().default('info'),
  enabled: boolean('enabled').notNull().default(true),
  /** The cursor in chain 0 (the chain before issue 43; one row id). */
  lastAuditId: bigint('last_audit_id', { mode: 'number' }).notNull(),
  /** Issue 43: the cursor in every other chain, by chain id (the last row id delivered of it). */
  chainCursors: jsonb('chain_cursors').$type<Record<string, number>>().notNull().default({}),
  lastCheckpointId: bigint('last_checkpoint_id', { mode: 'number' }).notNull(),
  lastCheckpointAt: timestamp('last_checkpoint_at', { withTimezone: true }).notNull(),
  lastDeliveredAt: timestamp('last_delivered_at', { withTimezone: true }),
  lastError: text('last_error'),
  lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
  failureStreak: integer('failure_streak').notNull().default(0),
  /** Issue 46: which derivation of the checkpoint key signs (events/siem/format.ts); a rotation adds one. */
  checkpointKeyGeneration: integer('checkpoint_key_generation').notNull().default(1),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
  leaseToken: text('lease_token'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

export type AuditSink = typeof auditSinks.$inferSelect;
export type NewAuditSink = typeof auditSinks.$inferInsert;
