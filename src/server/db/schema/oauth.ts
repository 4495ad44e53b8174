import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ActClaim } from '../../oauth/act';
import { platformUsers } from './users';

/** Every registered application: first-party sister platforms and third parties alike. */
export const oauthClients = pgTable(
  'oauth_clients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: text('client_id').notNull().unique(),
    /** SHA-256 of the secret, compared in constant time at the token endpoint. Null for public clients. */
    clientSecretHash: text('client_secret_hash'),
    /** The secret itself, AES-256-GCM under the master key, for the audited reveal. */
    clientSecretEnc: text('client_secret_enc'),
    /** 'client_secret_basic' | 'client_secret_post' | 'none' (public client, PKCE required). */
    /**
     * Issue 46: after a rotation, the secret it replaced stays accepted until
     * `previous_secret_expires_at` (the grace the administrator chose), hashed and sealed like the current one.
     */
    previousSecretHash: text('previous_secret_hash'),
    previousSecretEnc: text('previous_secret_enc'),
    previousSecretExpiresAt: timestamp('previous_secret_expires_at', { withTimezone: true }),
    tokenEndpointAuthMethod: text('token_endpoint_auth_method').notNull().default('client_secret_basic'),
    appName: text('app_name').notNull(),
    appDescription: text('app_description'),
    appUrl: text('app_url').notNull(),
    /** 'platform' (first-party, no consent screen) | 'third_party'. */
    appType: text('app_type').notNull().default('third_party'),
    redirectUris: text('redirect_uris').array().notNull().default([]),
    postLogoutRedirectUris: text('post_logout_redirect_uris').array().notNull().default([]),
    allowedOrigins: text('allowed_origins').array().notNull().default([]),
    /** OIDC Back-Channel Logout 1.0: where the hub POSTs a logout token when a session it signed into ends. */
    backchannelLogoutUri: text('backchannel_logout_uri'),
    scopes: text('scopes').array().notNull().default([]),
    grantTypes: text('grant_types').array().notNull().default(['authorization_code', 'refresh_token']),
    isActive: boolean('is_active').notNull().default(true),
    apiKeyEnc: text('api_key_enc'),
    webhookSecretEnc: text('webhook_secret_enc'),
    /** RFC 9126 §5: this client's authorization requests must be pushed (POST /oauth/par) first. */
    requirePushedAuthorizationRequests: boolean('require_pushed_authorization_requests').notNull().default(false),
    /** RFC 9449 §5.2: every token request of this client must carry a DPoP proof (sender-constrained tokens). */
    dpopBoundAccessTokens: boolean('dpop_bound_access_tokens').notNull().default(false),
    /** FAPI 2.0 Security Profile: PAR, PKCE S256, DPoP, private_key_jwt and response_type=code, all required. */
    fapi2: boolean('fapi2').notNull().default(false),
    /** RFC 7591 §2: the client's public keys, inline (private_key_jwt, signed request objects). */
    jwks: jsonb('jwks').$type<{ keys: Record<string, unknown>[] }>(),
    /** RFC 7591 §2: or where the hub fetches them (size- and time-limited, cached, SSRF-checked). */
    jwksUri: text('jwks_uri'),
    /** RFC 9101 / OIDC Registration §2: the one alg its request objects must use; null = any the hub supports. */
    requestObjectSigningAlg: text('request_object_signing_alg'),
    /** RFC 7591 §2 display metadata and a brand colour (src/shared/api/client-display.ts). */
    logoUri: text('logo_uri'),
    clientUri: text('client_uri'),
    policyUri: text('policy_uri'),
    tosUri: text('tos_uri'),
    /** #rrggbb for the primary action of this client's authorization pages, AA-readable under white text. */
    brandColor: text('brand_color'),
    /**
     * RFC 8693 (issue 42): the audiences/resources this client may exchange a person's token for;
     * empty = no token exchange. Set by an administrator (admin API `…/grants`).
     */
    tokenExchangeTargets: text('token_exchange_targets').array().notNull().default([]),
    /** 'admin' (registered by an administrator) | 'dynamic' (RFC 7591, oauth/registration/). */
    registration: text('registration').notNull().default('admin'),
    /** A dynamic client's way in: 'initial_access_token' | 'open'. */
    registeredVia: text('registered_via'),
    /** The initial access token it registered with (oauth_initial_access_tokens), if any. */
    initialAccessTokenId: uuid('initial_access_token_id'),
    /** RFC 7592: SHA-256 of the registration access token that reads, updates and deletes it. */
    registrationAccessTokenHash: text('registration_access_token_hash'),
    /** RFC 7591 §2: what the client says it is, shown on its consent page. */
    softwareId: text('software_id'),
    softwareVersion: text('software_version'),
    contacts: text('contacts').array().notNull().default([]),
    /** A client ID metadata document's client: when its fetched document is to be fetched again (HTTP caching). */
    metadataDocumentExpiresAt: timestamp('metadata_document_expires_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => platformUsers.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('oauth_clients_created_idx').on(t.createdAt.desc())],
);

/**
 * Every session the hub knows: the hub's own browser sessions (client_id null, kind 'browser'),
 * OAuth grants to applications (kind 'app') and cross-platform hand-offs (kind 'handoff').
 * Only SHA-256 hashes of tokens are stored.
 */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => platformUsers.id, { onDelete: 'cascade' }),
    /** oauth_clients.client_id, or null for the hub itself. */
    clientId: text('client_id'),
    kind: text('kind').notNull().default('browser'),
    sessionTokenHash: text('session_token_hash').notNull().unique(),
    refreshTokenHash: text('refresh_token_hash'),
    refreshFamily: uuid('refresh_family'),
    scopes: text('scopes').array().notNull().default([]),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    isActive: boolean('is_active').notNull().default(true),
    /** When the user last proved who they are (OIDC auth_time): set on sign-in, never on use. */
    authTime: timestamp('auth_time', { withTimezone: true }).notNull().defaultNow(),
    /** How the user proved it at auth_time (OIDC amr, RFC 8176 values: pwd, otp, hwk…). */
    amr: text('amr').array().notNull().default([]),
    /** For an app session: the hub browser session that signed in (the ID token's sid; back-channel logout). */
    browserSessionId: uuid('browser_session_id'),
    /** For an app session: the access token's audience (RFC 8707 resource), null = the hub's userinfo. */
    resource: text('resource'),
    /**
     * For a browser session (issue 29): the identity provider it was signed in through, null for any
     * other sign-in. An organization's require_sso is this equal to its provider (orgs/claims.ts).
     * No foreign key: a provider removed leaves the fact of how the session began.
     */
    idpId: uuid('idp_id'),
    /**
     * RFC 8693 §4.1 (oauth/act.ts): who acts for the user in this session (impersonation by an
     * administrator, a token-exchange delegation). Every token minted from it carries it as `act`.
     */
    act: jsonb('act').$type<ActClaim>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastAccessedAt: timestamp('last_accessed_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: uuid('revoked_by'),
  },
  (t) => [
    index('auth_sessions_user_idx').on(t.userId, t.isActive),
    index('auth_sessions_browser_session_idx').on(t.browserSessionId),
    index('auth_sessions_client_user_idx').on(t.clientId, t.userId),
    index('auth_sessions_active_accessed_idx').on(t.isActive, t.lastAccessedAt.desc()),
    index('auth_sessions_created_idx').on(t.createdAt.desc()),
    index('auth_sessions_family_idx').on(t.refreshFamily),
  ],
);

/**
 * Every refresh token ever issued, so that a used one is recognised when it comes back
 * (reuse detection) and the two-tab grace window can answer the same new pair again.
 */
export const oauthRefreshTokens = pgTable(
  'oauth_refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    /** The auth_sessions row (kind 'app') this token belongs to; the family is that session. */
    sessionId: uuid('session_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    clientId: text('client_id').notNull(),
    userId: uuid('user_id').notNull(),
    scopes: text('scopes').array().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    replacedBy: text('replaced_by'),
    /** The token response issued on rotation, encrypted, kept only for the grace window. */
    graceResponseEnc: text('grace_response_enc'),
    /** RFC 9449 §5: a public client's refresh token is bound to this JWK thumbprint (rotation keeps it). */
    dpopJkt: text('dpop_jkt'),
  },
  (t) => [index('oauth_refresh_tokens_session_idx').on(t.sessionId)],
);

export const oauthAuthorizationCodes = pgTable(
  'oauth_authorization_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    clientId: text('client_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => platformUsers.id, { onDelete: 'cascade' }),
    /** The hub browser session that approved the code (for auth_time and logout). */
    browserSessionId: uuid('browser_session_id'),
    redirectUri: text('redirect_uri').notNull(),
    scopes: text('scopes').array().notNull().default([]),
    codeChallenge: text('code_challenge'),
    codeChallengeMethod: text('code_challenge_method'),
    nonce: text('nonce'),
    authTime: timestamp('auth_time', { withTimezone: true }).notNull().defaultNow(),
    amr: text('amr').array().notNull().default([]),
    /** RFC 8707 resource indicator asked for at the authorization endpoint. */
    resource: text('resource'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    /** The auth_sessions row the exchange created, revoked if the code is replayed. */
    issuedSessionId: uuid('issued_session_id'),
    /** RFC 9449 §10: the JWK thumbprint the code is bound to (dpop_jkt, or the proof sent to PAR). */
    dpopJkt: text('dpop_jkt'),
    /** RFC 8693 `act` of the browser session that approved the code (impersonation, issue 42), copied into the app session. */
    act: jsonb('act').$type<ActClaim>(),
  },
  (t) => [index('oauth_authorization_codes_expires_idx').on(t.expiresAt)],
);

/** Consent a user gave a third-party client, remembered per user and client. */
export const oauthConsents = pgTable(
  'oauth_consents',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => platformUsers.id, { onDelete: 'cascade' }),
    clientId: text('client_id').notNull(),
    scopes: text('scopes').array().notNull().default([]),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.clientId] })],
);

/**
 * Access tokens revoked by their `jti` that no session row stands behind (client_credentials,
 * issue 28): kept until the token would have expired anyway.
 */
export const oauthRevokedTokens = pgTable('oauth_revoked_tokens', {
  jti: uuid('jti').primaryKey(),
  clientId: text('client_id').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }).notNull().defaultNow(),
});

export const signingKeys = pgTable('signing_keys', {
  kid: text('kid').primaryKey(),
  /** 'ES256' | 'RS256'. */
  alg: text('alg').notNull(),
  publicJwk: jsonb('public_jwk').notNull(),
  privateJwkEnc: text('private_jwk_enc').notNull(),
  /** 'next' (published, not yet signing) | 'active' | 'retired' (published until its tokens expire). */
  status: text('status').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  activatedAt: timestamp('activated_at', { withTimezone: true }),
  retiredAt: timestamp('retired_at', { withTimezone: true }),
});

/**
 * RFC 9126 pushed authorization requests, by the SHA-256 of their request_uri: any node can read
 * one. A request must be first used within its 60 s; it then serves the sign-in and consent of
 * that one authorization (until `interaction_expires_at`) and is deleted when its code is issued.
 */
export const oauthPushedRequests = pgTable(
  'oauth_pushed_requests',
  {
    requestUriHash: text('request_uri_hash').primaryKey(),
    clientId: text('client_id').notNull(),
    /** The validated authorization request parameters (strings only). */
    params: jsonb('params').$type<Record<string, string>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    firstUsedAt: timestamp('first_used_at', { withTimezone: true }),
  },
  (t) => [index('oauth_pushed_requests_expires_idx').on(t.expiresAt)],
);

/**
 * JWT IDs seen once (DPoP proofs, private_key_jwt client assertions), by the SHA-256 of their
 * kind, issuer and jti: a replay on any node finds the row. Kept while the JWT could still be
 * accepted, pruned after.
 */
export const oauthUsedJtis = pgTable(
  'oauth_used_jtis',
  {
    jtiHash: text('jti_hash').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('oauth_used_jtis_expires_idx').on(t.expiresAt)],
);

export type OAuthClient = typeof oauthClients.$inferSelect;
export type AuthSession = typeof authSessions.$inferSelect;
export type SigningKey = typeof signingKeys.$inferSelect;

/**
 * RFC 8628 device authorizations (issue 42): a device shows the user code, the person approves or
 * denies it on /device, the device polls the token endpoint with the device code. Only hashes of
 * both codes are stored. A code issues tokens once: the token endpoint consumes the approved row
 * in one conditional statement (oauth/device-queries.ts).
 */
export const oauthDeviceCodes = pgTable(
  'oauth_device_codes',
  {
    deviceCodeHash: text('device_code_hash').primaryKey(),
    /** SHA-256 of the normalized user code (8 letters, no dash). */
    userCodeHash: text('user_code_hash').notNull().unique(),
    clientId: text('client_id').notNull(),
    scopes: text('scopes').array().notNull().default([]),
    resource: text('resource'),
    /** 'pending' | 'approved' | 'denied'. */
    status: text('status').notNull().default('pending'),
    userId: uuid('user_id').references(() => platformUsers.id, { onDelete: 'cascade' }),
    /** The browser session that approved it (auth_time, amr, logout). */
    browserSessionId: uuid('browser_session_id'),
    authTime: timestamp('auth_time', { withTimezone: true }),
    amr: text('amr').array().notNull().default([]),
    /** RFC 8628 §3.5: the polling interval, raised by 5 s on each too-early poll. */
    intervalS: integer('interval_s').notNull(),
    lastPolledAt: timestamp('last_polled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    issuedSessionId: uuid('issued_session_id'),
  },
  (t) => [index('oauth_device_codes_expires_idx').on(t.expiresAt)],
);

/**
 * RFC 7591 §3: initial access tokens an administrator issues for dynamic registration under the
 * `token` policy. Only the SHA-256 of the token is stored; it expires and has a use count.
 */
export const oauthInitialAccessTokens = pgTable('oauth_initial_access_tokens', {
  id: uuid('id').primaryKey().defaultRandom(),
  tokenHash: text('token_hash').notNull().unique(),
  label: text('label').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  maxUses: integer('max_uses').notNull(),
  uses: integer('uses').notNull().default(0),
  createdBy: uuid('created_by').references(() => platformUsers.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
