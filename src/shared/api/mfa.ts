import { z } from 'zod';
import { mfaStatusSchema } from './me';
import { sessionViewSchema } from './auth';

/**
 * Second factors: TOTP (RFC 6238), recovery codes, passkeys (WebAuthn via @simplewebauthn), the
 * MFA step of sign-in and step-up re-authentication.
 *
 * Error codes a client acts on: `invalid_code` (wrong TOTP / recovery code, counted by the
 * sign-in brute-force limit; 401), `too_many_attempts` (429 + Retry-After),
 * `mfa_enrollment_required` (403 on /api/admin/* for an admin without a second factor),
 * `reauthentication_required` (403 on step-up routes: authenticate again within 10 minutes),
 * `mfa_pending_expired` (401: the 5-minute pending sign-in is gone, start again),
 * `passkey_invalid` (401: the assertion/attestation did not verify).
 */

/** A 6-digit TOTP code; spaces are tolerated and removed. */
const totpCode = z
  .string()
  .max(20)
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, { message: 'Enter the 6-digit code from your authenticator app.' }));
/** A recovery code as shown (xxxxx-xxxxx); case, spaces and dashes are tolerated. */
const recoveryCode = z.string().min(1).max(64);
const password = z.string().min(1).max(1024);

// ---- TOTP ---------------------------------------------------------------------------------

/** POST /api/me/mfa/totp (no body) → 200: a new, unconfirmed secret (replaces an unconfirmed one). */
export const totpSetupSchema = z.object({
  /** Base32 secret, for typing into an app by hand. */
  secret: z.string(),
  /**
   * otpauth://totp/Ecosystem%20Hub:<email>?secret=…&issuer=Ecosystem%20Hub&algorithm=SHA1&digits=6&period=30
   * — draw as a QR code locally.
   */
  otpauth_uri: z.string(),
});
export type TotpSetup = z.output<typeof totpSetupSchema>;

/** POST /api/me/mfa/totp/confirm {code} → 200 recoveryCodesSchema (10 codes, shown once). */
export const totpConfirmBodySchema = z.object({ code: totpCode }).strict();
export type TotpConfirmBody = z.input<typeof totpConfirmBodySchema>;
export const recoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodes = z.output<typeof recoveryCodesSchema>;

/**
 * DELETE /api/me/mfa/totp {current_password} → 200 mfaStatusSchema (recovery codes are removed too).
 * POST /api/me/mfa/recovery-codes {current_password} → 200 recoveryCodesSchema (old ones stop working).
 */
export const currentPasswordBodySchema = z.object({ current_password: password }).strict();
export type CurrentPasswordBody = z.input<typeof currentPasswordBodySchema>;
export { mfaStatusSchema };

// Relying party: HUB_WEBAUTHN_RP_ID / HUB_WEBAUTHN_ORIGIN, by default the public URL's host name
// and origin. Browsers refuse an IP address as RP id: a browser test must serve the hub under a
// host name (http://localhost:<port>), not http://127.0.0.1:<port>.

// ---- WebAuthn JSON (exactly what @simplewebauthn/browser sends and @simplewebauthn/server generates)

const b64url = z.string().max(16_384);

/** startRegistration() result: RegistrationResponseJSON. */
export const registrationResponseSchema = z.looseObject({
  id: b64url,
  rawId: b64url,
  response: z.looseObject({
    clientDataJSON: b64url,
    attestationObject: b64url,
    authenticatorData: b64url.optional(),
    transports: z.array(z.string().max(32)).max(16).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: b64url.optional(),
  }),
  authenticatorAttachment: z.string().max(32).optional(),
  clientExtensionResults: z.looseObject({}),
  type: z.literal('public-key'),
});
export type RegistrationResponseBody = z.input<typeof registrationResponseSchema>;

/** startAuthentication() result: AuthenticationResponseJSON. */
export const authenticationResponseSchema = z.looseObject({
  id: b64url,
  rawId: b64url,
  response: z.looseObject({
    clientDataJSON: b64url,
    authenticatorData: b64url,
    signature: b64url,
    userHandle: b64url.optional(),
  }),
  authenticatorAttachment: z.string().max(32).optional(),
  clientExtensionResults: z.looseObject({}),
  type: z.literal('public-key'),
});
export type AuthenticationResponseBody = z.input<typeof authenticationResponseSchema>;

/** POST /api/me/passkeys/options → PublicKeyCredentialCreationOptionsJSON, as generateRegistrationOptions() made it. */
export const registrationOptionsSchema = z.looseObject({
  challenge: z.string(),
  rp: z.looseObject({ name: z.string(), id: z.string().optional() }),
  user: z.looseObject({ id: z.string(), name: z.string(), displayName: z.string() }),
  pubKeyCredParams: z.array(z.looseObject({ alg: z.number(), type: z.string() })),
});

/**
 * POST /api/auth/passkey/options → PublicKeyCredentialRequestOptionsJSON, as
 * generateAuthenticationOptions() made it (discoverable credentials: no allowCredentials).
 * Used for passkey sign-in, the passkey MFA step and passkey re-authentication alike.
 */
export const authenticationOptionsSchema = z.looseObject({
  challenge: z.string(),
  rpId: z.string().optional(),
  userVerification: z.string().optional(),
});

// ---- Passkeys of the signed-in user

/** POST /api/me/passkeys (body: registrationResponseSchema) → 201 passkeySchema. */
export const passkeySchema = z.object({
  id: z.string(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  /** 'singleDevice' | 'multiDevice' (synced). */
  device_type: z.string(),
  backed_up: z.boolean(),
});
export type Passkey = z.output<typeof passkeySchema>;
/** GET /api/me/passkeys. */
export const passkeyListSchema = z.object({ passkeys: z.array(passkeySchema) });
/** DELETE /api/me/passkeys/:id → 200. */
export const passkeyDeletedSchema = z.object({ deleted: z.literal(true) });

// ---- Sign-in with a second factor

export const MFA_METHODS = ['totp', 'recovery_code', 'passkey'] as const;
export type MfaMethod = (typeof MFA_METHODS)[number];

/**
 * POST /api/auth/sign-in with the right password for an account with a second factor: 200 with
 * this body and a 5-minute pending cookie (not a session; it reaches only /api/auth/sign-in/mfa
 * and /api/auth/passkey/options).
 */
export const mfaRequiredSchema = z.object({
  mfa_required: z.literal(true),
  methods: z.array(z.enum(MFA_METHODS)),
});
export type MfaRequired = z.output<typeof mfaRequiredSchema>;

/** POST /api/auth/sign-in/mfa: {code} or {recovery_code} or a passkey assertion → 200 sessionViewSchema. */
export const signInMfaBodySchema = z.union([
  z.object({ code: totpCode }).strict(),
  z.object({ recovery_code: recoveryCode }).strict(),
  authenticationResponseSchema,
]);
export type SignInMfaBody = z.input<typeof signInMfaBodySchema>;

/** POST /api/auth/passkey (body: authenticationResponseSchema) → 200 sessionViewSchema, no password. */

/**
 * POST /api/auth/reauthenticate (signed in): {password, code?} (code required when the account
 * has TOTP and no passkey is used) or a passkey assertion → 200 reauthenticatedSchema. Step-up
 * routes accept the session for 10 minutes after.
 */
export const reauthenticateBodySchema = z.union([
  z.object({ password, code: totpCode.optional() }).strict(),
  authenticationResponseSchema,
]);
export type ReauthenticateBody = z.input<typeof reauthenticateBodySchema>;
export const reauthenticatedSchema = z.object({
  authenticated_at: z.string(),
  /** Until when step-up routes accept this session without asking again. */
  step_up_until: z.string(),
});

/** Step-up window of ASVS V7 (issue 13): an authentication in the last 10 minutes. */
export const STEP_UP_WINDOW_MS = 10 * 60_000;

/** The answer of POST /api/auth/sign-in: a session, or the MFA step. */
export const signInResultSchema = z.union([mfaRequiredSchema, sessionViewSchema]);
export type SignInResult = z.output<typeof signInResultSchema>;

// ---- Administration

/** Per user in GET /api/admin/users: `mfa` ({totp, passkeys}, see adminMfaStatusSchema in admin-api.ts). */
/** POST /api/admin/users/:id/mfa/reset (super_admin only; audited; ends the user's sessions) → 200. */
export const mfaResetSchema = z.object({ mfa_reset: z.literal(true), sessions_ended: z.number().int() });
