import { z } from 'zod';

/**
 * Master-key rotation through the admin API (issue 45; server: master-keys/). A super admin asks
 * (`rotation-requests`), a second super admin approves (the two-person rule), and the approval
 * starts the rotation. The status names keys by id only: a key never leaves the process.
 */
export const masterKeyRotationRequestSchema = z.object({ justification: z.string().trim().min(10).max(500) }).strict();

export const masterKeyRotationPendingSchema = z.object({ request_id: z.string(), status: z.literal('pending') });

export const masterKeyRotationDecisionSchema = z.object({
  request_id: z.string(),
  status: z.enum(['approved', 'denied']),
  rotation_id: z.string().nullable(),
});

export const masterKeyStatusSchema = z.object({
  current_key_id: z.string(),
  keys: z.array(
    z.object({
      key_id: z.string(),
      /** current | retiring | retired | new (held, never current) | unknown (values sealed under it, never recorded) */
      status: z.string(),
      /** Whether the answering process holds the key. */
      held: z.boolean(),
      /** Stored values a rotation moves that are still sealed under this key (0 before it can be retired). */
      sealed_values: z.number(),
      /** Audit chains whose anchor is in this key's epoch (audit/chain-keys.ts); 0 for the old key once a rotation crossed them. */
      audit_chains: z.number(),
    }),
  ),
  columns: z.array(
    z.object({ column: z.string(), through_keyring: z.boolean(), sealed: z.record(z.string(), z.number()) }),
  ),
  rotation: z
    .object({
      id: z.string(),
      from_key_id: z.string(),
      to_key_id: z.string(),
      status: z.string(),
      resealed: z.number(),
      started_at: z.string(),
      updated_at: z.string(),
      retire_after: z.string().nullable(),
      finished_at: z.string().nullable(),
    })
    .nullable(),
});
