import { z } from 'zod';
import { CREDENTIAL_TYPES, JUSTIFICATION_MIN, TIME_LIMIT } from './credential-access';

export { CREDENTIAL_TYPES, JUSTIFICATION_MIN, TIME_LIMIT };

/**
 * Input and output schemas of the administration API. Outputs are parsed before they are
 * serialised through these schemas (http/contract.ts), so a column the projection does not name can never leak.
 */
const iso = z.string();
const isoOrNull = z.string().nullable();

/**
 * Whether the caller may take an action on a user, as the server's rule decides (users-service.ts
 * deactivationRefusal, roles/role-service.ts roleChangeRefusal): only a super admin deactivates a
 * super admin or grants and revokes super_admin and support; the last active super admin stays one;
 * nobody deactivates their own account here (`self`: it would lock them out of the console).
 */
export const userActionStateSchema = z.object({
  allowed: z.boolean(),
  reason: z.enum(['super_admin_only', 'last_super_admin', 'self']).nullable(),
});

export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  full_name: z.string().nullable(),
  organization: z.string().nullable(),
  department: z.string().nullable(),
  is_active: z.boolean(),
  created_at: iso,
  last_login_at: isoOrNull,
  roles: z.array(z.string()),
  /** Second factors the user has (issue 13); a super_admin can reset them (POST /api/admin/users/:id/mfa/reset). */
  mfa: z.object({ totp: z.boolean(), passkeys: z.number().int() }),
  /** What the caller may do to this user (in the list, GET /api/admin/users). */
  actions: z
    .object({
      deactivate: userActionStateSchema,
      /** Turning each platform role on or off, from where the user stands now. */
      roles: z.record(z.string(), userActionStateSchema),
    })
    .optional(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** The server adds `cursor`: the opaque `next_cursor` of the previous page (http/cursor.ts decodes it). */
export const userListQuerySchema = z.object({
  q: z.string().trim().max(200).optional().default(''),
  limit: z.coerce.number().int().min(1).max(100).optional().default(25),
});

export const userListSchema = z.object({
  users: z.array(adminUserSchema),
  total: z.number().int(),
  /** True when a search matched more than `total` (the count stops at a cap). */
  total_capped: z.boolean(),
  next_cursor: z.string().nullable(),
});

/** Empty strings clear a field (spec §7: full_name is null if empty). */
const optionalText = z
  .string()
  .trim()
  .max(200)
  .nullable()
  .optional()
  .transform((v) => (v === undefined ? undefined : v ? v : null));

export const userPatchSchema = z
  .object({
    email: z
      .string()
      .trim()
      .toLowerCase()
      .pipe(z.email({ message: 'Enter a valid email address.' }))
      .optional(),
    full_name: optionalText,
    organization: optionalText,
    department: optionalText,
    is_active: z.boolean().optional(),
  })
  .strict();
export type UserPatch = z.infer<typeof userPatchSchema>;

export const idParamsSchema = z.object({ id: z.uuid() });

export const overviewSchema = z.object({
  users_total: z.number(),
  users_active: z.number(),
  admins: z.number(),
  active_sessions: z.number(),
  apps_total: z.number(),
  apps_active: z.number(),
  pending_requests: z.number(),
  failed_sign_ins_24h: z.number(),
  sign_ins_24h: z.number(),
  /** Server-sourced events only: these are the figures an admin acts on. */
  audit_events_24h: z.number(),
  high_severity_24h: z.number(),
  /** Events browsers reported (source = client) in 24 h: shown apart, never in the figures above. */
  client_events_24h: z.number(),
  database: z.enum(['pglite', 'postgres']),
});

export const appSafeSchema = z.object({
  id: z.string(),
  app_name: z.string(),
  app_url: z.string(),
  app_type: z.string(),
  is_active: z.boolean(),
  has_api_key: z.boolean(),
  has_webhook_secret: z.boolean(),
});
export const appListSchema = z.object({ apps: z.array(appSafeSchema) });

export const sessionSafeSchema = z.object({
  id: z.string(),
  user_id: z.string().nullable(),
  client_id: z.string().nullable(),
  is_active: z.boolean(),
  /** The first 16 characters of the SHA-256 token hash (spec §9); never the token. */
  session_token_hash: z.string().max(16),
  ip_address: z.string().nullable(),
  created_at: iso,
});
export const sessionListQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(50).optional().default(5) });
export const sessionListSchema = z.object({ sessions: z.array(sessionSafeSchema) });

export const credentialRequestInputSchema = z.discriminatedUnion('mode', [
  // Security tab (spec: request_credential_access): justification required, always waits for approval.
  z.object({
    mode: z.literal('standard'),
    app_id: z.uuid(),
    credential_type: z.enum(CREDENTIAL_TYPES).default('api_key'),
    justification: z.string().trim().min(1, 'Please provide a justification for accessing credentials').max(2000),
  }),
  // Security Audit tab (request_time_limited_credential_access).
  z.object({
    mode: z.literal('time_limited'),
    app_id: z.uuid(),
    credential_type: z.enum(CREDENTIAL_TYPES).default('api_key'),
    justification: z.string().trim().min(JUSTIFICATION_MIN, 'Please select an app and provide justification').max(2000),
    time_limit_minutes: z.number().int().min(TIME_LIMIT.min).max(TIME_LIMIT.max).default(TIME_LIMIT.default),
  }),
]);
export type CredentialRequestInput = z.infer<typeof credentialRequestInputSchema>;

export const credentialRequestSchema = z.object({
  id: z.string(),
  action_type: z.string(),
  app_id: z.string().nullable(),
  app_name: z.string().nullable(),
  credential_type: z.string().nullable(),
  justification: z.string(),
  time_limit_minutes: z.number().nullable(),
  status: z.string(),
  requesting_user_id: z.string(),
  requester_email: z.string().nullable(),
  decided_by: z.string().nullable(),
  decided_at: isoOrNull,
  expires_at: isoOrNull,
  created_at: iso,
  /**
   * What the caller may do with it, by the rule the decision endpoints apply (the two-person
   * rule): `can_decide` — it is pending and not their own, so they may deny it; `can_approve` —
   * they may also approve it (their admin role was not granted by the requester and was held
   * before the request was made).
   */
  can_decide: z.boolean(),
  can_approve: z.boolean(),
});
export type CredentialRequestView = z.infer<typeof credentialRequestSchema>;
export const credentialRequestListQuerySchema = z.object({
  scope: z.enum(['mine', 'pending']).optional().default('mine'),
});
export const credentialRequestListSchema = z.object({ requests: z.array(credentialRequestSchema) });

export const grantSchema = z.object({
  id: z.string(),
  app_id: z.string(),
  app_name: z.string(),
  credential_type: z.string(),
  expires_at: iso,
  time_limit_minutes: z.number(),
});
export const credentialRequestResultSchema = z.object({
  request: credentialRequestSchema,
  grant: grantSchema.nullable(),
});
export const grantListSchema = z.object({ grants: z.array(grantSchema) });
export const revealSchema = z.object({ credential_type: z.string(), value: z.string(), expires_at: iso });

/** Every count comes from server-sourced audit events; what browsers reported is listed apart. */
export const analyticsSchema = z.object({
  daily: z.array(
    z.object({
      date: z.string(),
      sign_ins: z.number(),
      failures: z.number(),
      lockouts: z.number(),
      mfa: z.number(),
      credential_access: z.number(),
    }),
  ),
  sessions_per_app: z.array(z.object({ app_name: z.string(), count: z.number() })),
  top_event_types: z.array(z.object({ event_type: z.string(), count: z.number() })),
  /** Browser-reported (source = client) types, page loads excluded: labelled, not security figures. */
  client_event_types: z.array(z.object({ event_type: z.string(), count: z.number() })),
});

export const authSessionSchema = z.object({
  id: z.string(),
  client_id: z.string().nullable(),
  app_name: z.string().nullable(),
  app_url: z.string().nullable(),
  user_id: z.string().nullable(),
  user_email: z.string().nullable(),
  kind: z.string(),
  user_agent: z.string().nullable(),
  ip_address: z.string().nullable(),
  scopes: z.array(z.string()),
  is_active: z.boolean(),
  last_accessed_at: iso,
  created_at: iso,
  expires_at: iso,
});
export const authSessionListQuerySchema = z.object({
  active: z.enum(['true', 'false']).optional().default('true'),
  limit: z.coerce.number().int().min(1).max(500).optional().default(200),
});
export const authSessionListSchema = z.object({ sessions: z.array(authSessionSchema) });

/** GET /api/admin/backup: the embedded database's backups, as System Health shows them (issue 45). */
export const backupStatusSchema = z.object({
  /** false on PostgreSQL, whose backups are pg_dump's and WAL archiving's. */
  embedded: z.boolean(),
  schedule: z.object({ every_minutes: z.number().int(), keep: z.number().int() }).nullable(),
  last: z.object({ at: z.string(), size_bytes: z.number().int() }).nullable(),
});
