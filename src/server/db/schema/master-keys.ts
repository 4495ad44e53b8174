import { integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/**
 * The master keys the database has heard of (issue 45), by id (crypto/secrets.ts `keyIdOf`; the
 * keys themselves never reach the database). `status`: 'current' (new values are sealed under it;
 * exactly one row), 'retiring' (a rotation is moving its values away; still opens), 'retired'
 * (nothing stored is sealed under it; no node opens anything under it any more). A key the
 * environment holds but this table does not name is ready to become current.
 */
export const masterKeys = pgTable(
  'master_keys',
  {
    keyId: text('key_id').primaryKey(),
    status: text('status').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('master_keys_one_current')
      .on(t.status)
      .where(sql`status = 'current'`),
  ],
);

/**
 * The key of keyed MACs and lookups (crypto/keyring.ts `lookupKey`), sealed under the current
 * master key and re-sealed by every rotation like any other value. One row (`id` = 1).
 */
export const masterKeyLookup = pgTable('master_key_lookup', {
  id: smallint('id').primaryKey(),
  sealedKey: text('sealed_key').notNull(),
});

/**
 * One rotation (master-keys/rotator.ts): from the key that was current to the new one. `progress`
 * holds, per sealed column (master-keys/inventory.ts), the primary key the batches reached, so a
 * rotator started after a crash goes on from there; `lease_*` let one process at a time run it.
 * `status`: 'running' → 'resealed' (nothing left under the old key; it is retired at
 * `retire_after`, once the sealed values browsers hold have expired) → 'done'.
 */
export const masterKeyRotations = pgTable(
  'master_key_rotations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fromKeyId: text('from_key_id').notNull(),
    toKeyId: text('to_key_id').notNull(),
    status: text('status').notNull(),
    requestedBy: uuid('requested_by'),
    approvedBy: uuid('approved_by'),
    progress: jsonb('progress').$type<Record<string, string>>().notNull().default({}),
    resealed: integer('resealed').notNull().default(0),
    leaseToken: text('lease_token'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    retireAfter: timestamp('retire_after', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('master_key_rotations_one_open')
      .on(t.status)
      .where(sql`status <> 'done'`),
  ],
);

export type MasterKeyRotation = typeof masterKeyRotations.$inferSelect;
