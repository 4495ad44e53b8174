import { z } from 'zod';
import { LOCALES } from '../locales';
import { authSessionSchema } from '../admin-api';

/** Wire schemas of /api/me/* (the signed-in user's own account). */
export const mySessionSchema = authSessionSchema
  .omit({ user_email: true, user_id: true })
  .extend({ is_current: z.boolean() });
export type MySession = z.output<typeof mySessionSchema>;
export const mySessionListSchema = z.object({ sessions: z.array(mySessionSchema) });

export const revokedSchema = z.object({ revoked: z.boolean() });

/** Which second factors an account has (GET /api/me `mfa`, and every MFA change answers it). */
export const mfaStatusSchema = z.object({
  totp: z.boolean().describe('an authenticator app (TOTP) is enrolled and confirmed'),
  passkeys: z.number().int().describe('how many passkeys are registered'),
  recovery_codes_left: z.number().int().describe('unused recovery codes (0 without TOTP)'),
});
export type MfaStatus = z.output<typeof mfaStatusSchema>;

/** GET /api/me, PATCH /api/me, POST /api/me/email/confirm. */
export const meSchema = z.object({
  id: z.string(),
  email: z.string(),
  email_verified: z.boolean(),
  full_name: z.string().nullable(),
  organization: z.string().nullable(),
  department: z.string().nullable(),
  roles: z.array(z.string()),
  mfa: mfaStatusSchema,
  /** The chosen language (src/shared/locales.ts); null: negotiated per request. */
  locale: z.enum(LOCALES).nullable(),
});
export type Me = z.output<typeof meSchema>;

/** Empty strings clear a field (null); an absent field is left as it is. */
const profileText = z
  .string()
  .trim()
  .max(200)
  .nullable()
  .optional()
  .transform((v) => (v === undefined ? undefined : v ? v : null));

/** PATCH /api/me: any subset of the fields; `locale` one of LOCALES, null clears the choice. */
export const mePatchBodySchema = z
  .object({
    full_name: profileText,
    organization: profileText,
    department: profileText,
    locale: z
      .enum(LOCALES, { message: `locale must be one of ${LOCALES.join(', ')}` })
      .nullable()
      .optional(),
  })
  .strict();
export type MePatchBody = z.input<typeof mePatchBodySchema>;

const email = z
  .string()
  .trim()
  .toLowerCase()
  .min(1)
  .max(254)
  .pipe(z.email({ message: 'Enter a valid email address.' }));
const password = z.string().min(1).max(1024);

/** POST /api/me/email → 202 emailChangeRequestedSchema; the change happens only when the link is followed. */
export const emailChangeBodySchema = z.object({ new_email: email, current_password: password }).strict();
export type EmailChangeBody = z.input<typeof emailChangeBodySchema>;
export const emailChangeRequestedSchema = z.object({
  confirmation_sent: z.literal(true),
  /** The address the confirmation link went to. */
  new_email: z.string(),
});

/**
 * POST /api/me/email/confirm {token} → 200 emailConfirmedSchema. The mailed link opens
 * `/account/confirm-email?token=…` in the SPA, which posts the token here, signed in or not (the
 * token alone names the change). A used or expired token (24 h) answers 400 `invalid_token`;
 * 409 `email_in_use` if the address was taken meanwhile.
 */
export const emailConfirmBodySchema = z.object({ token: z.string().min(1).max(200) }).strict();
export const emailConfirmedSchema = z.object({ email: z.string(), email_verified: z.literal(true) });

/**
 * POST /api/me/password → 200. Every other session of the user ends; this browser gets a fresh
 * session cookie (the old token is no longer valid).
 */
export const mePasswordBodySchema = z.object({ current_password: password, new_password: password }).strict();
export type MePasswordBody = z.input<typeof mePasswordBodySchema>;
export const passwordChangedSchema = z.object({
  changed: z.literal(true),
  other_sessions_ended: z.number().int(),
});

/** GET /api/me/apps: consents granted and apps with live sessions. */
export const connectedAppSchema = z.object({
  client_id: z.string(),
  app_name: z.string(),
  app_url: z.string(),
  app_type: z.string().describe("'platform' | 'third_party'"),
  /** Scopes consented to (third-party apps) or granted to live sessions. */
  scopes: z.array(z.string()),
  consented_at: z.string().nullable(),
  active_sessions: z.number().int(),
  last_used_at: z.string().nullable(),
});
export type ConnectedApp = z.output<typeof connectedAppSchema>;
export const connectedAppListSchema = z.object({ apps: z.array(connectedAppSchema) });

export const clientIdParamsSchema = z.object({ client_id: z.string().min(1).max(200) });

/** DELETE /api/me/apps/:client_id: the consent is withdrawn and every token of that app for the user ends. */
export const appRevokedSchema = z.object({
  consent_revoked: z.boolean(),
  sessions_ended: z.number().int(),
});
