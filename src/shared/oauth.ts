/** What the OAuth provider offers, shared by the server, the admin screens and the API contracts. */
export const SUPPORTED_SCOPES = [
  'openid',
  'profile',
  'email',
  'offline_access',
  'read:profile',
  'read:organization',
  // Issue 29: the organizations claim (orgs/claims.ts); `organization:<id>` scopes are asked per request.
  'organizations',
  // Issue 30: a receiver manages its OpenID Shared Signals stream (client_credentials, events/ssf/routes.ts).
  'ssf.manage',
] as const;
/** Spec §5: a new client's scopes when the form names none. */
export const DEFAULT_CLIENT_SCOPES = ['read:profile', 'read:organization'];
export const TOKEN_AUTH_METHODS = ['client_secret_basic', 'client_secret_post', 'private_key_jwt', 'none'] as const;
/** RFC 7523 / RFC 9101: the signing algorithms a client's own JWTs (assertions, request objects) may use. */
export const CLIENT_JWT_ALGS = ['ES256', 'EdDSA', 'RS256', 'PS256'] as const;

/** Issue 40: dynamic client registration's policy modes and the scopes a policy may allow (api/dcr.ts). */
export const DCR_MODES = ['off', 'token', 'open'] as const;
export type DcrMode = (typeof DCR_MODES)[number];

/** Scopes no dynamically registered client can ever get, whatever the policy says. */
export const DCR_FORBIDDEN_SCOPES: readonly string[] = ['ssf.manage'];
/** The scopes a policy may allow. */
export const DCR_ASSIGNABLE_SCOPES = SUPPORTED_SCOPES.filter((s) => !DCR_FORBIDDEN_SCOPES.includes(s)) as [
  string,
  ...string[],
];
/** The policy's scopes until an administrator chooses: sign-in and the profile, nothing organizational. */
export const DEFAULT_DCR_SCOPES = ['openid', 'profile', 'email', 'offline_access', 'read:profile'];
/** Unused registrations (no token since) are deleted after this many days by default. */
export const DEFAULT_DCR_UNUSED_EXPIRY_DAYS = 30;
