import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { platformUsers } from './users';

export const adminActionApprovals = pgTable(
  'admin_action_approvals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestingUserId: uuid('requesting_user_id')
      .notNull()
      .references(() => platformUsers.id, { onDelete: 'cascade' }),
    actionType: text('action_type').notNull(),
    /** oauth_clients.id of the application whose credential is requested. */
    targetAppId: uuid('target_app_id'),
    /** action_type 'impersonation' (issue 42): the user an administrator asks to view as. */
    targetUserId: uuid('target_user_id').references(() => platformUsers.id, { onDelete: 'cascade' }),
    /** 'api_key' | 'webhook_secret'. */
    credentialType: text('credential_type'),
    justification: text('justification').notNull(),
    timeLimitMinutes: integer('time_limit_minutes'),
    /** 'pending' | 'approved' | 'denied' | 'expired'; an impersonation request once started: 'used'. */
    status: text('status').notNull().default('pending'),
    decidedBy: uuid('decided_by').references(() => platformUsers.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('admin_action_approvals_requester_idx').on(t.requestingUserId, t.createdAt.desc()),
    index('admin_action_approvals_status_idx').on(t.status, t.createdAt.desc()),
  ],
);

export type AdminActionApproval = typeof adminActionApprovals.$inferSelect;
