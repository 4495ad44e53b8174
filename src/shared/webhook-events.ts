/**
 * The event catalogue of the hub's outbound channels (issue 30): what a sister platform can
 * subscribe to, listed once with the shape of each event's `data`. The catalogue is the type,
 * like the audit catalogue (audit-events.ts): the server derives these events from the audit
 * events it commits (server/events/delivery/from-audit.ts) and can build no other.
 *
 * On the wire (Standard Webhooks): `{"type": "user.deactivated", "timestamp": "…", "data": {…}}`.
 */

/** One catalogue entry; `D` is the shape of `data` (a type only, nothing at run time). */
export interface WebhookEventSpec<D> {
  label: string;
  /** Phantom: carries the data type for `WebhookEventData<K>`. */
  readonly data?: D;
}

function event<D extends object>(label: string): WebhookEventSpec<D> {
  return { label };
}

/** Every user event names its user. */
interface UserRef {
  user_id: string;
}

/** Every organization membership event names the organization and the member. */
interface OrgMember extends UserRef {
  org_id: string;
}

export const WEBHOOK_EVENTS = {
  'user.created': event<UserRef & { email: string | null; via: 'sign_up' | 'federation' | 'scim' }>(
    'An account was created',
  ),
  'user.updated': event<UserRef & { fields: string[] }>('Profile or account fields changed'),
  'user.deactivated': event<UserRef & { sessions_revoked: number }>('An administrator deactivated the account'),
  /** No hub operation deletes a single account yet; the name is fixed for when one does. */
  'user.deleted': event<UserRef>('An account was deleted'),
  'user.roles_changed': event<UserRef & { granted: string[]; revoked: string[]; roles: string[] | null }>(
    'Ecosystem roles changed',
  ),
  'user.password_changed': event<UserRef & { reset: boolean; sessions_revoked: number }>(
    'The password was changed or reset',
  ),
  'user.mfa_changed': event<UserRef & { change: MfaChange }>('A second factor was added, removed or reset'),
  'session.revoked': event<{ session_id: string; user_id: string | null; by: 'self' | 'admin' }>(
    'A session was ended before it expired',
  ),
  'client.created': event<{ client_id: string; app_name: string; app_type: string; registration: 'admin' | 'dynamic' }>(
    'An OAuth client was registered',
  ),
  'client.updated': event<{ client_id: string; change: ClientChange; fields: string[] }>('An OAuth client changed'),
  'org.created': event<{ org_id: string; slug: string; name: string }>('An organization was created'),
  'org.member_added': event<OrgMember & { roles: string[]; via: string }>('Someone joined an organization'),
  'org.member_removed': event<OrgMember & { by: 'self' | 'admin' }>('Someone left or was removed from an organization'),
  'org.member_role_changed': event<OrgMember & { from: string[]; to: string[] }>(
    'A member\u2019s organization roles changed',
  ),
} as const satisfies Record<string, WebhookEventSpec<object>>;

export type MfaChange =
  | 'totp_enrolled'
  | 'totp_removed'
  | 'passkey_registered'
  | 'passkey_removed'
  | 'recovery_codes_generated'
  | 'reset_by_admin';

export type ClientChange = 'updated' | 'activated' | 'deactivated' | 'secret_rotated';

export type WebhookEventType = keyof typeof WEBHOOK_EVENTS;
export const WEBHOOK_EVENT_TYPES = Object.keys(WEBHOOK_EVENTS) as [WebhookEventType, ...WebhookEventType[]];

/** The `data` shape the catalogue declares for an event type. */
export type WebhookEventData<K extends WebhookEventType> =
  (typeof WEBHOOK_EVENTS)[K] extends WebhookEventSpec<infer D> ? D : never;

/** The event an endpoint's "Send test event" delivers; no subscription is needed for it. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';
