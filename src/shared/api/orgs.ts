import { z } from 'zod';

/**
 * Wire schemas of organizations (issue 29): /api/orgs…, /api/me/orgs, /api/invitations/accept and
 * the ecosystem admin's /api/admin/orgs… (same shapes). The web app imports these.
 */

// The built-in roles and the default role live with the permission table: ../org-policy.ts.
/** An invitation's link is valid this long. */
export const INVITATION_LIFETIME_DAYS = 7;
/** The DNS name that carries a domain's proof: `<prefix>.<domain>` TXT `hub-verification=<token>`. */
export const DOMAIN_CHALLENGE_PREFIX = '_hub-challenge';
export const DOMAIN_CHALLENGE_VALUE_PREFIX = 'hub-verification=';

export const orgSlugSchema = z
  .string()
  .trim()
  .regex(/^[a-z0-9](?:[a-z0-9-]{0,46}[a-z0-9])?$/, 'must be 1-48 lower-case letters, digits or dashes');

/** A role name: lower-case letters, digits and underscores (recruiter, hiring_manager). */
export const orgRoleNameSchema = z
  .string()
  .trim()
  .regex(/^[a-z][a-z0-9_]{1,39}$/, 'must be 2-40 lower-case letters, digits or underscores');

const logoUrlSchema = z
  .string()
  .trim()
  .max(500)
  .refine((v) => {
    try {
      return new URL(v).protocol === 'https:';
    } catch {
      return false;
    }
  }, 'must be an https URL');

const nameSchema = z.string().trim().min(1).max(120);

export const emailDomainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(
    /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/,
    'must be a domain such as example.com',
  );

export const orgIdParamsSchema = z.object({ id: z.uuid() });
export const orgMemberParamsSchema = z.object({ id: z.uuid(), user_id: z.uuid() });
export const orgInvitationParamsSchema = z.object({ id: z.uuid(), invitation_id: z.uuid() });
export const orgDomainParamsSchema = z.object({ id: z.uuid(), domain: emailDomainSchema });
export const orgRoleParamsSchema = z.object({ name: orgRoleNameSchema });

export const orgPoliciesSchema = z.object({
  require_mfa: z.boolean(),
  /** Members must have signed in through this identity provider (null: any sign-in). */
  require_sso_provider_id: z.string().nullable(),
});

/**
 * Whether the caller may take an action, as the server's own rule (orgs/permissions.ts) decides it
 * for the row: `reason` says why not (`role`: the caller's role; `last_owner`: an organization keeps
 * one owner). The screens disable a refused action and say why, rather than offer it and show the error.
 */
export const actionStateSchema = z.object({
  allowed: z.boolean(),
  reason: z.enum(['role', 'last_owner']).nullable(),
});
export type ActionState = z.infer<typeof actionStateSchema>;

export const orgSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  logo_url: z.string().nullable(),
  policies: orgPoliciesSchema,
  created_at: z.string(),
  updated_at: z.string(),
});
export type OrgView = z.infer<typeof orgSchema>;

/** An organization as one of its members sees it in a list: with the caller's roles. */
export const myOrgSchema = orgSchema.extend({ roles: z.array(z.string()) });
/** In the caller's own list, whether they may leave (the last owner may not). */
export const myOrgListItemSchema = myOrgSchema.extend({ actions: z.object({ leave: actionStateSchema }) });
export const myOrgListSchema = z.object({ organizations: z.array(myOrgListItemSchema) });
export const orgResultSchema = z.object({ organization: orgSchema, roles: z.array(z.string()) });

export const createOrgBodySchema = z.strictObject({
  name: nameSchema,
  slug: orgSlugSchema,
  logo_url: logoUrlSchema.nullable().optional(),
});
export type CreateOrgBody = z.infer<typeof createOrgBodySchema>;

/** The ecosystem admin names the first owner (default: the admin). */
export const adminCreateOrgBodySchema = createOrgBodySchema.extend({ owner_user_id: z.uuid().optional() });
export type AdminCreateOrgBody = z.infer<typeof adminCreateOrgBodySchema>;

export const updateOrgBodySchema = z
  .strictObject({
    name: nameSchema.optional(),
    slug: orgSlugSchema.optional(),
    logo_url: logoUrlSchema.nullable().optional(),
    require_mfa: z.boolean().optional(),
    require_sso_provider_id: z.uuid().nullable().optional(),
  })
  .refine((b) => Object.keys(b).length > 0, 'give at least one field');
export type UpdateOrgBody = z.infer<typeof updateOrgBodySchema>;

/** The server adds `cursor`: the opaque `next_cursor` of the previous page (http/cursor.ts decodes it). */
export const adminOrgListQuerySchema = z.object({
  q: z.string().trim().max(200).optional().default(''),
  limit: z.coerce.number().int().min(1).max(100).optional().default(25),
});
export const adminOrgSchema = orgSchema.extend({ member_count: z.number().int() });
export const adminOrgListSchema = z.object({
  organizations: z.array(adminOrgSchema),
  next_cursor: z.string().nullable(),
});

export const orgMemberSchema = z.object({
  user_id: z.string(),
  email: z.string(),
  full_name: z.string().nullable(),
  roles: z.array(z.string()),
  joined_via: z.string(),
  joined_at: z.string(),
  /** What the caller may do to this member; `remove` of oneself is leaving. */
  actions: z.object({ change_roles: actionStateSchema, remove: actionStateSchema }),
});
export type OrgMemberView = z.infer<typeof orgMemberSchema>;
/** The server adds `cursor`, as for the organization list. */
export const memberListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).optional().default(50),
});
export const memberPageSchema = z.object({ members: z.array(orgMemberSchema), next_cursor: z.string().nullable() });
export const memberResultSchema = z.object({ member: orgMemberSchema });

/** The roles of a member: exactly one built-in role, plus custom role names. */
export const orgRolesSchema = z.array(orgRoleNameSchema).min(1).max(10);
export const updateMemberBodySchema = z.strictObject({ roles: orgRolesSchema });

export const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.string(),
  status: z.enum(['pending', 'accepted', 'revoked', 'expired']),
  invited_by: z.string().nullable(),
  created_at: z.string(),
  expires_at: z.string(),
});
export type InvitationView = z.infer<typeof invitationSchema>;
export const invitationListSchema = z.object({ invitations: z.array(invitationSchema) });
export const invitationResultSchema = z.object({ invitation: invitationSchema });
export const createInvitationBodySchema = z.strictObject({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254)
    .pipe(z.email({ message: 'Enter a valid email address.' })),
  role: orgRoleNameSchema.optional(),
});
export const acceptInvitationBodySchema = z.strictObject({ token: z.string().min(1).max(200) });
export const acceptedInvitationSchema = z.object({ organization: myOrgSchema });

export const domainSchema = z.object({
  domain: z.string(),
  verified: z.boolean(),
  method: z.enum(['dns', 'admin']).nullable(),
  verified_at: z.string().nullable(),
  /** Where and what to publish: a TXT record `record_name` with the value `record_value`. */
  record_name: z.string(),
  record_value: z.string(),
  created_at: z.string(),
});
export type DomainView = z.infer<typeof domainSchema>;
export const domainListSchema = z.object({ domains: z.array(domainSchema) });
export const domainResultSchema = z.object({ domain: domainSchema });
export const createDomainBodySchema = z.strictObject({ domain: emailDomainSchema });

export const orgRoleSchema = z.object({ name: z.string(), description: z.string().nullable(), built_in: z.boolean() });
export const orgRoleListSchema = z.object({ roles: z.array(orgRoleSchema) });
export const createOrgRoleBodySchema = z.strictObject({
  name: orgRoleNameSchema,
  description: z.string().trim().max(200).nullable().optional(),
});

export const deletedSchema = z.object({ deleted: z.literal(true) });

/** What deleting an organization ends, for the confirmation (GET …/:id/deletion-impact, owners). */
export const orgDeletionImpactSchema = z.object({
  members: z.number().int(),
  pending_invitations: z.number().int(),
  domains: z.number().int(),
});
