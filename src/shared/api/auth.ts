import { impersonationViewSchema } from './impersonation';
import { z } from 'zod';

/** The signed-in user as the SPA sees it (GET /api/auth/session and every sign-in answer). */
export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  full_name: z.string().nullable(),
  organization: z.string().nullable(),
  department: z.string().nullable(),
  email_verified: z.boolean(),
  created_at: z.string(),
  last_login_at: z.string().nullable(),
  /** The language the person chose (src/shared/locales.ts), null when none: the web app follows it. */
  locale: z.string().nullable(),
  /**
   * Issue 42: the password last signed in with is known to be breached: 'asked' (please change
   * it) or 'required' (an administrator requires the change first); null otherwise.
   */
  password_change: z.enum(['asked', 'required']).nullable(),
});

/** The signed-in state: an explicit projection of the session, never a token or a hash. */
export const sessionViewSchema = z.object({
  user: sessionUserSchema.nullable(),
  session: z.object({ id: z.string(), expires_at: z.string() }).nullable(),
  is_ecosystem_admin: z.boolean(),
  /** Issue 42: an administrator is viewing as this user (the banner "You are viewing as … — end"). */
  impersonation: impersonationViewSchema.nullable().optional(),
});
export type SessionView = z.infer<typeof sessionViewSchema>;

/** Emails longer than RFC 5321's 254 characters are refused before any work. */
const email = z.string().trim().min(1).max(254).pipe(z.email());
/** Generous cap so argon2 never hashes megabytes; the policy's own maximum is lower. */
const password = z.string().min(1).max(1024);

export const signInBodySchema = z.object({ email: z.string().max(254), password: z.string().max(1024) }).strict();

export const signUpBodySchema = z
  .object({
    email,
    password,
    full_name: z.string().trim().min(1).max(200),
    organization: z.string().max(200).nullish(),
    department: z.string().max(200).nullish(),
  })
  .strict();

export const signUpResultSchema = sessionViewSchema.extend({ verification_sent: z.boolean() });

export const changePasswordBodySchema = z.object({ current_password: password, new_password: password }).strict();

export const verifyEmailQuerySchema = z.object({ token: z.string().min(1).max(200) });

export const signedOutSchema = z.object({ signed_out: z.literal(true) });

/** POST /api/auth/password/forgot {email} → 202 accepted, whether or not the account exists. */
export const forgotPasswordBodySchema = z.object({ email: z.string().trim().max(254) }).strict();
export const acceptedSchema = z.object({ accepted: z.literal(true) });

/**
 * POST /api/auth/password/reset {token, password} → 200 passwordResetSchema. The token comes from
 * the mailed link `/reset-password?token=…`; the password policy applies (400 `weak_password`);
 * an unknown, used or expired token answers 400 `invalid_token`. Every session of the user ends.
 */
export const resetPasswordBodySchema = z.object({ token: z.string().min(1).max(200), password }).strict();
export const passwordResetSchema = z.object({ password_reset: z.literal(true) });

/** POST /api/auth/verify-email/resend (signed in, unverified) → 202 acceptedSchema; a second within 60 s → 429 + Retry-After. */
