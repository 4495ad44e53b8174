/** Lifetimes and capabilities of the provider, in one place (discovery reads them too). */
export const ACCESS_TOKEN_TTL_S = 15 * 60;
export const ID_TOKEN_TTL_S = 15 * 60;
/** The longest any JWT the hub signs lives: a retired key stays published this long. */
export const MAX_JWT_TTL_S = Math.max(ACCESS_TOKEN_TTL_S, ID_TOKEN_TTL_S);
export const AUTH_CODE_TTL_S = 60;
/** Absolute refresh lifetime: rotation never extends a family past this. */
export const REFRESH_ABSOLUTE_TTL_S = 30 * 24 * 3600;
/** A used refresh token presented again within this window gets the same new pair back. */
export const REFRESH_GRACE_S = 10;
/** Cross-platform hand-off tokens are short-lived: the receiving app validates them at once. */
export const HANDOFF_TTL_S = 5 * 60;

export { CLIENT_JWT_ALGS, DEFAULT_CLIENT_SCOPES, SUPPORTED_SCOPES, TOKEN_AUTH_METHODS } from '../../shared/oauth';
/** Spec §3: an app token's scopes default to one read-profile scope. */
export const DEFAULT_APP_TOKEN_SCOPES = ['read:profile'];
export const SIGNING_ALGS = ['ES256', 'RS256'] as const;
export type SigningAlg = (typeof SIGNING_ALGS)[number];
export const GRANT_TYPES = [
  'authorization_code',
  'refresh_token',
  'client_credentials',
  // RFC 8628 and RFC 8693 (issue 42): each only for the clients an administrator allows.
  'urn:ietf:params:oauth:grant-type:device_code',
  'urn:ietf:params:oauth:grant-type:token-exchange',
] as const;
export const DEVICE_CODE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';
export const TOKEN_EXCHANGE_GRANT = 'urn:ietf:params:oauth:grant-type:token-exchange';
/** RFC 8628 §3.2: a device code and its user code live this long. */
export const DEVICE_CODE_TTL_S = 10 * 60;
/** RFC 8628 §3.2: the polling interval a device starts with (config `devicePollIntervalS` overrides it). */
export const DEVICE_POLL_INTERVAL_S = 5;
/** RFC 8628 §3.3: where the person enters the user code (the web app's /device page). */
export const DEVICE_VERIFICATION_PATH = '/device';
/** The spec's out-of-band redirect for first-party app tokens (create_authorization_code). */
export const OOB_REDIRECT_URI = 'urn:ietf:wg:oauth:2.0:oob';
/** RFC 9449 §5.1: the asymmetric algorithms a DPoP proof may be signed with (discovery lists them). */
export const DPOP_ALGS = ['ES256', 'EdDSA', 'RS256', 'PS256'] as const;
/** RFC 9449 §11.1: how far a proof's iat may lie in the past (s); a little skew is allowed ahead. */
export const DPOP_IAT_WINDOW_S = 60;
export const DPOP_IAT_SKEW_S = 5;
/** RFC 9126 §2.2: a pushed request's request_uri lives this long (until its first use). */
export const PAR_TTL_S = 60;
/** Once first used, a pushed request serves that authorization's sign-in and consent this long. */
export const PAR_INTERACTION_TTL_S = 10 * 60;
export const PAR_URN_PREFIX = 'urn:ietf:params:oauth:request_uri:';
