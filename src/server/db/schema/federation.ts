import { boolean, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { platformUsers } from './users';

/** Which upstream claim (OIDC) or attribute (SAML) carries each field of the hub's account. */
export interface AttributeMapping {
  email: string;
  name: string;
}

/**
 * An upstream identity provider an administrator registered (issue 27): people sign in with an
 * identity they already have. The client secret is sealed with the hub's secret sealing
 * (crypto/secrets.ts) like every other secret; `email_domains` drive home-realm discovery and
 * are lower-cased by the service. `trusts_email_verified` and `trusts_mfa` say whether the
 * provider's `email_verified` and `amr` claims (SAML: its email attribute and AuthnContext) are
 * believed at all. A SAML provider keeps what its metadata said: `issuer` is the IdP's entityID,
 * `saml_sso_url` its HTTP-Redirect SingleSignOnService and `saml_certificates` its signing
 * certificates (PEM); the metadata itself is not kept (it is read once, when it is given).
 */
export const identityProviders = pgTable(
  'identity_providers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull(),
    displayName: text('display_name').notNull(),
    /** 'oidc' | 'saml'. */
    protocol: text('protocol').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    issuer: text('issuer'),
    clientId: text('client_id'),
    clientSecretEnc: text('client_secret_enc'),
    scopes: text('scopes').array().notNull().default([]),
    emailDomains: text('email_domains').array().notNull().default([]),
    trustsEmailVerified: boolean('trusts_email_verified').notNull().default(false),
    trustsMfa: boolean('trusts_mfa').notNull().default(false),
    attributeMapping: jsonb('attribute_mapping').$type<AttributeMapping>().notNull(),
    mayCreateAccounts: boolean('may_create_accounts').notNull().default(false),
    samlSsoUrl: text('saml_sso_url'),
    samlCertificates: text('saml_certificates').array().notNull().default([]),
    /** Issue 46: when a connection test (federation/connection-test.ts) last passed. */
    lastOkAt: timestamp('last_ok_at', { withTimezone: true }),
    /** The last failure (a connection test's failed step, or a sign-in that could not reach it): words, never a secret. */
    lastError: text('last_error'),
    lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('identity_providers_slug_key').on(t.slug),
    // Home-realm discovery: which enabled provider owns an email's domain.
    index('identity_providers_email_domains_idx').using('gin', t.emailDomains),
  ],
);

/**
 * An upstream identity linked to a hub account: `(provider, subject)`, never an email (the
 * upstream email can change or be claimed by someone else). `email_at_link` is what the provider
 * said when the link was made, kept for the audit trail only. `account_verified_at_link` is
 * whether the account's own address was verified then: an identity linked to an account nobody
 * had proved is unlinked once someone proves it (federation/ownership.ts), since whoever linked it
 * may have made the account with another person's address.
 */
export const federatedIdentities = pgTable(
  'federated_identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => identityProviders.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => platformUsers.id, { onDelete: 'cascade' }),
    emailAtLink: text('email_at_link'),
    accountVerifiedAtLink: boolean('account_verified_at_link').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('federated_identities_provider_subject_key').on(t.providerId, t.subject),
    index('federated_identities_user_idx').on(t.userId),
  ],
);

/**
 * The SAML assertions the hub accepted, each once: a replayed assertion (the same provider and
 * assertion ID, on any node) finds its row and is refused. A row is needed only while the
 * assertion could still be accepted, so it is kept until the assertion's own NotOnOrAfter (plus
 * the accepted clock skew) and pruned after that.
 */
export const federationAssertionIds = pgTable(
  'federation_assertion_ids',
  {
    providerId: uuid('provider_id')
      .notNull()
      .references(() => identityProviders.id, { onDelete: 'cascade' }),
    assertionId: text('assertion_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.assertionId], name: 'federation_assertion_ids_pkey' }),
    index('federation_assertion_ids_expires_idx').on(t.expiresAt),
  ],
);

export type IdentityProvider = typeof identityProviders.$inferSelect;
export type NewIdentityProvider = typeof identityProviders.$inferInsert;
export type FederatedIdentity = typeof federatedIdentities.$inferSelect;
