import { z } from 'zod';

/**
 * Wire schemas of an organization's SCIM tokens and provisioning log (issue 41):
 * /api/orgs/:id/scim-tokens… and /api/admin/orgs/:id/scim-tokens… (same shapes). The SCIM
 * protocol itself (/scim/v2/orgs/:org_id) speaks RFC 7643/7644 JSON, not these.
 */

/** Where an organization's directory is pointed: `<public URL>/scim/v2/orgs/<org id>`. */
export const SCIM_BASE_PATH = '/scim/v2/orgs';

export const scimTokenParamsSchema = z.object({ id: z.uuid(), token_id: z.uuid() });

export const createScimTokenBodySchema = z.object({
  /** What the token is for (e.g. "Okta production"). */
  name: z.string().trim().min(1).max(80),
});

export const scimTokenSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type ScimTokenView = z.infer<typeof scimTokenSchema>;

/** The secret is in this answer only: it is stored hashed and never shown again. */
export const scimTokenCreatedSchema = z.object({
  token: z.string(),
  base_url: z.string(),
  scim_token: scimTokenSchema,
});
export type ScimTokenCreated = z.infer<typeof scimTokenCreatedSchema>;

export const scimCallSchema = z.object({
  at: z.string(),
  method: z.string(),
  path: z.string(),
  status: z.number().int(),
  scim_type: z.string().nullable(),
  detail: z.string().nullable(),
  token_id: z.uuid().nullable(),
});

export const scimOverviewSchema = z.object({
  base_url: z.string(),
  tokens: z.array(scimTokenSchema),
  /** The last calls, newest first (the provisioning log). */
  calls: z.array(scimCallSchema),
});
export type ScimOverview = z.infer<typeof scimOverviewSchema>;
