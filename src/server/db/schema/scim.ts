import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations } from './orgs';
import { platformUsers } from './users';

/**
 * An organization's SCIM token (issue 41): what its directory (Okta, Entra ID…) presents as a
 * bearer token to /scim/v2/orgs/:org_id. The token reads `hubscim_<id>_<secret>`; only the SHA-256
 * of the secret is stored, and it is compared in constant time after the row is found by its id.
 * A token reaches only its own organization.
 */
export const scimTokens = pgTable(
  'scim_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    secretHash: text('secret_hash').notNull(),
    /** Who created it; no foreign key so the token's history outlives that account. */
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Written at most once a minute per token (scim/token-service.ts). */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('scim_tokens_org_idx').on(t.orgId, t.createdAt)],
);

/**
 * The SCIM User resource a directory keeps in one organization: the hub account (user_id, also the
 * resource's id) and its membership, plus what the directory said that the hub has no column for
 * (`resource`: name, emails, the enterprise extension…). `active` false: the membership is removed
 * and `roles` remembers what it held, so that `active: true` restores it. userName is unique per
 * organization, case-insensitively (RFC 7643 §4.1.1: caseExact false).
 */
export const scimUsers = pgTable(
  'scim_users',
  {
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => platformUsers.id, { onDelete: 'cascade' }),
    userName: text('user_name').notNull(),
    /** lower(user_name): the uniqueness key and what filters compare. */
    userNameKey: text('user_name_key').notNull(),
    externalId: text('external_id'),
    active: boolean('active').notNull().default(true),
    /** The organization roles held when deactivated (restored on reactivation). */
    roles: text('roles').array().notNull(),
    /** Whether deactivation also deactivated the account (the organization owns its domain). */
    accountDeactivated: boolean('account_deactivated').notNull().default(false),
    resource: jsonb('resource').notNull(),
    /** meta.version: W/"<version>", raised by every change. */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.userId], name: 'scim_users_pkey' }),
    uniqueIndex('scim_users_user_name_key').on(t.orgId, t.userNameKey),
    index('scim_users_external_idx').on(t.orgId, t.externalId),
    // Listing order (startIndex paging) and meta.lastModified filters.
    index('scim_users_org_created_idx').on(t.orgId, t.createdAt, t.userId),
  ],
);

/**
 * The provisioning log the organization page shows: one row per SCIM call (method, path, status,
 * scimType and detail of an error), never a body or a token. Rows older than 30 days are
 * removed once a minute per token in use (scim/token-service.ts).
 */
export const scimCalls = pgTable(
  'scim_calls',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    tokenId: uuid('token_id'),
    method: text('method').notNull(),
    path: text('path').notNull(),
    status: integer('status').notNull(),
    scimType: text('scim_type'),
    detail: text('detail'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('scim_calls_org_at_idx').on(t.orgId, t.at)],
);

export type ScimToken = typeof scimTokens.$inferSelect;
export type ScimUser = typeof scimUsers.$inferSelect;
export type ScimCall = typeof scimCalls.$inferSelect;
