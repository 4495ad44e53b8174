import type { AuditEvent } from '../../audit/record';
import type { AuditDetails, AuditEventType } from '../../../shared/audit-events';
import type { WebhookEventData, WebhookEventType } from '../../../shared/webhook-events';

/**
 * An outbound event derived from an audit event, with what endpoints filter it by: the user it
 * concerns and the client it names (a client-scoped endpoint gets a client's own events and the
 * events of the users of that client).
 */
export interface DerivedEvent {
  type: WebhookEventType;
  /** The catalogue's data for `type` (derived() keeps the two together). */
  data: object;
  userId: string | null;
  clientId: string | null;
}

type Derive = (event: AuditEvent) => DerivedEvent | null;

function derived<K extends WebhookEventType>(type: K, data: WebhookEventData<K>, userId: string | null): DerivedEvent {
  return { type, data: data as object, userId, clientId: null };
}

/** The details of an event the mapping was looked up by (its type is the key it was found under). */
function details<T extends AuditEventType>(event: AuditEvent, _type: T): AuditDetails<T> {
  return event.details as AuditDetails<T>;
}

/** The user a self-service event concerns is the actor; an administrator's names a target. */
const self = (e: AuditEvent) => e.userId ?? null;

const mfa =
  (change: WebhookEventData<'user.mfa_changed'>['change']): Derive =>
  (e) => {
    const user = self(e);
    return user ? derived('user.mfa_changed', { user_id: user, change }, user) : null;
  };

const clientChange =
  (change: WebhookEventData<'client.updated'>['change']): Derive =>
  (e) => {
    const d = e.details as { client_id: string; fields?: string[] };
    return {
      ...derived('client.updated', { client_id: d.client_id, change, fields: d.fields ?? [] }, null),
      clientId: d.client_id,
    };
  };

/**
 * The one mapping from audit events to outbound events: every change the hub records through the
 * audit log (and only such a change) becomes its event, in the same statement, without any
 * service knowing about webhooks. An audit event not listed here emits nothing.
 */
export const AUDIT_TO_EVENT: Partial<Record<AuditEvent['type'], Derive>> = {
  sign_up: (e) => {
    const user = self(e);
    if (!user) return null;
    return derived('user.created', { user_id: user, email: details(e, 'sign_up').email, via: 'sign_up' }, user);
  },
  federated_account_created: (e) => {
    const user = self(e);
    if (!user) return null;
    const email = details(e, 'federated_account_created').email;
    return derived('user.created', { user_id: user, email, via: 'federation' }, user);
  },
  scim_user_provisioned: (e) => {
    const d = details(e, 'scim_user_provisioned');
    if (!d.account_created) return null;
    return derived('user.created', { user_id: d.target_user_id, email: d.email, via: 'scim' }, d.target_user_id);
  },
  profile_updated: (e) => {
    const user = self(e);
    return user ? derived('user.updated', { user_id: user, fields: details(e, 'profile_updated').fields }, user) : null;
  },
  email_changed: (e) => {
    const user = self(e);
    return user ? derived('user.updated', { user_id: user, fields: ['email'] }, user) : null;
  },
  email_verified: (e) => {
    const user = self(e);
    return user ? derived('user.updated', { user_id: user, fields: ['email_verified'] }, user) : null;
  },
  user_updated: (e) => {
    const d = details(e, 'user_updated');
    return derived('user.updated', { user_id: d.target_user_id, fields: d.fields }, d.target_user_id);
  },
  user_activated: (e) => {
    const d = details(e, 'user_activated');
    return derived('user.updated', { user_id: d.target_user_id, fields: ['is_active'] }, d.target_user_id);
  },
  user_deactivated: (e) => {
    const d = details(e, 'user_deactivated');
    const data = { user_id: d.target_user_id, sessions_revoked: d.sessions_revoked };
    return derived('user.deactivated', data, d.target_user_id);
  },
  account_erased: (e) => {
    const d = details(e, 'account_erased');
    return derived('user.deleted', { user_id: d.target_user_id }, d.target_user_id);
  },
  role_granted: (e) => {
    const d = details(e, 'role_granted');
    return derived(
      'user.roles_changed',
      { user_id: d.target_user_id, granted: [d.role], revoked: [], roles: null },
      d.target_user_id,
    );
  },
  role_revoked: (e) => {
    const d = details(e, 'role_revoked');
    return derived(
      'user.roles_changed',
      { user_id: d.target_user_id, granted: [], revoked: [d.role], roles: null },
      d.target_user_id,
    );
  },
  roles_updated: (e) => {
    const d = details(e, 'roles_updated');
    const data = { user_id: d.target_user_id, granted: [], revoked: [], roles: d.roles };
    return derived('user.roles_changed', data, d.target_user_id);
  },
  password_changed: (e) => {
    const user = self(e);
    const revoked = details(e, 'password_changed').sessions_revoked;
    return user
      ? derived('user.password_changed', { user_id: user, reset: false, sessions_revoked: revoked }, user)
      : null;
  },
  password_reset: (e) => {
    const user = self(e);
    const revoked = details(e, 'password_reset').sessions_revoked;
    return user
      ? derived('user.password_changed', { user_id: user, reset: true, sessions_revoked: revoked }, user)
      : null;
  },
  mfa_totp_enrolled: mfa('totp_enrolled'),
  mfa_totp_removed: mfa('totp_removed'),
  passkey_registered: mfa('passkey_registered'),
  passkey_removed: mfa('passkey_removed'),
  mfa_recovery_codes_generated: mfa('recovery_codes_generated'),
  mfa_reset: (e) => {
    const d = details(e, 'mfa_reset');
    return derived('user.mfa_changed', { user_id: d.target_user_id, change: 'reset_by_admin' }, d.target_user_id);
  },
  session_revoked: (e) => {
    const d = details(e, 'session_revoked');
    const data = { session_id: d.revoked_session_id, user_id: d.owner_user_id, by: d.by };
    return derived('session.revoked', data, d.owner_user_id);
  },
  client_created: (e) => {
    const d = details(e, 'client_created');
    const registration = d.registration ?? ('admin' as const);
    const data = { client_id: d.client_id, app_name: d.app_name, app_type: d.app_type, registration };
    return { ...derived('client.created', data, null), clientId: d.client_id };
  },
  client_updated: clientChange('updated'),
  client_activated: clientChange('activated'),
  client_deactivated: clientChange('deactivated'),
  client_secret_rotated: clientChange('secret_rotated'),
  org_created: (e) => {
    const d = details(e, 'org_created');
    return derived('org.created', { org_id: d.org_id, slug: d.slug, name: d.name }, null);
  },
  org_member_added: (e) => {
    const d = details(e, 'org_member_added');
    const data = { org_id: d.org_id, user_id: d.target_user_id, roles: d.roles, via: d.via };
    return derived('org.member_added', data, d.target_user_id);
  },
  org_member_removed: (e) => {
    const d = details(e, 'org_member_removed');
    return derived('org.member_removed', { org_id: d.org_id, user_id: d.target_user_id, by: d.by }, d.target_user_id);
  },
  org_role_changed: (e) => {
    const d = details(e, 'org_role_changed');
    const data = { org_id: d.org_id, user_id: d.target_user_id, from: d.from, to: d.to };
    return derived('org.member_role_changed', data, d.target_user_id);
  },
};

/** The outbound event an audit event stands for, or null. */
export function deriveEvent(event: AuditEvent): DerivedEvent | null {
  return AUDIT_TO_EVENT[event.type]?.(event) ?? null;
}
