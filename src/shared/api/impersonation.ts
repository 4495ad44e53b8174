import { z } from 'zod';
import { IMPERSONATION_MAX_MINUTES } from '../roles';

/**
 * POST /api/admin/users/:id/impersonation. An administrator target needs a second administrator's
 * approval first (the two-person rule): the first call answers 202 pending with a request id, and
 * once approved the same call with `request_id` starts it.
 */
export const impersonationStartSchema = z
  .object({
    justification: z.string().trim().min(10).max(500),
    minutes: z.number().int().min(1).max(IMPERSONATION_MAX_MINUTES),
    request_id: z.uuid().optional(),
  })
  .strict();

export const impersonationPendingSchema = z.object({
  status: z.literal('pending'),
  request_id: z.string(),
});

export const impersonationDecisionSchema = z.object({
  request_id: z.string(),
  status: z.enum(['approved', 'denied']),
});

/** Who views as the user now (GET /api/auth/session `impersonation`), for the banner. */
export const impersonationViewSchema = z.object({
  admin_id: z.string(),
  admin_email: z.string().nullable(),
  admin_name: z.string().nullable(),
  expires_at: z.string(),
});

/** GET /api/me/impersonations: when support viewed the account as the person (their /account activity). */
export const myImpersonationsSchema = z.object({
  impersonations: z.array(
    z.object({
      started_at: z.string(),
      minutes: z.number(),
      justification: z.string(),
      admin_email: z.string().nullable(),
      admin_name: z.string().nullable(),
    }),
  ),
});
