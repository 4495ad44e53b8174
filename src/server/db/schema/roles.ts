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
    grantedBy: uuid('granted_by').references(() => platformUsers.id, { onDelete: 'set null' }),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('platform_role_assignments_user_role_key').on(t.userId, t.role),
    index('platform_role_assignments_role_idx').on(t.role, t.isActive),
  ],
);

export type PlatformRoleAssignment = typeof platformRoleAssignments.$inferSelect;
