import { defineMessages, type MessageDescriptor } from 'react-intl';
import type { CLIENT_JWT_ALGS, SUPPORTED_SCOPES } from '@shared/oauth';

/** Display rules of /oauth-admin (spec §2, §4, §5, §9), pure so they are unit-testable. */
export const SECRET_PREVIEW_CHARS = 20;
export const COPIED_MS = 2000;
export const EXPIRING_SOON_MS = 60 * 60 * 1000;
/** Spec §5: a new client's scopes; no UI changes them. */
export const DEFAULT_SCOPES: (typeof SUPPORTED_SCOPES)[number][] = ['read:profile', 'read:organization'];
/**
 * Beyond the spec (issue 12): the OpenID Connect scopes an admin may add for a sister platform
 * that signs users in; the spec's two defaults stay, first.
 */
export const OIDC_SCOPES = [
  'openid',
  'profile',
  'email',
  'offline_access',
  // Issue 29 (helper orgsweb, this one entry only): the `organizations` claim in ID tokens and userinfo.
  'organizations',
] as const;
export type OidcScope = (typeof OIDC_SCOPES)[number];
export const CORE_PLATFORM_NAME = 'Ecosystem Hub';
/** What browserName says of an agent it does not know (the sessions tab words it in the active language). */
export const UNKNOWN_BROWSER = 'Unknown Browser';

/** A message for the screen and the values it names: utils decide the words, components format them. */
export type Message = { message: MessageDescriptor; values?: Record<string, string> };

const m = defineMessages({
  badUrl: {
    id: 'oauth.client.problem.badUrl',
    defaultMessage: '{label} "{url}" must be an absolute http(s) URL without a fragment.',
  },
  jwksAndUri: {
    id: 'oauth.profile.problem.jwksAndUri',
    defaultMessage: 'Give either a JWK Set or a JWKS URL, not both.',
  },
  keysNeeded: {
    id: 'oauth.profile.problem.keysNeeded',
    defaultMessage: 'private_key_jwt needs the client’s public keys: a JWK Set or a JWKS URL.',
  },
  jwksJson: { id: 'oauth.profile.problem.jwksJson', defaultMessage: 'The JWK Set is not valid JSON.' },
  jwksKeys: {
    id: 'oauth.profile.problem.jwksKeys',
    defaultMessage: 'The JWK Set must be an object with a "keys" array.',
  },
  jwksUri: { id: 'oauth.profile.problem.jwksUri', defaultMessage: 'The JWKS URL must be an absolute http(s) URL.' },
  badgeFapi2: { id: 'oauth.client.badge.fapi2', defaultMessage: 'FAPI 2.0' },
  badgePar: { id: 'oauth.client.badge.par', defaultMessage: 'PAR required' },
  badgeDpop: { id: 'oauth.client.badge.dpop', defaultMessage: 'DPoP required' },
  badgeKeyAuth: { id: 'oauth.client.badge.keyAuth', defaultMessage: 'private_key_jwt' },
  badgeRequestObjects: { id: 'oauth.client.badge.requestObjects', defaultMessage: 'Request objects: {alg}' },
});

/** Spec §5: split by line, blank lines dropped. */
export function splitLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
}

/** Beyond the spec: absolute http(s) URLs without a fragment; returns the first bad line, or null. */
export function firstInvalidUrl(lines: string[]): string | null {
  for (const line of lines) {
    try {
      const url = new URL(line);
      if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hash || line.includes('#')) return line;
    } catch {
      return line;
    }
  }
  return null;
}

/**
 * The form's message for the first field (label, lines) holding a line that is not an absolute
 * http(s) URL without a fragment; null when every line is one.
 */
export function firstUrlError(fields: [label: string, lines: string[]][]): Message | null {
  for (const [label, lines] of fields) {
    const bad = firstInvalidUrl(lines);
    if (bad) return { message: m.badUrl, values: { label, url: bad } };
  }
  return null;
}

/** The list's view of a secret: its first characters; null for a public client, which has none. */
export function previewSecret(secret: string | null): string | null {
  return secret ? `${secret.slice(0, SECRET_PREVIEW_CHARS)}...` : null;
}

export function browserName(ua: string | null): string {
  if (!ua) return UNKNOWN_BROWSER;
  // Order matters: Edge and Chrome both say "Chrome", Chrome says "Safari".
  if (/Edg\//.test(ua)) return 'Edge';
  if (/Firefox\//.test(ua)) return 'Firefox';
  if (/Chrome\//.test(ua) || /Chromium\//.test(ua)) return 'Chrome';
  if (/Safari\//.test(ua)) return 'Safari';
  return UNKNOWN_BROWSER;
}

export function isMobileAgent(ua: string | null): boolean {
  return Boolean(ua && /Mobile|Android|iPhone/.test(ua));
}

/** Spec §4: less than one hour left, which includes already expired. */
export function isExpiringSoon(expiresAt: string, now: number): boolean {
  return new Date(expiresAt).getTime() - now < EXPIRING_SOON_MS;
}

/** The FAPI 2.0 part of the client forms (issue 31), as the admin fills it in. */
export type SecurityProfileValues = {
  fapi2: boolean;
  par: boolean;
  dpop: boolean;
  keyAuth: boolean;
  jwks: string;
  jwksUri: string;
  /** RFC 9101: the one algorithm of its request objects, or 'any' the hub supports. */
  requestObjectAlg: 'any' | (typeof CLIENT_JWT_ALGS)[number];
};

export const EMPTY_SECURITY_PROFILE: SecurityProfileValues = {
  fapi2: false,
  par: false,
  dpop: false,
  keyAuth: false,
  jwks: '',
  jwksUri: '',
  requestObjectAlg: 'any',
};

export interface SecurityProfileInput {
  token_endpoint_auth_method?: 'private_key_jwt';
  jwks?: { keys: ({ kty: 'EC' | 'RSA' | 'OKP' } & Record<string, unknown>)[] };
  jwks_uri?: string;
  require_pushed_authorization_requests: boolean;
  dpop_bound_access_tokens: boolean;
  fapi2: boolean;
  request_object_signing_alg: (typeof CLIENT_JWT_ALGS)[number] | null;
}

/**
 * The API fields of the form's FAPI part, or the message for what is wrong with it. FAPI 2.0
 * implies key-based client authentication; keys are a pasted public JWK Set or a JWKS URL, not
 * both (the server checks the same and more: no private parts).
 */
export function securityProfileInput(
  v: SecurityProfileValues,
): { input: SecurityProfileInput } | { error: MessageDescriptor } {
  const keyAuth = v.keyAuth || v.fapi2;
  const text = v.jwks.trim();
  const uri = v.jwksUri.trim();
  if (text && uri) return { error: m.jwksAndUri };
  if (keyAuth && !text && !uri) return { error: m.keysNeeded };
  let jwks: SecurityProfileInput['jwks'];
  if (text) {
    try {
      jwks = JSON.parse(text) as SecurityProfileInput['jwks'];
    } catch {
      return { error: m.jwksJson };
    }
    if (!jwks || !Array.isArray(jwks.keys)) return { error: m.jwksKeys };
  }
  if (uri && firstInvalidUrl([uri])) return { error: m.jwksUri };
  return {
    input: {
      ...(keyAuth ? { token_endpoint_auth_method: 'private_key_jwt' as const } : {}),
      ...(jwks ? { jwks } : {}),
      ...(uri ? { jwks_uri: uri } : {}),
      require_pushed_authorization_requests: v.par,
      dpop_bound_access_tokens: v.dpop,
      fapi2: v.fapi2,
      request_object_signing_alg: v.requestObjectAlg === 'any' ? null : v.requestObjectAlg,
    },
  };
}

/** The card's badges for a client's FAPI 2.0 building blocks, in a fixed order. */
export function securityBadges(c: {
  fapi2: boolean;
  require_pushed_authorization_requests: boolean;
  dpop_bound_access_tokens: boolean;
  token_endpoint_auth_method: string;
  request_object_signing_alg: string | null;
}): Message[] {
  const badges: (Message | null)[] = [
    c.fapi2 ? { message: m.badgeFapi2 } : null,
    c.require_pushed_authorization_requests || c.fapi2 ? { message: m.badgePar } : null,
    c.dpop_bound_access_tokens || c.fapi2 ? { message: m.badgeDpop } : null,
    c.token_endpoint_auth_method === 'private_key_jwt' ? { message: m.badgeKeyAuth } : null,
    c.request_object_signing_alg
      ? { message: m.badgeRequestObjects, values: { alg: c.request_object_signing_alg } }
      : null,
  ];
  return badges.filter((b): b is Message => b !== null);
}
