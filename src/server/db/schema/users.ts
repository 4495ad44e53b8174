import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * One row per person. The spec's separate "auth user" and "platform user" are one row here,
 * so an account can never exist in one place and not the other.
 */
export const platformUsers = pgTable(
  'platform_users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Always trimmed and lower-cased by the service before it reaches the database. */
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    fullName: text('full_name'),
    organization: text('organization'),
    department: text('department'),
    isActive: boolean('is_active').notNull().default(true),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    mfaSecretEnc: text('mfa_secret_enc'),
    /** The person's chosen language (src/shared/locales.ts), null = not chosen: negotiated per request. */
    locale: text('locale'),
    /**
     * Issue 42: the password this person signed in with is in the breached-password corpus:
     * 'asked' (the session asks them to change it) or 'required' (an administrator's setting);
     * null once a new password is set.
     */
    passwordChange: text('password_change', { enum: ['asked', 'required'] }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('platform_users_email_key').on(t.email),
    // Newest-first listing with a stable (created_at, id) cursor.
    index('platform_users_created_idx').on(t.createdAt.desc(), t.id.desc()),
    // Case-insensitive substring search over email, full name and organization (Users tab).
    index('platform_users_search_trgm_idx').using(
      'gin',
      sql`(lower(${t.email} || ' ' || coalesce(${t.fullName}, '') || ' ' || coalesce(${t.organization}, ''))) gin_trgm_ops`,
    ),
  ],
);

export type PlatformUser = typeof platformUsers.$inferSelect;
export type NewPlatformUser = typeof platformUsers.$inferInsert;
