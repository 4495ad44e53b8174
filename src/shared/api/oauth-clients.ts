import { z } from 'zod';
import { clientDisplayShape, clientDisplayViewShape } from './client-display';
import { CLIENT_JWT_ALGS, SUPPORTED_SCOPES, TOKEN_AUTH_METHODS } from '../oauth';

/** An absolute http(s) URI without a fragment (RFC 6749 §3.1.2), or a custom scheme for native apps. */
const redirectUri = z
  .string()
  .trim()
  .max(2000)
  .refine((v) => {
    try {
      const u = new URL(v);
      return !u.hash && u.protocol !== 'javascript:' && u.protocol !== 'data:';
    } catch {
      return false;
    }
  }, 'must be an absolute URI without a fragment');

const origin = z
  .string()
  .trim()
  .refine((v) => {
    try {
      return new URL(v).origin === v.replace(/\/$/, '');
    } catch {
      return false;
    }
  }, 'must be an origin such as https://app.example.com');

/**
 * A client's public keys (RFC 7517 JWK Set): asymmetric (EC, RSA, OKP) and public only — a set
 * carrying a private or symmetric key is refused whole, so a pasted private key is never stored.
 */
export const clientJwksSchema = z
  .object({
    keys: z
      .array(
        z
          .looseObject({ kty: z.enum(['EC', 'RSA', 'OKP']), kid: z.string().max(200).optional() })
          .refine((k) => !('d' in k) && !('p' in k) && !('k' in k), 'must be a public key (no private parts)'),
      )
      .min(1)
      .max(20),
  })
  .refine((v) => JSON.stringify(v).length <= 64 * 1024, 'must be at most 64 KiB');

/** The FAPI 2.0 building blocks of a client (issue 31); each false/absent by default. */
const securityProfileShape = {
  /** RFC 7591 §2: inline public keys (private_key_jwt, signed request objects). */
  jwks: clientJwksSchema.nullish(),
  /** RFC 7591 §2: where the hub fetches the client's keys (https). */
  jwks_uri: z
    .url({ protocol: /^https?$/ })
    .max(2000)
    .nullish(),
  /** RFC 9126 §5. */
  require_pushed_authorization_requests: z.boolean().optional(),
  /** RFC 9449 §5.2. */
  dpop_bound_access_tokens: z.boolean().optional(),
  /** FAPI 2.0 Security Profile: PAR, PKCE S256, DPoP, private_key_jwt and response_type=code required. */
  fapi2: z.boolean().optional(),
  /** RFC 9101: the one algorithm its request objects must use (null: any the hub supports). */
  request_object_signing_alg: z.enum(CLIENT_JWT_ALGS).nullish(),
};

/** The rules between the fields, in one place for creation and for changes. */
function checkSecurityProfile(
  v: {
    token_endpoint_auth_method?: string;
    jwks?: unknown;
    jwks_uri?: string | null;
    fapi2?: boolean;
  },
  ctx: z.RefinementCtx,
) {
  if (v.jwks && v.jwks_uri)
    ctx.addIssue({ code: 'custom', path: ['jwks_uri'], message: 'give jwks or jwks_uri, not both' });
  if (v.token_endpoint_auth_method === 'private_key_jwt' && !v.jwks && !v.jwks_uri)
    ctx.addIssue({ code: 'custom', path: ['jwks'], message: 'private_key_jwt needs jwks or jwks_uri' });
  if (v.fapi2 && v.token_endpoint_auth_method !== 'private_key_jwt')
    ctx.addIssue({
      code: 'custom',
      path: ['token_endpoint_auth_method'],
      message: 'a FAPI 2.0 client must use private_key_jwt',
    });
}

export const createClientInputSchema = z
  .object({
    app_name: z.string().trim().min(1).max(200),
    app_description: z.string().trim().max(2000).nullish(),
    app_url: z.url({ protocol: /^https?$/ }).max(2000),
    redirect_uris: z.array(redirectUri).min(1).max(50),
    allowed_origins: z.array(origin).max(50).optional(),
    app_type: z.enum(['platform', 'third_party']).optional(),
    scopes: z.array(z.enum(SUPPORTED_SCOPES)).min(1).optional(),
    post_logout_redirect_uris: z.array(redirectUri).max(50).optional(),
    token_endpoint_auth_method: z.enum(TOKEN_AUTH_METHODS).optional(),
    /** OIDC Back-Channel Logout 1.0: an absolute http(s) URL without a fragment (§2.2). */
    backchannel_logout_uri: z
      .url({ protocol: /^https?$/ })
      .max(2000)
      .refine((v) => !v.includes('#'), 'must not have a fragment')
      .nullish(),
    ...securityProfileShape,
    ...clientDisplayShape,
  })
  .superRefine(checkSecurityProfile);
export type CreateClientInput = z.infer<typeof createClientInputSchema>;

/** The safe projection of a client (clientView): never a secret, only a preview of it. */
export const clientViewSchema = z.object({
  id: z.string(),
  client_id: z.string(),
  client_secret_preview: z.string().nullable(),
  /** Issue 46: during a rotation's grace period, the replaced secret's preview and when it stops working. */
  previous_secret_preview: z.string().nullable(),
  previous_secret_expires_at: z.string().nullable(),
  app_name: z.string(),
  app_description: z.string().nullable(),
  app_url: z.string(),
  app_type: z.string(),
  redirect_uris: z.array(z.string()),
  post_logout_redirect_uris: z.array(z.string()),
  allowed_origins: z.array(z.string()),
  scopes: z.array(z.string()),
  is_active: z.boolean(),
  token_endpoint_auth_method: z.string(),
  backchannel_logout_uri: z.string().nullable(),
  has_api_key: z.boolean(),
  has_webhook_secret: z.boolean(),
  jwks: z.object({ keys: z.array(z.looseObject({ kty: z.string() })) }).nullable(),
  jwks_uri: z.string().nullable(),
  require_pushed_authorization_requests: z.boolean(),
  dpop_bound_access_tokens: z.boolean(),
  fapi2: z.boolean(),
  request_object_signing_alg: z.string().nullable(),
  /** Issue 42: the grants it may use, and the audiences it may exchange tokens for (RFC 8693). */
  grant_types: z.array(z.string()),
  token_exchange_targets: z.array(z.string()),
  ...clientDisplayViewShape,
  created_at: z.string(),
});
export type ClientView = z.infer<typeof clientViewSchema>;

export const clientListSchema = z.object({ clients: z.array(clientViewSchema) });
/**
 * GET /api/admin/oauth-clients/:id/deactivation-impact: who is signed in to the client now, and how
 * many people have consented to it (its confirmation's counts).
 */
export const clientDeactivationImpactSchema = z.object({
  signed_in_people: z.number().int(),
  active_sessions: z.number().int(),
  consented_people: z.number().int(),
});
export const clientResultSchema = z.object({ client: clientViewSchema });
export const clientCreatedSchema = z.object({ client: clientViewSchema, client_secret: z.string().nullable() });
export const clientSecretSchema = z.object({ client_secret: z.string() });
/** The longest grace a replaced secret may keep (30 days). */
export const MAX_SECRET_GRACE_HOURS = 720;
export const DEFAULT_SECRET_GRACE_HOURS = 24;

/** POST /api/admin/oauth-clients/:id/rotate-secret: how long the old secret keeps working (0: it stops at once). */
export const rotateClientSecretBodySchema = z.strictObject({
  grace_hours: z.number().int().min(0).max(MAX_SECRET_GRACE_HOURS).optional(),
});
export const clientSecretRotatedSchema = z.object({ client: clientViewSchema, client_secret: z.string() });

/** PATCH /api/admin/oauth-clients/:id: turn it on or off, and/or change its display metadata (null clears). */
export const clientPatchBodySchema = z
  .object({ is_active: z.boolean().optional(), ...clientDisplayShape })
  .strict()
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'nothing to change');

/**
 * GET /api/auth/client-brand?client_id=…: what the sign-in pages of an authorization request show
 * of its client (public metadata, as on the consent page).
 */
export const clientBrandQuerySchema = z.object({ client_id: z.string().min(1).max(200) });
export const clientBrandSchema = z.object({ app_name: z.string(), ...clientDisplayViewShape });
export type ClientBrand = z.infer<typeof clientBrandSchema>;

/**
 * PUT /api/admin/oauth-clients/:id/security-profile: the FAPI 2.0 building blocks of an existing
 * client, as a whole (what is left out is off). The authentication method changes only between
 * a secret and private_key_jwt; a public client stays public.
 */
export const clientSecurityProfileSchema = z
  .object({
    token_endpoint_auth_method: z.enum(['client_secret_basic', 'client_secret_post', 'private_key_jwt']).optional(),
    ...securityProfileShape,
  })
  .superRefine(checkSecurityProfile);
export type ClientSecurityProfileInput = z.infer<typeof clientSecurityProfileSchema>;
