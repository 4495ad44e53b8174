import { boolean, index, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { platformUsers } from './users';

/**
 * An account's erasure, scheduled (account/erasure.ts): by the person (POST /api/me/deletion)
 * or an administrator. The sweep erases the account once `due_at` has passed; cancelling deletes
 * the row. `requested_by` is who asked (the person, or the administrator). An administrator's
 * erasure of an administrator `needs_approval` by another, independent one (the two-person rule,
 * roles/two-person-rule.ts) before the sweep takes it.
 */
export const accountDeletions = pgTable(
  'account_deletions',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => platformUsers.id, { onDelete: 'cascade' }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    requestedBy: uuid('requested_by'),
    needsApproval: boolean('needs_approval').notNull().default(false),
    approvedBy: uuid('approved_by'),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
  },
  (t) => [index('account_deletions_due_idx').on(t.dueAt)],
);
