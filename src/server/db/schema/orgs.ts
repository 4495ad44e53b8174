import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { platformUsers } from './users';
import { identityProviders } from './federation';

/**
 * An organization (issue 29): an employer, a team, a staffing agency. Its members hold
 * organization roles (organization_members); its policies decide whether a member may obtain an
 * organization-scoped token (orgs/claims.ts). The user's free-text `organization` profile field
 * is unrelated and stays as it is.
 */
export const organizations = pgTable(
  'organizations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** Lower-case letters, digits and dashes; unique, so a sister platform may show it in URLs. */
    slug: text('slug').notNull(),
    logoUrl: text('logo_url'),
    /** Members need a second factor (and must have signed in with it) for organization-scoped tokens. */
    requireMfa: boolean('require_mfa').notNull().default(false),
    /** Members must have signed in through this identity provider; null: any sign-in will do. */
    requireSsoProviderId: uuid('require_sso_provider_id').references(() => identityProviders.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('organizations_slug_key').on(t.slug),
    // Ecosystem admins' list: newest first with a stable (created_at, id) cursor.
    index('organizations_created_idx').on(t.createdAt.desc(), t.id.desc()),
  ],
);

/**
 * A user's membership: `roles` holds exactly one built-in role (owner, admin, member) and any of
 * the custom role names (organization_roles). The primary key answers "is this user a member";
 * the (org, joined_at, user) index serves the member list's cursor, so a page of an organization
 * with 10,000 members is an index range scan; the user index serves "my organizations" and the
 * `organizations` claim (one query on the token path).
 */
export const organizationMembers = pgTable(
  'organization_members',
  {
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => platformUsers.id, { onDelete: 'cascade' }),
    roles: text('roles').array().notNull(),
    /** How the user joined: 'created' | 'invitation' | 'domain' | 'admin' | 'scim'. */
    joinedVia: text('joined_via').notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.userId], name: 'organization_members_pkey' }),
    index('organization_members_org_joined_idx').on(t.orgId, t.joinedAt, t.userId),
    index('organization_members_user_idx').on(t.userId),
  ],
);

/**
 * An invitation by email with a role. Only the SHA-256 of its single-use token is stored; it is
 * pending while neither accepted nor revoked and before `expires_at` (7 days). At most one
 * pending invitation per organization and address (the partial unique index).
 */
export const organizationInvitations = pgTable(
  'organization_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** Trimmed and lower-cased by the service. */
    email: text('email').notNull(),
    role: text('role').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** Who invited; no foreign key so the invitation's history outlives that account. */
    invitedBy: uuid('invited_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: uuid('accepted_by'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('organization_invitations_token_key').on(t.tokenHash),
    index('organization_invitations_org_idx').on(t.orgId, t.createdAt),
    uniqueIndex('organization_invitations_pending_key')
      .on(t.orgId, t.email)
      .where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
  ],
);

/**
 * An email domain an organization claims. Several organizations may claim a domain; only one
 * can hold it verified (the partial unique index), by a DNS TXT record carrying
 * `verification_token` (orgs/dns.ts) or by an ecosystem admin's approval (`method`).
 */
export const organizationDomains = pgTable(
  'organization_domains',
  {
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** Lower-cased by the contract. */
    domain: text('domain').notNull(),
    /** Published in DNS by the organization, so not a secret. */
    verificationToken: text('verification_token').notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /** 'dns' | 'admin' once verified. */
    method: text('method'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.domain], name: 'organization_domains_pkey' }),
    uniqueIndex('organization_domains_verified_key')
      .on(t.domain)
      .where(sql`${t.verifiedAt} is not null`),
  ],
);

/** The custom organization role names an ecosystem admin defines (e.g. recruiter, hiring_manager). */
export const organizationRoles = pgTable('organization_roles', {
  name: text('name').primaryKey(),
  description: text('description'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type Organization = typeof organizations.$inferSelect;
export type NewOrganization = typeof organizations.$inferInsert;
export type OrganizationMember = typeof organizationMembers.$inferSelect;
export type OrganizationInvitation = typeof organizationInvitations.$inferSelect;
export type OrganizationDomain = typeof organizationDomains.$inferSelect;
export type OrganizationRole = typeof organizationRoles.$inferSelect;
