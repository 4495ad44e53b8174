import type { AuditEvent } from './audit/record';

/**
 * Every error the hub's JSON API answers, in one registry: a snake_case code, an HTTP status
 * and a default message. Routes and services throw `HubError`; one handler (plugins/errors.ts)
 * renders `{"error": {"code", "message", ...extra}}`. Anything else becomes a masked 500.
 */
export const HUB_ERRORS = {
  invalid_request: { status: 400, message: 'The request is invalid.' },
  invalid_json: { status: 400, message: 'The request body is not valid JSON.' },
  weak_password: {
    status: 400,
    message: 'Password does not meet security requirements. Please check the requirements below.',
  },
  invalid_token: { status: 400, message: 'This link is not valid any more. Ask for a new one.' },
  unauthenticated: { status: 401, message: 'You must be signed in.' },
  invalid_code: { status: 401, message: 'The code is not correct.' },
  mfa_pending_expired: { status: 401, message: 'The sign-in took too long. Please sign in again.' },
  passkey_invalid: { status: 401, message: 'The passkey could not be verified.' },
  mfa_enrollment_required: {
    status: 403,
    message: 'Administrators must set up a second factor (authenticator app or passkey) first.',
  },
  reauthentication_required: { status: 403, message: 'Please confirm it is you: sign in again to continue.' },
  invalid_credentials: { status: 401, message: 'Invalid email or password.' },
  email_sign_in_disabled: { status: 403, message: 'Sign-in by email is not turned on.' },
  confirm_code_required: {
    status: 409,
    message: 'This link was asked for in another browser. Type the code that browser shows to continue here.',
  },
  impersonation_forbidden: {
    status: 403,
    message: 'Not while viewing as this user: their password, factors, identities and account are theirs alone.',
  },
  password_change_required: {
    status: 403,
    message: 'Your password appears in a list of breached passwords. Change it to continue.',
  },
  csrf_failed: { status: 403, message: 'Cross-site request refused.' },
  forbidden: { status: 403, message: 'You do not have permission to do this.' },
  invalid_setup_key: { status: 403, message: 'The confirmation key is not valid.' },
  not_found: { status: 404, message: 'Not found.' },
  app_not_found: { status: 404, message: 'No application is registered with this id.' },
  app_inactive: { status: 403, message: 'This application is not active.' },
  consent_required: { status: 409, message: 'The user has not yet allowed this application to use the account.' },
  redirect_url_not_registered: { status: 400, message: 'The redirect URL is not registered for this application.' },
  method_not_allowed: { status: 405, message: 'Method not allowed.' },
  conflict: { status: 409, message: 'The request conflicts with the current state.' },
  already_verified: { status: 409, message: 'This email address is already verified.' },
  mfa_not_enrolled: { status: 409, message: 'No authenticator app is set up.' },
  email_taken: { status: 409, message: 'This email is already registered. Please sign in instead.' },
  email_in_use: { status: 409, message: 'Another user already uses this email address.' },
  last_super_admin: { status: 409, message: 'The last active super admin cannot be deactivated.' },
  self_deactivation: {
    status: 403,
    message: 'You cannot deactivate your own account: another administrator can, if it must be.',
  },
  confirmation_mismatch: { status: 400, message: 'Type your email address exactly to confirm.' },
  connection_test_failed: {
    status: 400,
    message: 'The identity provider failed its connection test; save it disabled to keep it anyway.',
  },
  sole_owner: {
    status: 409,
    message: 'You are the only owner of an organization: make someone else an owner, or delete it, first.',
  },
  self_approval: { status: 403, message: 'You cannot decide your own credential access request.' },
  approver_not_independent: {
    status: 403,
    message:
      'Another administrator must approve this request: ' +
      'one who held an admin role before it was made and was not given that role by the requester.',
  },
  grant_expired: { status: 403, message: 'This credential access grant has expired.' },
  payload_too_large: { status: 413, message: 'The request body is too large.' },
  unsupported_media_type: { status: 415, message: 'Unsupported content type.' },
  too_many_attempts: { status: 429, message: 'Too many failed attempts. Please try again later.' },
  rate_limited: { status: 429, message: 'Too many requests. Please try again later.' },
  internal_error: { status: 500, message: 'An unexpected error occurred. Please try again.' },
  database_unavailable: { status: 503, message: 'The database is unavailable.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type HubErrorCode = keyof typeof HUB_ERRORS;

export class HubError extends Error {
  readonly status: number;
  constructor(
    readonly code: HubErrorCode,
    message?: string,
    /** Extra fields merged into the error object (e.g. attempts_remaining). */
    readonly extra: Record<string, unknown> = {},
    /** Response headers to set (e.g. Retry-After). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message ?? HUB_ERRORS[code].message);
    this.status = HUB_ERRORS[code].status;
  }
}

/**
 * A refusal that is a security event: the error carries the audit event(s) it stands for, and the
 * one error hook (plugins/errors.ts) writes them before the answer goes out — after any
 * transaction the refusal rolled back, so the record is never lost with it. Actor fields the
 * event leaves out are filled from the request's actor.
 */
export class Refusal extends HubError {
  readonly audit: AuditEvent[];
  constructor(
    code: HubErrorCode,
    options: {
      message?: string;
      audit: AuditEvent | AuditEvent[];
      extra?: Record<string, unknown>;
      headers?: Record<string, string>;
    },
  ) {
    super(code, options.message, options.extra, options.headers);
    this.audit = Array.isArray(options.audit) ? options.audit : [options.audit];
  }
}

export function errorBody(code: string, message: string, extra: Record<string, unknown> = {}) {
  return { error: { code, message, ...extra } };
}
