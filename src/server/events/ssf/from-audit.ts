import type { AuditEvent } from '../../audit/record';
import type { AuditDetails, AuditEventType } from '../../../shared/audit-events';
import { SSF_EVENTS, type SsfEventType } from '../../../shared/api/ssf';

/**
 * The SSF twin of delivery/from-audit.ts (issue 30): the CAEP and RISC events an audit event stands for.
 * Like the webhook mapping it is the only place they come from, so a stream hears of a change
 * exactly when its audit record commits (the outbox writes both in the same statement). Every
 * event here is about one user: the worker names it as an RFC 9493 `iss_sub` subject.
 */
export interface DerivedSecurityEvent {
  type: SsfEventType;
  userId: string;
  /** The event's members besides `event_timestamp` (added by the outbox from the audit time). */
  body: Record<string, unknown>;
}

type Derive = (event: AuditEvent) => DerivedSecurityEvent[];

function details<T extends AuditEventType>(event: AuditEvent, _type: T): AuditDetails<T> {
  return event.details as AuditDetails<T>;
}

const one = (type: SsfEventType, userId: string | null | undefined, body: Record<string, unknown> = {}) =>
  userId ? [{ type, userId, body }] : [];

/** CAEP credential-change of the acting user (self-service), with the assurance it moves. */
const selfCredential =
  (credential_type: string, change_type: 'create' | 'update' | 'delete'): Derive =>
  (e) => {
    const events = one(SSF_EVENTS.credentialChange, e.userId, {
      credential_type,
      change_type,
      initiating_entity: 'user',
    });
    if (change_type === 'create' && credential_type !== 'password') {
      // A second factor raises what the next sign-in can reach to NIST AAL2 (CAEP §3.4).
      events.push(
        ...one(SSF_EVENTS.assuranceLevelChange, e.userId, {
          namespace: 'NIST-AAL',
          current_level: 'nist-aal2',
          change_direction: 'increase',
          initiating_entity: 'user',
        }),
      );
    }
    return events;
  };

export const AUDIT_TO_SSF: Partial<Record<AuditEvent['type'], Derive>> = {
  session_revoked: (e) => {
    const d = details(e, 'session_revoked');
    return one(SSF_EVENTS.sessionRevoked, d.owner_user_id, {
      initiating_entity: d.by === 'admin' ? 'admin' : 'user',
      reason_admin: { en: d.by === 'admin' ? 'Session ended by an administrator' : 'Session ended by the user' },
    });
  },
  user_deactivated: (e) => {
    const d = details(e, 'user_deactivated');
    // RISC's `reason` names hijacking or bulk creation; an administrator's deactivation is neither.
    return one(SSF_EVENTS.accountDisabled, d.target_user_id, { initiating_entity: 'admin' });
  },
  account_erased: (e) => one(SSF_EVENTS.accountPurged, details(e, 'account_erased').target_user_id),
  user_activated: (e) => one(SSF_EVENTS.accountEnabled, details(e, 'user_activated').target_user_id),
  password_changed: selfCredential('password', 'update'),
  password_reset: selfCredential('password', 'update'),
  mfa_totp_enrolled: selfCredential('app', 'create'),
  mfa_totp_removed: selfCredential('app', 'delete'),
  passkey_registered: selfCredential('fido2-platform', 'create'),
  passkey_removed: selfCredential('fido2-platform', 'delete'),
  mfa_reset: (e) => {
    const d = details(e, 'mfa_reset');
    return [
      ...one(SSF_EVENTS.credentialChange, d.target_user_id, {
        credential_type: 'app',
        change_type: 'revoke',
        initiating_entity: 'admin',
      }),
      ...one(SSF_EVENTS.assuranceLevelChange, d.target_user_id, {
        namespace: 'NIST-AAL',
        current_level: 'nist-aal1',
        change_direction: 'decrease',
        initiating_entity: 'admin',
      }),
    ];
  },
  roles_updated: (e) => {
    const d = details(e, 'roles_updated');
    return one(SSF_EVENTS.tokenClaimsChange, d.target_user_id, {
      claims: { roles: d.roles },
      initiating_entity: 'admin',
    });
  },
  // A single grant or revocation names one role, not the resulting set: the receiver learns that
  // the `roles` claim changed and reads it again (userinfo or the next token).
  role_granted: (e) => {
    const d = details(e, 'role_granted');
    return one(SSF_EVENTS.tokenClaimsChange, d.target_user_id, {
      claims: { roles_granted: [d.role] },
      initiating_entity: 'admin',
    });
  },
  role_revoked: (e) => {
    const d = details(e, 'role_revoked');
    return one(SSF_EVENTS.tokenClaimsChange, d.target_user_id, {
      claims: { roles_revoked: [d.role] },
      initiating_entity: 'admin',
    });
  },
  email_changed: (e) =>
    one(SSF_EVENTS.tokenClaimsChange, e.userId, {
      claims: { email: details(e, 'email_changed').new_email },
      initiating_entity: 'user',
    }),
  credential_compromised: (e) => {
    const d = details(e, 'credential_compromised');
    return one(SSF_EVENTS.credentialCompromise, d.target_user_id, {
      credential_type: d.credential_type,
      reason_admin: { en: d.reason ?? 'An administrator flagged the credential as compromised' },
    });
  },
};

/** The security events an audit event stands for (none for most). */
export function deriveSecurityEvents(event: AuditEvent): DerivedSecurityEvent[] {
  return AUDIT_TO_SSF[event.type]?.(event) ?? [];
}
