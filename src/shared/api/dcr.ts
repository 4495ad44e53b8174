import { z } from 'zod';
import { DCR_ASSIGNABLE_SCOPES, DCR_MODES } from '../oauth';
import { isLoopbackHost } from '../loopback';
import { clientDisplayShape } from './client-display';
import { clientJwksSchema } from './oauth-clients';

/**
 * Dynamic client registration (RFC 7591 / 7592, issue 40): the policy an administrator sets, the
 * metadata a client may register with, and the admin views. The server's home is
 * src/server/oauth/registration/.
 */
export const dcrPolicySchema = z
  .object({
    mode: z.enum(DCR_MODES),
    allowed_scopes: z.array(z.enum(DCR_ASSIGNABLE_SCOPES)).max(20),
    /** draft-ietf-oauth-client-id-metadata-document: an https client_id resolved on use. */
    client_id_metadata_documents: z.boolean(),
    unused_expiry_days: z.number().int().min(1).max(3650),
  })
  .strict();
export type DcrPolicy = z.infer<typeof dcrPolicySchema>;
export const dcrPolicyViewSchema = z.object({
  policy: dcrPolicySchema,
  /** 'config': HUB_DCR's default, no administrator has set one yet. */
  source: z.enum(['config', 'admin']),
});

/**
 * A dynamic client's redirect URI (RFC 8252 for native apps): https without credentials or a
 * fragment; http only to loopback (`127.0.0.1`, `[::1]`, `localhost`; any port matches later); or a
 * private-use scheme in reverse-domain form (`com.example.app:/callback`, RFC 8252 §7.1).
 */
export function isDynamicRedirectUri(value: string): boolean {
  let u: URL;
  try {
    u = new URL(value);
  } catch {
    return false;
  }
  if (u.hash || value.includes('#') || u.username || u.password) return false;
  if (u.protocol === 'https:') return !!u.hostname;
  if (u.protocol === 'http:') return isLoopbackHost(u.hostname);
  return /^[a-z][a-z0-9+-]*(\.[a-z0-9+-]+)+:$/.test(u.protocol);
}

const text = (max: number) => z.string().trim().min(1).max(max);
const httpsUri = z
  .string()
  .max(2000)
  .refine((v) => {
    try {
      const u = new URL(v);
      return u.protocol === 'https:' && !u.hash && !u.username;
    } catch {
      return false;
    }
  }, 'must be an https URL');

/**
 * The client metadata of RFC 7591 §2 the hub registers; anything else is ignored (§2: "the
 * authorization server MUST ignore any client metadata … that it does not understand"). Issues on
 * `redirect_uris` are answered `invalid_redirect_uri`, every other one `invalid_client_metadata`.
 */
export const registrationMetadataSchema = z
  .object({
    redirect_uris: z
      .array(
        z.string().max(2000).refine(isDynamicRedirectUri, 'must be https, http on loopback or a private-use scheme'),
      )
      .min(1)
      .max(10),
    token_endpoint_auth_method: z.enum(['none', 'private_key_jwt']).default('none'),
    grant_types: z
      .array(z.enum(['authorization_code', 'refresh_token']))
      .min(1)
      .default(['authorization_code', 'refresh_token']),
    response_types: z.array(z.literal('code')).min(1).default(['code']),
    client_name: text(100).optional(),
    client_uri: clientDisplayShape.client_uri,
    logo_uri: clientDisplayShape.logo_uri,
    policy_uri: clientDisplayShape.policy_uri,
    tos_uri: clientDisplayShape.tos_uri,
    scope: z.string().trim().max(1000).optional(),
    contacts: z.array(z.string().trim().max(254).pipe(z.email())).max(5).optional(),
    software_id: text(200).optional(),
    software_version: text(100).optional(),
    jwks: clientJwksSchema.optional(),
    jwks_uri: httpsUri.optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.grant_types.includes('authorization_code'))
      ctx.addIssue({ code: 'custom', path: ['grant_types'], message: 'must include authorization_code' });
    if (v.jwks && v.jwks_uri)
      ctx.addIssue({ code: 'custom', path: ['jwks_uri'], message: 'give jwks or jwks_uri, not both' });
    if (v.token_endpoint_auth_method === 'private_key_jwt' && !v.jwks && !v.jwks_uri)
      ctx.addIssue({ code: 'custom', path: ['jwks'], message: 'private_key_jwt needs jwks or jwks_uri' });
    if (v.token_endpoint_auth_method === 'none' && (v.jwks || v.jwks_uri))
      ctx.addIssue({ code: 'custom', path: ['jwks'], message: 'a public client has no keys' });
  });
export type RegistrationMetadata = z.infer<typeof registrationMetadataSchema>;

/** RFC 7591 §3.2.1 / RFC 7592 §3: the client information response (never a secret: none are issued). */
export const clientInformationSchema = z.looseObject({
  client_id: z.string(),
  client_id_issued_at: z.number(),
  registration_access_token: z.string().optional(),
  registration_client_uri: z.string(),
  redirect_uris: z.array(z.string()),
  token_endpoint_auth_method: z.string(),
  grant_types: z.array(z.string()),
  response_types: z.array(z.string()),
  scope: z.string(),
});

export const initialAccessTokenInputSchema = z
  .object({
    label: text(100),
    expires_in_days: z.number().int().min(1).max(365).default(7),
    max_uses: z.number().int().min(1).max(1000).default(1),
  })
  .strict();
const initialAccessTokenView = {
  id: z.string(),
  label: z.string(),
  expires_at: z.string(),
  max_uses: z.number(),
  uses: z.number(),
  created_at: z.string(),
};
export const initialAccessTokenCreatedSchema = z.object({ ...initialAccessTokenView, token: z.string() });
export const initialAccessTokenListSchema = z.object({ tokens: z.array(z.object(initialAccessTokenView)) });

export const dynamicClientViewSchema = z.object({
  id: z.string(),
  client_id: z.string(),
  client_name: z.string(),
  client_uri: z.string().nullable(),
  redirect_uris: z.array(z.string()),
  scopes: z.array(z.string()),
  software_id: z.string().nullable(),
  software_version: z.string().nullable(),
  registered_via: z.string().nullable(),
  token_endpoint_auth_method: z.string(),
  is_active: z.boolean(),
  /** Approved by an administrator: first-party, consented by its registration. */
  approved: z.boolean(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  /** When it is deleted unless a token is issued first (null once approved). */
  expires_at: z.string().nullable(),
});
export type DynamicClientView = z.infer<typeof dynamicClientViewSchema>;
export const dynamicClientListSchema = z.object({ clients: z.array(dynamicClientViewSchema) });
