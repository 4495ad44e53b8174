/**
 * The audit event catalogue (spec §3 "Audit / security event", §4 severities): every event
 * type the hub records, listed once, each with its default severity. Server capabilities and
 * the browser queues import from here; a test checks that every literal `eventType` used in
 * src/server is listed. Browsers may still report types not listed here (the ingestion route
 * only checks the snake_case pattern), so the viewer treats the list as suggestions.
 */
export const AUDIT_SEVERITIES = ['info', 'low', 'medium', 'high', 'critical'] as const;
export type AuditSeverity = (typeof AUDIT_SEVERITIES)[number];

/** Spec §4: low is the default severity. */
export const DEFAULT_AUDIT_SEVERITY: AuditSeverity = 'low';

/** High and critical events flush the browser queues at once (spec §4, §9). */
export const URGENT_SEVERITIES: readonly AuditSeverity[] = ['high', 'critical'];

export const AUDIT_SOURCES = ['server', 'client'] as const;
export type AuditSource = (typeof AUDIT_SOURCES)[number];

/** snake_case, 2–64 characters: what an event_type may look like, from any source. */
export const AUDIT_EVENT_TYPE_PATTERN = /^[a-z][a-z0-9_]{1,63}$/;

export const AUDIT_EVENTS = {
  // Spec §3: access control and credential access.
  unauthorized_access: { severity: 'medium', label: 'Unauthorized access' },
  permission_denied: { severity: 'high', label: 'Permission denied' },
  role_escalation_attempt: { severity: 'high', label: 'Role escalation attempt' },
  credential_access_requested: { severity: 'medium', label: 'Credential access requested' },
  credential_access_granted: { severity: 'high', label: 'Credential access granted' },
  credential_access_denied: { severity: 'medium', label: 'Credential access denied' },
  credential_access_viewed: { severity: 'high', label: 'Credential viewed' },
  admin_panel_access: { severity: 'low', label: 'Admin panel access' },
  emergency_access: { severity: 'critical', label: 'Emergency access' },
  config_change: { severity: 'info', label: 'Configuration change' },
  // Accounts: sign-up, sign-in, sessions, roles.
  sign_up: { severity: 'low', label: 'Sign-up' },
  sign_in_success: { severity: 'low', label: 'Sign-in' },
  sign_in_failure: { severity: 'medium', label: 'Sign-in failed' },
  sign_in_blocked: { severity: 'high', label: 'Sign-in blocked (rate limit)' },
  sign_out: { severity: 'low', label: 'Sign-out' },
  email_verified: { severity: 'low', label: 'Email verified' },
  password_changed: { severity: 'medium', label: 'Password changed' },
  password_reset_requested: { severity: 'medium', label: 'Password reset requested' },
  session_created: { severity: 'low', label: 'Session created' },
  session_revoked: { severity: 'medium', label: 'Session revoked' },
  session_expired: { severity: 'low', label: 'Session expired' },
  cross_platform_session: { severity: 'low', label: 'Cross-platform hand-off' },
  app_token_created: { severity: 'low', label: 'App token created' },
  app_access_revoked: { severity: 'medium', label: 'App access revoked' },
  user_updated: { severity: 'medium', label: 'User updated' },
  user_deactivated: { severity: 'high', label: 'User deactivated' },
  user_activated: { severity: 'medium', label: 'User activated' },
  role_granted: { severity: 'high', label: 'Role granted' },
  role_revoked: { severity: 'high', label: 'Role revoked' },
  roles_updated: { severity: 'high', label: 'Roles updated' },
  // OAuth clients and tokens.
  client_created: { severity: 'high', label: 'OAuth client created' },
  client_updated: { severity: 'medium', label: 'OAuth client updated' },
  client_activated: { severity: 'medium', label: 'OAuth client activated' },
  client_deactivated: { severity: 'medium', label: 'OAuth client deactivated' },
  client_secret_viewed: { severity: 'high', label: 'OAuth client secret viewed' },
  client_secret_rotated: { severity: 'high', label: 'OAuth client secret rotated' },
  oauth_consent_granted: { severity: 'low', label: 'OAuth consent granted' },
  oauth_token_issued: { severity: 'info', label: 'OAuth token issued' },
  oauth_token_revoked: { severity: 'medium', label: 'OAuth token revoked' },
  oauth_refresh_reuse: { severity: 'critical', label: 'Refresh token reuse detected' },
  oauth_invalid_client: { severity: 'medium', label: 'OAuth client authentication failed' },
  oauth_token_refused: { severity: 'low', label: 'OAuth token request refused' },
  oauth_code_reuse: { severity: 'critical', label: 'Authorization code reuse detected' },
  oauth_authorize_refused: { severity: 'low', label: 'OAuth authorization refused' },
  signing_key_rotated: { severity: 'high', label: 'Signing key rotated' },
  // Setup tools.
  setup_admins_created: { severity: 'critical', label: 'Setup: system administrators created' },
  setup_cleanup: { severity: 'critical', label: 'Setup: all users deleted' },
  setup_key_invalid: { severity: 'high', label: 'Setup: invalid confirmation key' },
  // The audit pipeline itself.
  audit_export: { severity: 'medium', label: 'Audit log exported' },
  audit_verify: { severity: 'info', label: 'Audit chain verified' },
  audit_retention_pruned: { severity: 'info', label: 'Audit rows pruned (retention)' },
  audit_events_dropped: { severity: 'medium', label: 'Browser audit events dropped' },
  audit_event_viewed: { severity: 'low', label: 'Audit event details viewed' },
  audit_chain_broken: { severity: 'critical', label: 'Audit chain verification failed' },
} as const satisfies Record<string, { severity: AuditSeverity; label: string }>;

export type AuditEventType = keyof typeof AUDIT_EVENTS;
export const AUDIT_EVENT_TYPES = Object.keys(AUDIT_EVENTS) as AuditEventType[];

export function isKnownAuditEventType(type: string): type is AuditEventType {
  return Object.prototype.hasOwnProperty.call(AUDIT_EVENTS, type);
}

/** The catalogue's default severity for a type, or the spec's default (low) for anything else. */
export function defaultSeverityOf(type: string): AuditSeverity {
  return isKnownAuditEventType(type) ? AUDIT_EVENTS[type].severity : DEFAULT_AUDIT_SEVERITY;
}
