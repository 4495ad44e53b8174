import { defineMessages, type IntlShape } from 'react-intl';
import { JUSTIFICATION_MIN, TIME_LIMIT } from '@shared/credential-access';

/** Display rules of the /admin dashboard (spec §2, §4, §9), kept pure so they are unit-testable. */
export const TOKEN_HASH_CHARS = 16;
export { JUSTIFICATION_MIN, TIME_LIMIT };

/** The spec's fallbacks for a missing name, organization or last login. */
export const fallbacks = defineMessages({
  name: { id: 'admin.users.fallbackName', defaultMessage: 'Unnamed User' },
  organization: { id: 'admin.users.fallbackOrganization', defaultMessage: 'Not specified' },
  lastLogin: { id: 'admin.users.neverSignedIn', defaultMessage: 'Never' },
});

/** A date, or the spec's 'Never' for a user who never signed in. */
export function formatDate(intl: IntlShape, iso: string | null | undefined): string {
  return iso ? intl.formatDate(iso, { dateStyle: 'medium' }) : intl.formatMessage(fallbacks.lastLogin);
}

/** "Nov 21, 2026, 01:45 PM" in the reader's locale. */
export function formatDateTime(intl: IntlShape, iso: string): string {
  return intl.formatDate(iso, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
}

/** Spec §4: approved → default, denied → destructive, anything else (pending, expired) → secondary. */
export function requestStatusVariant(status: string): 'default' | 'destructive' | 'secondary' {
  if (status === 'approved') return 'default';
  if (status === 'denied') return 'destructive';
  return 'secondary';
}

const requestStatuses = defineMessages({
  pending: { id: 'admin.requests.status.pending', defaultMessage: 'pending' },
  approved: { id: 'admin.requests.status.approved', defaultMessage: 'approved' },
  denied: { id: 'admin.requests.status.denied', defaultMessage: 'denied' },
  expired: { id: 'admin.requests.status.expired', defaultMessage: 'expired' },
});

/** A credential request's status as a person reads it; an unknown status as it is. */
export function requestStatusLabel(intl: IntlShape, status: string): string {
  const message = requestStatuses[status as keyof typeof requestStatuses];
  return message ? intl.formatMessage(message) : status;
}

const mfaMessages = defineMessages({
  app: { id: 'admin.users.mfa.app', defaultMessage: 'App' },
  none: { id: 'admin.users.mfa.none', defaultMessage: 'None' },
});

/** The Users tab's MFA column: which second factors a user has, or 'None'. */
export function mfaLabel(intl: IntlShape, mfa: { totp: boolean; passkeys: number }): string {
  const parts = [
    mfa.totp && intl.formatMessage(mfaMessages.app),
    mfa.passkeys > 0 &&
      intl.formatMessage(
        { id: 'admin.users.mfa.passkeys', defaultMessage: '{count, plural, one {# passkey} other {# passkeys}}' },
        { count: mfa.passkeys },
      ),
  ];
  return parts.filter(Boolean).join(' + ') || intl.formatMessage(mfaMessages.none);
}

const roleMessages = defineMessages({
  user: { id: 'admin.roles.user', defaultMessage: 'User' },
  platform_admin: { id: 'admin.roles.platformAdmin', defaultMessage: 'Platform Admin' },
  super_admin: { id: 'admin.roles.superAdmin', defaultMessage: 'Super Admin' },
  support: { id: 'admin.roles.support', defaultMessage: 'Support' },
});

const roleDescriptions = defineMessages({
  user: { id: 'admin.roles.user.description', defaultMessage: 'Basic platform access' },
  platform_admin: {
    id: 'admin.roles.platformAdmin.description',
    defaultMessage: 'Administrative access to platform features',
  },
  super_admin: { id: 'admin.roles.superAdmin.description', defaultMessage: 'Full system access and control' },
  support: {
    id: 'admin.roles.support.description',
    defaultMessage: 'With an admin role: view as a user to help them (audited, time-limited)',
  },
});

/** A platform role's name ("Platform Admin"); an unknown role as it is. */
export function roleLabel(intl: IntlShape, role: string): string {
  const message = roleMessages[role as keyof typeof roleMessages];
  return message ? intl.formatMessage(message) : role;
}

/** What a platform role allows (spec §6), in the reader's language. */
export function roleDescription(intl: IntlShape, role: string): string {
  const message = roleDescriptions[role as keyof typeof roleDescriptions];
  return message ? intl.formatMessage(message) : '';
}

const credentialMessages = defineMessages({
  api_key: { id: 'admin.credentials.apiKey', defaultMessage: 'API Key' },
  webhook_secret: { id: 'admin.credentials.webhookSecret', defaultMessage: 'Webhook Secret' },
});

/** Which credential of an application: "API Key", "Webhook Secret"; an unknown type as it is. */
export function credentialLabel(intl: IntlShape, type: string | null | undefined): string {
  const message = credentialMessages[(type ?? '') as keyof typeof credentialMessages];
  return message ? intl.formatMessage(message) : (type ?? '');
}

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
