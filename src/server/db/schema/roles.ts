import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { platformUsers } from './users';

export const platformRoleAssignments = pgTable(
  'platform_role_assignments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => platformUsers.id, { onDelete: 'cascade' }),
    /** 'user' | 'platform_admin' | 'super_admin' (src/shared/roles.ts). */
    role: text('role').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    /**
     * Who granted it; null only for roles granted by nobody (`hub setup`). No foreign key, on
     * purpose: the two-person rule decides independence from this column, so it must outlive
     * the granter's account (a set-null key turned "granted by the requester" into "granted by
     * nobody" when that account went, and the role then counted as independent).
     */
    grantedBy: uuid('granted_by'),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('platform_role_assignments_user_role_key').on(t.userId, t.role),
    index('platform_role_assignments_role_idx').on(t.role, t.isActive),
  ],
);

export type PlatformRoleAssignment = typeof platformRoleAssignments.$inferSelect;
