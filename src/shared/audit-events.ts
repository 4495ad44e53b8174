/**
 * The audit event catalogue (spec §3 "Audit / security event", §4 severities): every event type
 * the hub records, listed once, with its severity, its label and the shape of its `details`.
 * The catalogue is the type: the server's `audit.record()` accepts only the entries below, with
 * their declared details, and takes the severity from here (no call site chooses one).
 * Browsers may report other snake_case types (stored with source `client`), so the viewer treats
 * this list as suggestions, not a closed set.
 */
import { DEFAULT_AUDIT_SEVERITY, type AuditSeverity } from './audit-severities';

// The severities, sources and type pattern live apart (audit-severities.ts) so the browser's audit queue,
// which the landing page loads, does not carry the catalogue; they are part of this module's API too.
export { AUDIT_EVENT_TYPE_PATTERN, AUDIT_SEVERITIES, AUDIT_SOURCES, type AuditSeverity } from './audit-severities';

/** One catalogue entry; `D` is the shape of the event's `details` (a type only, nothing at run time). */
export interface AuditEventSpec<D> {
  severity: AuditSeverity;
  label: string;
  /** Phantom: carries the details type for `AuditDetails<K>`; always undefined at run time. */
  readonly details?: D;
}

type NoDetails = Record<string, never>;

function event<D extends object = NoDetails>(severity: AuditSeverity, label: string): AuditEventSpec<D> {
  return { severity, label };
}

/** Where a refusal happened: the matched route, never the raw URL. */
interface RouteRef {
  method: string;
  route: string;
  code?: string;
}
interface ClientRef {
  client_id: string | null;
}
interface TargetUser {
  target_user_id: string;
}
interface CredentialRef {
  request_id: string;
  app_id?: string | null;
  app_name?: string | null;
  credential_type?: string | null;
}

export const AUDIT_EVENTS = {
  // Spec §3: access control and credential access.
  unauthorized_access: event<RouteRef>('medium', 'Unauthorized access'),
  permission_denied: event<
    RouteRef & { action?: string; request_id?: string; status?: string; requesting_user_id?: string }
  >('high', 'Permission denied'),
  csrf_refused: event<RouteRef & { origin: string | null }>('medium', 'Cross-site request refused'),
  role_escalation_attempt: event<
    RouteRef & { action: string; target_user_id: string; granting?: string[]; revoking?: string[] }
  >('high', 'Role escalation attempt'),
  credential_access_requested: event<
    CredentialRef & { time_limit_minutes: number; justification: string; app_id: string; app_name: string }
  >('medium', 'Credential access requested'),
  credential_access_granted: event<
    CredentialRef & {
      requesting_user_id?: string;
      /** Who approved (the second person of the two-person rule; the requester when auto-approved). */
      approved_by?: string;
      auto_approved?: boolean;
      expires_at?: string;
      time_limit_minutes?: number;
      justification?: string;
    }
  >('high', 'Credential access granted'),
  credential_access_denied: event<CredentialRef & { requesting_user_id: string }>('medium', 'Credential access denied'),
  credential_access_viewed: event<CredentialRef>('high', 'Credential viewed'),
  admin_panel_access: event<Record<string, unknown>>('low', 'Admin panel access'),
  emergency_access: event<Record<string, unknown>>('critical', 'Emergency access'),
  config_change: event<Record<string, unknown>>('info', 'Configuration change'),
  /** Repeated anonymous refusals from one address, counted instead of written one by one. */
  anonymous_refusals_aggregated: event<{
    event_type: string;
    route: string;
    /** The reason an opted-in route's refusals were counted under (plugins/refusal-audit.ts). */
    kind?: string;
    count: number;
    window_start: string;
  }>('medium', 'Repeated anonymous refusals (aggregated)'),
  // Accounts: sign-up, sign-in, sessions, roles.
  sign_up: event<{ email: string }>('low', 'Sign-up'),
  sign_in_success: event<{ email: string }>('low', 'Sign-in'),
  sign_in_failure: event<{ email: string; reason: string; failures: number }>('medium', 'Sign-in failed'),
  /** The failure that starts a block (spec §9). */
  sign_in_blocked: event<{ email: string; failures: number; blocked_until: string }>(
    'high',
    'Sign-in blocked (rate limit)',
  ),
  /** An attempt refused while a block lasts; the password is not checked. */
  sign_in_refused_blocked: event<{ email: string; blocked_until: string | null }>(
    'medium',
    'Sign-in refused during a block',
  ),
  sign_out: event<{ via?: string; client_id?: string | null }>('low', 'Sign-out'),
  email_verified: event('low', 'Email verified'),
  password_changed: event<{ sessions_revoked: number }>('medium', 'Password changed'),
  password_reset_requested: event<{ email: string; mailed: boolean }>('medium', 'Password reset requested'),
  password_reset: event<{ sessions_revoked: number }>('high', 'Password reset'),
  password_reset_refused: event<{ reason: string }>('medium', 'Password reset refused'),
  // Issue 42: breached passwords, sign-in by email, impersonation.
  sign_in_breached_password: event<{ email: string; password_change: 'asked' | 'required' }>(
    'medium',
    'Sign-in with a breached password',
  ),
  password_change_refused: event<RouteRef>('medium', 'Refused until the breached password is changed'),
  sign_in_settings_updated: event<{ before: Record<string, unknown>; after: Record<string, unknown> }>(
    'high',
    'Sign-in settings changed',
  ),
  email_sign_in_requested: event<{ email: string; mode: 'code' | 'link'; mailed: boolean }>(
    'low',
    'Sign-in by email asked',
  ),
  email_sign_in_failure: event<{ email: string; reason: string; failures: number }>(
    'medium',
    'Sign-in by email failed',
  ),
  impersonation_requested: event<
    TargetUser & { request_id: string; justification: string; minutes: number; impersonator_id: string }
  >('high', 'View as user requested'),
  impersonation_approved: event<TargetUser & { request_id: string; requesting_user_id: string; decided_by: string }>(
    'high',
    'View as user approved',
  ),
  impersonation_denied: event<TargetUser & { request_id: string; requesting_user_id: string; decided_by: string }>(
    'medium',
    'View as user denied',
  ),
  impersonation_started: event<
    TargetUser & {
      impersonator_id: string;
      justification: string;
      minutes: number;
      expires_at: string;
      approved_by?: string;
      request_id?: string;
    }
  >('critical', 'View as user started'),
  impersonation_ended: event<TargetUser & { impersonator_id: string; reason: 'ended' | 'expired' }>(
    'high',
    'View as user ended',
  ),
  impersonation_refused: event<RouteRef & { impersonator_id: string; target_user_id: string; reason: string }>(
    'high',
    'Security setting refused while viewing as user',
  ),
  email_verification_resent: event('low', 'Verification mail sent again'),
  profile_updated: event<{ fields: string[] }>('low', 'Profile updated'),
  email_change_requested: event<{ new_email: string }>('medium', 'Email change requested'),
  email_changed: event<{ old_email: string; new_email: string }>('high', 'Email changed'),
  // Second factors (issue 13).
  mfa_totp_enrolled: event('high', 'Authenticator app enrolled'),
  mfa_totp_removed: event('high', 'Authenticator app removed'),
  mfa_recovery_codes_generated: event<{ count: number }>('medium', 'Recovery codes generated'),
  mfa_recovery_code_used: event<{ left: number }>('medium', 'Recovery code used'),
  passkey_registered: event<{ passkey_id: string; name: string }>('high', 'Passkey registered'),
  passkey_removed: event<{ passkey_id: string }>('high', 'Passkey removed'),
  sign_in_mfa_required: event<{ email: string; methods: string[] }>('low', 'Sign-in: second factor asked'),
  sign_in_mfa_failure: event<{ email: string; method: string; reason: string; failures: number }>(
    'medium',
    'Sign-in: second factor refused',
  ),
  passkey_sign_in_failure: event<{ reason: string }>('medium', 'Passkey sign-in refused'),
  reauthenticated: event<{ methods: string[] }>('low', 'Re-authenticated (step-up)'),
  reauthentication_failure: event<{ reason: string }>('medium', 'Re-authentication refused'),
  mfa_enrollment_required: event<RouteRef>('medium', 'Administrator without a second factor refused'),
  reauthentication_required: event<RouteRef>('low', 'Step-up re-authentication asked'),
  mfa_reset: event<TargetUser & { sessions_revoked: number; totp: boolean; passkeys: number }>(
    'critical',
    'Second factors reset by an administrator',
  ),
  session_created: event<Record<string, unknown>>('low', 'Session created'),
  session_revoked: event<{ revoked_session_id: string; owner_user_id: string | null; by: 'self' | 'admin' }>(
    'medium',
    'Session revoked',
  ),
  session_expired: event<Record<string, unknown>>('low', 'Session expired'),
  cross_platform_session: event<ClientRef & { redirect_url: string }>('low', 'Cross-platform hand-off'),
  app_token_created: event<ClientRef & { scopes: string[] }>('low', 'App token created'),
  app_access_revoked: event<ClientRef & { sessions_revoked: number }>('medium', 'App access revoked'),
  user_updated: event<TargetUser & { fields: string[] }>('medium', 'User updated'),
  user_deactivated: event<TargetUser & { sessions_revoked: number } & Partial<ScimRef & OrgRef>>(
    'high',
    'User deactivated',
  ),
  user_activated: event<TargetUser & Partial<ScimRef & OrgRef>>('medium', 'User activated'),
  // Privacy (issue 41): the person's copy of their data, and erasure.
  personal_data_exported: event<{ tables: number; audit_events: number }>('medium', 'Personal data exported'),
  account_deletion_requested: event<TargetUser & { by: 'self' | 'admin'; due_at: string }>(
    'high',
    'Account erasure scheduled',
  ),
  /** The second administrator's approval of an administrator's erasure (the two-person rule). */
  account_deletion_approved: event<TargetUser & { requesting_user_id: string | null }>(
    'high',
    'Account erasure approved',
  ),
  account_deletion_cancelled: event<TargetUser & { by: 'self' | 'admin' }>('medium', 'Account erasure cancelled'),
  /** The erasure itself: the person's rows gone, their audit key destroyed (audit/shredding.ts). */
  account_erased: event<TargetUser & { by: 'self' | 'admin'; sessions_revoked: number }>('high', 'Account erased'),
  role_granted: event<TargetUser & { role: string }>('high', 'Role granted'),
  role_revoked: event<TargetUser & { role: string }>('high', 'Role revoked'),
  roles_updated: event<TargetUser & { roles: string[] }>('high', 'Roles updated'),
  // OAuth clients and tokens.
  client_created: event<{
    client_id: string;
    app_name: string;
    app_type: string;
    token_endpoint_auth_method: string;
    /** Issue 40: 'dynamic' when the client registered itself (RFC 7591); absent = by an administrator. */
    registration?: 'dynamic';
    registered_via?: string;
    software_id?: string | null;
  }>('high', 'OAuth client created'),
  // Issue 40: dynamic client registration (RFC 7591 / 7592).
  client_deleted: event<{ client_id: string; registration: string; by: 'client' | 'admin' | 'expiry' }>(
    'high',
    'OAuth client deleted',
  ),
  client_registration_refused: event<{
    client_id?: string | null;
    operation: string;
    error: string;
    description: string;
  }>('medium', 'Dynamic client registration refused'),
  dcr_policy_updated: event<{ mode: string; allowed_scopes: string[]; client_id_metadata_documents: boolean }>(
    'high',
    'Dynamic client registration policy changed',
  ),
  initial_access_token_created: event<{ token_id: string; label: string; max_uses: number; expires_at: string }>(
    'high',
    'Initial access token issued',
  ),
  client_updated: event<{ client_id: string; fields: string[]; breaking?: string[] }>('medium', 'OAuth client updated'),
  client_activated: event<{ client_id: string }>('medium', 'OAuth client activated'),
  client_deactivated: event<{ client_id: string }>('medium', 'OAuth client deactivated'),
  client_secret_viewed: event<{ client_id: string }>('high', 'OAuth client secret viewed'),
  client_secret_rotated: event<{ client_id: string; grace_hours?: number }>('high', 'OAuth client secret rotated'),
  oauth_consent_granted: event<ClientRef & { scopes: string[] }>('low', 'OAuth consent granted'),
  // jti: a token no session stands behind (client_credentials) is named by it.
  // Token exchange (issue 42): the audience and who acts (`act`, RFC 8693 §4.1) for the user.
  oauth_token_issued: event<
    ClientRef & { grant_type: string; scope: string; jti?: string; audience?: string; act?: Record<string, unknown> }
  >('info', 'OAuth token issued'),
  oauth_token_revoked: event<ClientRef & { token_type_hint: string | null; jti?: string }>(
    'medium',
    'OAuth token revoked',
  ),
  oauth_refresh_reuse: event<OAuthRefusal>('critical', 'Refresh token reuse detected'),
  oauth_invalid_client: event<OAuthRefusal & { endpoint?: string }>('medium', 'OAuth client authentication failed'),
  oauth_token_refused: event<OAuthRefusal>('low', 'OAuth token request refused'),
  oauth_code_reuse: event<OAuthRefusal>('critical', 'Authorization code reuse detected'),
  oauth_backchannel_logout: event<
    ClientRef & { sid: string; delivered: boolean; status: number | null; attempts: number }
  >('low', 'Back-channel logout sent'),
  // Issue 42: the device authorization grant (RFC 8628) and token exchange (RFC 8693).
  device_authorization_approved: event<ClientRef & { scopes: string[] }>('low', 'Device sign-in approved'),
  device_authorization_denied: event<ClientRef & { reason: string }>('low', 'Device sign-in denied'),
  device_code_failed: event<{ counter: string; reason: string; failures: number }>('low', 'Device code not accepted'),
  device_code_blocked: event<{ counter: string; blocked_until: string }>('medium', 'Device code entry blocked'),
  oauth_authorize_refused: event<ClientRef & { error: string; description: string; redirected: boolean }>(
    'low',
    'OAuth authorization refused',
  ),
  signing_key_rotated: event<{ activated: string; retired: string | null; next: string; next_alg: string }>(
    'high',
    'Signing key rotated',
  ),
  // Issue 45: master-key rotation (master-keys/), a super admin's request approved by a second one, or the CLI.
  master_key_rotation_requested: event<{ request_id: string; justification: string }>(
    'high',
    'Master-key rotation requested',
  ),
  master_key_rotation_approved: event<{ request_id: string; requesting_user_id: string; decided_by: string }>(
    'high',
    'Master-key rotation approved',
  ),
  master_key_rotation_denied: event<{ request_id: string; requesting_user_id: string; decided_by: string }>(
    'medium',
    'Master-key rotation denied',
  ),
  master_key_rotation_started: event<{
    rotation_id: string;
    from_key_id: string;
    to_key_id: string;
    request_id: string | null;
    via: 'cli' | 'admin';
  }>('critical', 'Master-key rotation started'),
  master_key_retired: event<{
    rotation_id: string;
    key_id: string;
    current_key_id: string;
    /** Audit chains left in the old key's epoch (an anchor missing or not authentic: verification names them). */
    audit_chains_left?: number;
  }>('high', 'Master key retired'),
  // Federation (issue 27): upstream identity providers and the identities linked through them.
  identity_provider_created: event<ProviderRef & { protocol: string; issuer: string | null }>(
    'high',
    'Identity provider registered',
  ),
  identity_provider_updated: event<ProviderRef & { fields: string[]; identities_unlinked?: number }>(
    'high',
    'Identity provider updated',
  ),
  identity_provider_deleted: event<ProviderRef & { identities_removed: number }>('high', 'Identity provider deleted'),
  /** Issue 46: an administrator's connection test (discovery or metadata, keys, a dry authorization request). */
  identity_provider_tested: event<ProviderRef & { ok: boolean; failed_step?: string }>(
    'info',
    'Identity provider tested',
  ),
  /** An account created on a first federated sign-in (just in time). */
  federated_account_created: event<FederatedRef & { email: string; email_verified: boolean }>(
    'medium',
    'Account created by federated sign-in',
  ),
  federated_sign_in: event<FederatedRef>('low', 'Federated sign-in'),
  /** A local account has the upstream email: never linked silently, the person must prove it. */
  federated_link_required: event<FederatedRef & { email: string }>(
    'medium',
    'Federated sign-in: account link required',
  ),
  federated_sign_in_refused: event<Partial<FederatedRef> & { reason: string; email?: string | null }>(
    'medium',
    'Federated sign-in refused',
  ),
  /** An upstream identity linked to an existing account: how the person proved that account. */
  federated_identity_linked: event<FederatedRef & { method: 'reauthentication' | 'email' | 'account' }>(
    'high',
    'Federated identity linked',
  ),
  /**
   * An identity unlinked: by its account's owner (no reason); because someone proved the account's
   * address after it was linked while unverified; or because its provider's issuer (SAML: IdP) changed.
   */
  federated_identity_unlinked: event<
    FederatedRef & { reason?: 'email_ownership_proved' | 'provider_issuer_changed'; target_user_id?: string }
  >('high', 'Federated identity unlinked'),
  /** A link (or unlink) that was asked for and refused: nothing was linked or removed. */
  federated_link_refused: event<Partial<FederatedRef> & { reason: string }>('medium', 'Federated link refused'),
  /** The single-use link that connects an upstream identity to an account was mailed to the account's address. */
  federated_link_mailed: event<FederatedRef & { email: string }>('medium', 'Federated link mailed'),
  // Organizations (issue 29): organizations, their members, invitations and domains.
  org_created: event<OrgRef & { slug: string; name: string }>('medium', 'Organization created'),
  org_updated: event<OrgRef & { fields: string[] }>('medium', 'Organization updated'),
  org_deleted: event<OrgRef & { slug: string; members_removed: number }>('high', 'Organization deleted'),
  org_member_added: event<OrgRef & TargetUser & { roles: string[]; via: string } & Partial<ScimRef>>(
    'medium',
    'Organization member added',
  ),
  org_role_changed: event<OrgRef & TargetUser & { from: string[]; to: string[] } & Partial<ScimRef>>(
    'high',
    'Organization member roles changed',
  ),
  org_member_removed: event<OrgRef & TargetUser & { by: 'self' | 'admin' } & Partial<ScimRef>>(
    'medium',
    'Organization member removed',
  ),
  org_invitation_sent: event<OrgRef & { invitation_id: string; email: string; role: string; resent: boolean }>(
    'medium',
    'Organization invitation sent',
  ),
  org_invitation_revoked: event<OrgRef & { invitation_id: string; email: string }>(
    'medium',
    'Organization invitation revoked',
  ),
  org_invitation_accepted: event<OrgRef & { invitation_id: string; role: string }>(
    'medium',
    'Organization invitation accepted',
  ),
  /** An invitation link that was refused (unknown, used, expired, revoked or for another address). */
  org_invitation_refused: event<{ reason: string; org_id?: string; invitation_id?: string }>(
    'medium',
    'Organization invitation refused',
  ),
  org_domain_claimed: event<OrgRef & { domain: string }>('medium', 'Organization domain claimed'),
  org_domain_verified: event<OrgRef & { domain: string; method: 'dns' | 'admin' }>(
    'high',
    'Organization domain verified',
  ),
  org_domain_verification_failed: event<OrgRef & { domain: string; reason: string }>(
    'low',
    'Organization domain verification failed',
  ),
  org_domain_removed: event<OrgRef & { domain: string }>('medium', 'Organization domain removed'),
  /** A caller who may not do something in an organization (or is not in it: answered 404). */
  org_access_refused: event<OrgRef & { action: string; reason: string }>('medium', 'Organization access refused'),
  org_role_defined: event<{ role: string }>('medium', 'Organization role name defined'),
  org_role_undefined: event<{ role: string; memberships_changed: number }>('medium', 'Organization role name removed'),
  // SCIM provisioning (issue 41): the actor is the organization's SCIM token (`scim_token_id`).
  scim_token_created: event<OrgRef & { token_id: string; name: string }>('high', 'SCIM token created'),
  scim_token_revoked: event<OrgRef & { token_id: string }>('high', 'SCIM token revoked'),
  scim_user_provisioned: event<
    OrgRef & TargetUser & ScimRef & { email: string; email_verified: boolean; account_created: boolean }
  >('medium', 'User provisioned by SCIM'),
  scim_user_updated: event<OrgRef & TargetUser & ScimRef & { fields: string[] }>('low', 'SCIM user updated'),
  scim_user_deprovisioned: event<
    OrgRef &
      TargetUser &
      ScimRef & { action: 'deactivated' | 'deleted'; sessions_revoked: number; account_deactivated: boolean }
  >('high', 'User deprovisioned by SCIM'),
  scim_user_reactivated: event<OrgRef & TargetUser & ScimRef>('medium', 'User reactivated by SCIM'),
  // Setup tools.
  setup_admins_created: event<{ results: { email: string; status: string; error?: string }[] }>(
    'critical',
    'Setup: system administrators created',
  ),
  setup_cleanup: event<{ cleared: Record<string, unknown> }>('critical', 'Setup: all users deleted'),
  setup_key_invalid: event<{ operation: string }>('high', 'Setup: invalid confirmation key'),
  setup_key_blocked: event<{ operation: string; blocked_until: string }>('critical', 'Setup: confirmation key blocked'),
  // The audit pipeline itself.
  audit_export: event<{ format: string; filters: Record<string, unknown> }>('medium', 'Audit log exported'),
  audit_verify: event<Record<string, unknown>>('info', 'Audit chain verified'),
  audit_retention_pruned: event<{
    deleted: number;
    checkpoint_id: number;
    retention_days: number;
    cutoff: string;
    /** The month partition dropped whole (audit/partitions.ts); absent when rows were deleted. */
    partition?: string;
  }>('info', 'Audit rows pruned (retention)'),
  audit_events_dropped: event<{ dropped: number }>('medium', 'Browser audit events dropped'),
  audit_event_viewed: event<Record<string, unknown>>('low', 'Audit event details viewed'),
  audit_chain_broken: event<Record<string, unknown>>('critical', 'Audit chain verification failed'),
  // The chain's anchor (audit/append.ts): created on an empty table, sealed over existing rows
  // (the upgrade from plain SHA-256, or an anchor found missing), replaced when found forged.
  audit_chain_started: event<ChainSeal>('info', 'Audit chain anchored'),
  audit_chain_sealed: event<ChainSeal>('high', 'Audit chain sealed over existing rows'),
  audit_chain_resealed: event<ChainSeal>('critical', 'Audit chain anchor found forged and replaced'),
  // Issue 43: a writer's chain records where every other chain stood (audit/checkpoints.ts).
  audit_chain_checkpoint: event<ChainCheckpoint>('info', 'Audit chains checkpointed'),
  // Issue 45: a master-key rotation moves each chain to the new key (audit/chain-keys.ts).
  audit_key_epoch: event<{ chain: number; from: string | null; to: string; mac: string }>(
    'medium',
    'Audit chain moved to a new master key',
  ),
  // Webhooks (issue 30): the endpoints an administrator registers, and the worker's decisions.
  webhook_created: event<WebhookRef & { events: string[]; client_id: string | null }>(
    'high',
    'Webhook endpoint created',
  ),
  webhook_updated: event<WebhookRef & { fields: string[] }>('high', 'Webhook endpoint updated'),
  webhook_deleted: event<WebhookRef>('high', 'Webhook endpoint deleted'),
  webhook_secret_rotated: event<WebhookRef & { previous_valid_until: string }>('high', 'Webhook secret rotated'),
  webhook_delivery_resent: event<WebhookRef & { delivery_id: number }>('low', 'Webhook delivery sent again'),
  webhook_test_sent: event<WebhookRef & { delivery_id: number }>('low', 'Webhook test event queued'),
  /** The worker gave up on an endpoint: it answered 410, or failed past the retry schedule. */
  webhook_disabled: event<WebhookRef & { reason: 'gone' | 'failing'; status: number | null }>(
    'medium',
    'Webhook endpoint disabled by failures',
  ),
  // OpenID Shared Signals (issue 30): the streams receivers manage with an ssf.manage token, and
  // the administrator's RISC credential-compromise flag.
  ssf_stream_created: event<SsfStreamRef & { host: string; events: string[] }>('high', 'Shared Signals stream created'),
  ssf_stream_updated: event<SsfStreamRef & { fields: string[] }>('high', 'Shared Signals stream updated'),
  ssf_stream_deleted: event<SsfStreamRef>('high', 'Shared Signals stream deleted'),
  /** An administrator marked a stream's receiver first-party (it hears of every user) or took the mark back. */
  ssf_stream_first_party_changed: event<SsfStreamRef & { first_party: boolean }>(
    'high',
    'Shared Signals receiver marked first-party or not',
  ),
  ssf_subject_added: event<SsfStreamRef & { format: string; known: boolean }>('medium', 'Shared Signals subject added'),
  ssf_subject_removed: event<SsfStreamRef & { format: string }>('medium', 'Shared Signals subject removed'),
  ssf_verification_requested: event<SsfStreamRef>('low', 'Shared Signals verification event queued'),
  credential_compromised: event<TargetUser & { credential_type: string; reason: string | null }>(
    'critical',
    'Credential flagged as compromised',
  ),
  // SIEM sinks (issue 30): where the audit log streams.
  audit_sink_created: event<AuditSinkRef & { event_types: string[]; min_severity: string }>(
    'high',
    'Audit sink created',
  ),
  audit_sink_updated: event<AuditSinkRef & { fields: string[] }>('high', 'Audit sink updated'),
  audit_sink_deleted: event<AuditSinkRef>('high', 'Audit sink deleted'),
  audit_sink_key_rotated: event<AuditSinkRef & { key_generation: number }>('high', 'Audit sink checkpoint key rotated'),
} as const satisfies Record<string, AuditEventSpec<object>>;

/** An organization, by id. */
interface OrgRef {
  org_id: string;
}
/** The SCIM token a directory's change came through: the actor of every SCIM write. */
interface ScimRef {
  scim_token_id: string;
}

/** A webhook endpoint, by id and host (never its path or query: they may hold a token). */
interface WebhookRef {
  webhook_id: string;
  host: string;
}

/** A Shared Signals stream, by id and the client that owns it. */
interface SsfStreamRef {
  stream_id: string;
  client_id: string;
}

/** A SIEM sink, by id, kind and host (never an https URL's path or query: they may hold a token). */
interface AuditSinkRef {
  sink_id: string;
  kind: string;
  host: string;
}

/** An identity provider, by id and slug. */
interface ProviderRef {
  provider_id: string;
  provider: string;
}

/** An upstream identity: the provider's slug and its subject (never an email). */
interface FederatedRef {
  provider: string;
  subject: string;
}

/** A checkpoint (src/server/audit/checkpoint-format.ts): the other chains' heads, MAC'd under named keys. */
interface ChainCheckpoint {
  chain: number;
  heads: { chain: number; seq: number; hash: string }[];
  macs: { key: string; mac: string }[];
}

/** Where a chain seal put the anchor (audit_chain_started / _sealed / _resealed). */
interface ChainSeal {
  reason: 'empty' | 'existing_rows' | 'head_invalid';
  legacy_last_id: number;
  base_id: number;
  sealed_at: string;
}

/** What the token endpoint records of a refused request. */
interface OAuthRefusal {
  grant_type?: string | null;
  client_id: string | null;
  error: string;
  description: string;
}

export type AuditEventType = keyof typeof AUDIT_EVENTS;
export const AUDIT_EVENT_TYPES = Object.keys(AUDIT_EVENTS) as AuditEventType[];

/** The `details` shape the catalogue declares for an event type. */
export type AuditDetails<K extends AuditEventType> =
  (typeof AUDIT_EVENTS)[K] extends AuditEventSpec<infer D> ? D : never;

export function isKnownAuditEventType(type: string): type is AuditEventType {
  return Object.prototype.hasOwnProperty.call(AUDIT_EVENTS, type);
}

/** The catalogue's severity for a type, or the spec's default (low) for anything else. */
export function defaultSeverityOf(type: string): AuditSeverity {
  return isKnownAuditEventType(type) ? AUDIT_EVENTS[type].severity : DEFAULT_AUDIT_SEVERITY;
}
