import { z } from 'zod';
import { WEBHOOK_EVENT_TYPES } from '../webhook-events';

/**
 * The webhook administration API (issue 30): /api/admin/webhooks*. The secret appears in exactly
 * two answers — creation and rotation — and never again; views say only whether the previous
 * secret is still signing.
 */

/** An absolute http(s) URL without credentials or fragment; where it may point is the server's check (net/outbound.ts). */
const webhookUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((v) => {
    try {
      const u = new URL(v);
      return (u.protocol === 'https:' || u.protocol === 'http:') && !u.hash && !u.username && !u.password;
    } catch {
      return false;
    }
  }, 'must be an absolute http(s) URL without credentials or fragment');

const eventList = z
  .array(z.enum(WEBHOOK_EVENT_TYPES))
  .min(1)
  .max(WEBHOOK_EVENT_TYPES.length)
  .describe('The events the endpoint subscribes to');

export const createWebhookBodySchema = z.strictObject({
  url: webhookUrl,
  description: z.string().trim().max(500).optional(),
  events: eventList,
  /** Only this client's events and its users' (a client_id); omitted or null: all. */
  client_id: z.string().trim().min(1).max(200).nullish(),
  enabled: z.boolean().optional(),
});
export type CreateWebhookBody = z.infer<typeof createWebhookBodySchema>;

export const updateWebhookBodySchema = createWebhookBodySchema
  .partial()
  .refine((b) => Object.keys(b).length > 0, 'give at least one field to change');
export type UpdateWebhookBody = z.infer<typeof updateWebhookBodySchema>;

export const webhookViewSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.string()),
  client_id: z.string().nullable(),
  enabled: z.boolean(),
  disabled_reason: z.string().nullable(),
  failure_streak: z.number().int(),
  /** Until when the previous secret still signs (both signatures are sent); null: no rotation in overlap. */
  previous_secret_valid_until: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type WebhookView = z.infer<typeof webhookViewSchema>;

export const webhookListSchema = z.object({ webhooks: z.array(webhookViewSchema) });
export const webhookResultSchema = z.object({ webhook: webhookViewSchema });
/** GET /api/admin/webhooks/:id/deletion-impact: the deliveries still owed, which deleting the endpoint drops. */
export const webhookDeletionImpactSchema = z.object({ pending_deliveries: z.number().int() });

/** Creation and rotation: the signing secret, shown this once (`whsec_…`, Standard Webhooks). */
export const webhookWithSecretSchema = z.object({ webhook: webhookViewSchema, secret: z.string() });

export const webhookDeliveryViewSchema = z.object({
  id: z.number().int(),
  event_id: z.string(),
  event_type: z.string(),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number().int(),
  next_attempt_at: z.string().nullable(),
  last_status_code: z.number().int().nullable(),
  last_latency_ms: z.number().int().nullable(),
  last_error: z.string().nullable(),
  /** Issue 46: the first bytes of the last failed answer's body (bounded, secrets removed; never headers). */
  last_response_excerpt: z.string().nullable(),
  /** How many attempts the retry schedule makes in all (pending with attempts > 0: "Retrying, attempt n of this"). */
  max_attempts: z.number().int(),
  payload: z.record(z.string(), z.unknown()),
  created_at: z.string(),
  delivered_at: z.string().nullable(),
});
export type WebhookDeliveryView = z.infer<typeof webhookDeliveryViewSchema>;

export const webhookDeliveriesQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  /** Deliveries older than this id (the last id of the previous page). */
  before: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
});

export const webhookDeliveryListSchema = z.object({ deliveries: z.array(webhookDeliveryViewSchema) });
export const webhookDeliveryResultSchema = z.object({ delivery: webhookDeliveryViewSchema });

export const webhookDeliveryParamsSchema = z.object({
  id: z.uuid(),
  delivery_id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});
