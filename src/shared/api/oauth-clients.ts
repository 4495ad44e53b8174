import { z } from 'zod';
import { SUPPORTED_SCOPES, TOKEN_AUTH_METHODS } from '../oauth';

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

export const createClientInputSchema = z.object({
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
});
export type CreateClientInput = z.infer<typeof createClientInputSchema>;

/** The safe projection of a client (clientView): never a secret, only a preview of it. */
export const clientViewSchema = z.object({
  id: z.string(),
  client_id: z.string(),
  client_secret_preview: z.string().nullable(),
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
  created_at: z.string(),
});
export type ClientView = z.infer<typeof clientViewSchema>;

export const clientListSchema = z.object({ clients: z.array(clientViewSchema) });
export const clientResultSchema = z.object({ client: clientViewSchema });
export const clientCreatedSchema = z.object({ client: clientViewSchema, client_secret: z.string().nullable() });
export const clientSecretSchema = z.object({ client_secret: z.string() });
export const clientActiveBodySchema = z.object({ is_active: z.boolean() });
