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
