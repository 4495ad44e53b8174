import { z } from 'zod';

/**
 * Issue 42: sign-in by an emailed one-time code or link (off unless an administrator turns it on
 * or HUB_EMAIL_SIGN_IN does). Every answer to a request is the same for known and unknown emails.
 */
export const EMAIL_SIGN_IN = {
  /** A 6-digit code, valid 10 minutes, single use. */
  codeDigits: 6,
  codeMinutes: 10,
  /** A link, valid 15 minutes, single use, bound to the browser that asked for it. */
  linkMinutes: 15,
} as const;

/** GET /api/auth/email-sign-in: which ways are on. */
export const emailSignInModesSchema = z.object({ code: z.boolean(), link: z.boolean() });

/** POST /api/auth/email-sign-in */
export const emailSignInRequestSchema = z
  .object({ email: z.string().trim().max(254), mode: z.enum(['code', 'link']) })
  .strict();

/**
 * 202, always: `confirm_code` (link mode) is what this browser shows; a link opened in another
 * browser asks for it there (the same random code whether or not the account exists).
 */
export const emailSignInAcceptedSchema = z.object({
  accepted: z.literal(true),
  confirm_code: z.string().optional(),
});

/** POST /api/auth/email-sign-in/verify */
export const emailSignInVerifySchema = z
  .object({ email: z.string().trim().max(254), code: z.string().trim().max(20) })
  .strict();

/** POST /api/auth/email-sign-in/link: the token from the mailed link; `confirm_code` in another browser. */
export const emailSignInLinkSchema = z
  .object({ token: z.string().min(1).max(200), confirm_code: z.string().trim().max(20).optional() })
  .strict();
