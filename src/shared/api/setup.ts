import { z } from 'zod';

/** POST /api/setup/cleanup and the key of both setup tools (spec §2 hidden setup panel). */
export const setupKeyBodySchema = z.object({ confirmation_key: z.string().max(200).optional() }).strict();

export const systemAdminsBodySchema = z
  .object({
    confirmation_key: z.string().max(200).optional(),
    emails: z.array(z.string().trim().toLowerCase().max(254).pipe(z.email())).min(1).max(10).optional(),
  })
  .strict();

/** Spec §3 setup result: one per account; the password is shown once, only for a created account. */
export const setupResultSchema = z.object({
  email: z.string(),
  status: z.enum(['created', 'exists', 'error']),
  password: z.string().optional(),
  error: z.string().optional(),
});
export type SetupResult = z.infer<typeof setupResultSchema>;
export const systemAdminsResultSchema = z.object({ results: z.array(setupResultSchema) });

export const cleanupCountsSchema = z.object({
  auth_users: z.number(),
  platform_users: z.number(),
  role_assignments: z.number(),
  sessions: z.number(),
  audit_logs: z.number(),
});
export type CleanupCounts = z.infer<typeof cleanupCountsSchema>;
export const cleanupResultSchema = z.object({ cleared: cleanupCountsSchema });
