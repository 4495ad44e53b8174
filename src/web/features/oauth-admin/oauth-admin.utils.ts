import type { SUPPORTED_SCOPES } from '@shared/oauth';

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
export function firstUrlError(fields: [label: string, lines: string[]][]): string | null {
  for (const [label, lines] of fields) {
    const bad = firstInvalidUrl(lines);
    if (bad) return `${label} "${bad}" must be an absolute http(s) URL without a fragment.`;
  }
  return null;
}

export function previewSecret(secret: string | null): string {
  return secret ? `${secret.slice(0, SECRET_PREVIEW_CHARS)}...` : 'Public client (no secret)';
}

export function browserName(ua: string | null): string {
  if (!ua) return 'Unknown Browser';
  // Order matters: Edge and Chrome both say "Chrome", Chrome says "Safari".
  if (/Edg\//.test(ua)) return 'Edge';
  if (/Firefox\//.test(ua)) return 'Firefox';
  if (/Chrome\//.test(ua) || /Chromium\//.test(ua)) return 'Chrome';
  if (/Safari\//.test(ua)) return 'Safari';
  return 'Unknown Browser';
}

export function isMobileAgent(ua: string | null): boolean {
  return Boolean(ua && /Mobile|Android|iPhone/.test(ua));
}

/** Spec §4: less than one hour left, which includes already expired. */
export function isExpiringSoon(expiresAt: string, now: number): boolean {
  return new Date(expiresAt).getTime() - now < EXPIRING_SOON_MS;
}
