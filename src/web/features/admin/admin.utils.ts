import { JUSTIFICATION_MIN, TIME_LIMIT } from '@shared/credential-access';
import { formatDate as formatDay, formatDateTime } from '@/lib/format';

/** Display rules of the /admin dashboard (spec §2, §4, §9), kept pure so they are unit-testable. */
export const FALLBACK_NAME = 'Unnamed User';
export const FALLBACK_ORGANIZATION = 'Not specified';
export const FALLBACK_LAST_LOGIN = 'Never';
export const TOKEN_HASH_CHARS = 16;
export { JUSTIFICATION_MIN, TIME_LIMIT, formatDateTime };

/** A date, or the spec's 'Never' for a user who never signed in. */
export function formatDate(iso: string | null | undefined): string {
  return iso ? formatDay(iso) : FALLBACK_LAST_LOGIN;
}

/** Spec §4: approved → default, denied → destructive, anything else (pending, expired) → secondary. */
export function requestStatusVariant(status: string): 'default' | 'destructive' | 'secondary' {
  if (status === 'approved') return 'default';
  if (status === 'denied') return 'destructive';
  return 'secondary';
}

/** The Users tab's MFA column: which second factors a user has, or 'None'. */
export function mfaLabel(mfa: { totp: boolean; passkeys: number }): string {
  const parts = [
    mfa.totp && 'App',
    mfa.passkeys > 0 && (mfa.passkeys === 1 ? '1 passkey' : `${mfa.passkeys} passkeys`),
  ];
  return parts.filter(Boolean).join(' + ') || 'None';
}

export const ROLE_LABELS: Record<string, string> = {
  user: 'User',
  platform_admin: 'Platform Admin',
  super_admin: 'Super Admin',
  support: 'Support',
};
export const CREDENTIAL_LABELS: Record<string, string> = { api_key: 'API Key', webhook_secret: 'Webhook Secret' };

/** "mm:ss" (or "h:mm:ss") left until `expiresAt`; "0:00" once passed. */
export function countdown(expiresAt: string, now: number): string {
  const left = Math.max(0, Math.floor((new Date(expiresAt).getTime() - now) / 1000));
  const h = Math.floor(left / 3600);
  const m = Math.floor((left % 3600) / 60);
  const s = String(left % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** Audit-tab validation (spec §5): an app and a trimmed justification of at least 15 characters. */
export function isTimeLimitedRequestValid(appId: string, justification: string): boolean {
  return Boolean(appId) && justification.trim().length >= JUSTIFICATION_MIN;
}

export function clampMinutes(value: number): number {
  if (!Number.isFinite(value)) return TIME_LIMIT.default;
  return Math.min(TIME_LIMIT.max, Math.max(TIME_LIMIT.min, Math.round(value)));
}
