import {
  bigint,
  bigserial,
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/**
 * Append-only security log. No foreign keys on purpose: an event must outlive the user,
 * session or client it names (a wiped account's history stays readable), and an insert must
 * never fail because the thing it reports on is gone.
 *
 * `hash` = HMAC-SHA-256 (key derived from the master key) over `prev_hash`, the row's id and its
 * content (src/server/audit/chain.ts), so editing, deleting or re-chaining any row breaks the
 * chain from that row on; rows sealed before keyed chaining keep their plain SHA-256 hashes.
 * Keyed rows get their id from the chain (head + 1), so ids follow the chain order without gaps.
 * Issue 43: every writer (node) appends to its own chain; a row's id is chain_id·2^40 + seq
 * (audit/chain.ts chainRowId), so (chain_id, seq) is the id, which the MAC covers, and no
 * counter is shared between nodes. Rows written before are chain 0 (id = seq).
 * Where each chain ends is kept in `audit_chain_head` (below), which every append advances.
 *
 * The table is partitioned by month of `occurred_at` (migration 0035, audit/partitions.ts), which
 * drizzle cannot declare: `audit_logs_YYYY_MM` for each month, `audit_logs_before_partitioning` for
 * the rows written before (up to the month the migration ran in), and `audit_logs_default` for a row
 * whose month has no partition yet. Retention drops a month that has expired whole.
 */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
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
    // A partitioned table's keys must hold its partition key (occurred_at): (id, occurred_at) is unique in
    // every partition, and the id alone stays unique because only the anchor's move commits a row's id.
    primaryKey({ columns: [t.id, t.occurredAt] }),
    // Pages are ordered (occurred_at, id) newest first: one global order over every chain (time,
    // then chain and seq, which is the id's order), so each filter index ends with the same pair.
    index('audit_logs_type_idx').on(t.eventType, t.occurredAt.desc(), t.id.desc()),
    index('audit_logs_severity_idx').on(t.severity, t.occurredAt.desc(), t.id.desc()),
    index('audit_logs_user_idx').on(t.userId, t.occurredAt.desc(), t.id.desc()),
    index('audit_logs_source_idx').on(t.source, t.occurredAt.desc(), t.id.desc()),
    // Time-range pages are ordered (occurred_at, id) newest first (audit/queries.ts); with id in
    // the index a page is a plain index range scan with LIMIT, no sort (bench: README 'Audit log').
    index('audit_logs_occurred_id_idx').on(t.occurredAt.desc(), t.id.desc()),
  ],
);

export type AuditLogRow = typeof auditLogs.$inferSelect;

/**
 * A chain's anchor: one row per chain (`id` = chain_id; chain 0 is the chain of the rows written
 * before issue 43), advanced in the same statement as every append, whose `mac`
 * (HMAC under the chain key) covers where the chain ends (`last_id`, `last_hash`), where it
 * starts after retention pruning (`base_*`), and up to where rows are the plain SHA-256 chain
 * sealed at the upgrade (`legacy_*`, `sealed_at`). Without the master key nobody can move it
 * to a position it never had, so deleting the newest rows is detected. Appends lock this row
 * instead of an advisory lock, so head read, check and move are one round trip.
 */
export const auditChainHead = pgTable(
  'audit_chain_head',
  {
    id: smallint('id').primaryKey(),
    lastId: bigint('last_id', { mode: 'number' }).notNull(),
    lastHash: text('last_hash').notNull(),
    baseId: bigint('base_id', { mode: 'number' }).notNull(),
    baseHash: text('base_hash').notNull(),
    legacyLastId: bigint('legacy_last_id', { mode: 'number' }).notNull(),
    legacyLastHash: text('legacy_last_hash').notNull(),
    sealedAt: timestamp('sealed_at', { withTimezone: true }).notNull(),
    mac: text('mac').notNull(),
    /**
     * Issue 45: the key epoch the chain is in — the id of the master key its chain key derives from
     * (audit/chain-keys.ts); null for the lookup key's epoch, in which every chain began. A rotation
     * moves every chain to the new key with an `audit_key_epoch` row MAC'd under both keys.
     */
    keyId: text('key_id'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [check('audit_chain_head_chain_id', sql`${t.id} >= 0 and ${t.id} < 8192`)],
);

/**
 * Who writes which chain (issue 43): a node claims a chain at start with a lease it renews
 * (audit/writer-queries.ts), so two live processes never append to one chain, and a chain whose writer
 * died is taken over once its lease ran out. Kept apart from the anchor so that renewing a lease
 * never touches the row every append moves.
 */
export const auditWriters = pgTable('audit_writers', {
  chainId: smallint('chain_id').primaryKey(),
  /** A random id of the claiming process; a renewal or release names it. */
  owner: text('owner').notNull(),
  /** Host and process of the owner, for operators (audit verify prints it). */
  node: text('node').notNull(),
  leaseUntil: timestamp('lease_until', { withTimezone: true }).notNull(),
  claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
});

/**
 * Crypto-shredding (audit/shredding.ts): the keys the personal data of audit rows is sealed under,
 * each sealed by the master key (crypto/secrets.ts). A person has one key per node that wrote
 * about them (`key_id` is random; a node makes its own and stores it in the same statement as
 * the first row it seals with it, so the append never reads a key first). Erasure deletes the
 * person's keys and leaves a tombstone (`key_id` = 'erased', `sealed_key` NULL) that stops any
 * node from storing a new one: every value sealed for them then reads "erased person", and the
 * chain, which covers the sealed form, still verifies. No foreign key: the rows outlive the account.
 */
export const auditSubjectKeys = pgTable(
  'audit_subject_keys',
  {
    userId: uuid('user_id').notNull(),
    keyId: text('key_id').notNull(),
    sealedKey: text('sealed_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.keyId] })],
);
