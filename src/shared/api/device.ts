import { z } from 'zod';

/** The /device page (issue 42, RFC 8628 §3.3): a user code as entered (normalized by the server). */
export const deviceLookupBodySchema = z.object({ user_code: z.string().trim().min(1).max(32) });

export const deviceRequestSchema = z.object({
  user_code: z.string(),
  client: z.object({
    name: z.string(),
    logo_uri: z.string().nullable(),
    client_uri: z.string().nullable(),
    brand_color: z.string().nullable(),
  }),
  scopes: z.array(z.string()),
  expires_at: z.string(),
  decision_token: z.string(),
});
export type DeviceRequest = z.infer<typeof deviceRequestSchema>;

export const deviceDecisionBodySchema = z.object({
  decision_token: z.string().min(1).max(2000),
  approve: z.boolean(),
});
export const deviceDecisionSchema = z.object({ status: z.enum(['approved', 'denied']) });

/** The admin screen's list of pending device authorizations (never a code). */
export const pendingDeviceListSchema = z.object({
  device_authorizations: z.array(
    z.object({
      client_id: z.string(),
      app_name: z.string(),
      scopes: z.array(z.string()),
      created_at: z.string(),
      expires_at: z.string(),
      last_polled_at: z.string().nullable(),
    }),
  ),
});
export type PendingDeviceList = z.infer<typeof pendingDeviceListSchema>;

/**
 * An administrator's choice of a client's extra grants (issue 42): the device authorization grant,
 * and the audiences/resources (absolute URIs) it may exchange a person's token for (RFC 8693).
 */
export const clientGrantsBodySchema = z.object({
  device_code: z.boolean(),
  token_exchange_targets: z
    .array(
      z
        .string()
        .trim()
        .max(2000)
        .refine((v) => {
          try {
            return !new URL(v).hash && !v.includes('#');
          } catch {
            return false;
          }
        }, 'must be an absolute URI without a fragment'),
    )
    .max(50),
});
export type ClientGrantsInput = z.infer<typeof clientGrantsBodySchema>;
