import { z } from 'zod';
import { OIDC_PRESET_NAMES } from '../federation-presets';
import { reauthenticateBodySchema } from './mfa';
import { isHttpsOrLoopback } from '../loopback';
import { emailDomainSchema } from './orgs';

/**
 * Wire schemas of federation (issue 27): the identity providers an administrator registers
 * (/api/admin/identity-providers), the providers the sign-in page offers (/api/auth/providers)
 * and home-realm discovery (/api/auth/discover). The web app imports these.
 */

export const IDENTITY_PROTOCOLS = ['oidc', 'saml'] as const;

// The presets are plain values the web app shows too (it may not import this schema module).
export { DEFAULT_OIDC_SCOPES, OIDC_PRESETS } from '../federation-presets';
export const DEFAULT_ATTRIBUTE_MAPPING = { email: 'email', name: 'name' };

/** The slug is part of the redirect URI registered at the provider: lower-case, digits, dashes. */
export const providerSlugSchema = z
  .string()
  .regex(/^[a-z0-9](?:[a-z0-9-]{0,46}[a-z0-9])?$/, 'must be 1-48 lower-case letters, digits or dashes');

/**
 * An issuer is an https URL without query or fragment (OIDC Discovery §2); plain http only on
 * this machine's loopback (development and the tests' upstream provider).
 */
const issuerSchema = z
  .string()
  .trim()
  .max(500)
  .refine((v) => {
    try {
      const u = new URL(v);
      if (u.search || u.hash || u.username || u.password) return false;
      return isHttpsOrLoopback(u);
    } catch {
      return false;
    }
  }, 'must be an https URL without query or fragment');

const scopeSchema = z.string().regex(/^[\x21\x23-\x5b\x5d-\x7e]{1,100}$/, 'must be a scope token');
const scopesSchema = z
  .array(scopeSchema)
  .min(1)
  .max(30)
  .refine((s) => s.includes('openid'), 'must include openid');

const claimName = z.string().trim().min(1).max(200);
const attributeMappingSchema = z.object({ email: claimName.optional(), name: claimName.optional() }).strict();

const providerFields = {
  display_name: z.string().trim().min(1).max(100),
  enabled: z.boolean(),
  issuer: issuerSchema,
  client_id: z.string().trim().min(1).max(500),
  client_secret: z.string().min(1).max(2000),
  scopes: scopesSchema,
  email_domains: z.array(emailDomainSchema).max(50),
  trusts_email_verified: z.boolean(),
  trusts_mfa: z.boolean(),
  attribute_mapping: attributeMappingSchema,
  may_create_accounts: z.boolean(),
};

/** The IdP's metadata XML as its console exports it (Okta, Entra ID, Google Workspace, ADFS, Shibboleth). */
const metadataXmlSchema = z
  .string()
  .min(1)
  .max(100_000)
  .describe(
    'The identity provider\u2019s SAML metadata XML: its entityID, HTTP-Redirect SSO location and signing certificate',
  );

/** POST /api/admin/identity-providers with protocol `oidc`. `preset` prefills issuer and scopes only. */
const createOidcProviderBodySchema = z
  .object({
    protocol: z.literal('oidc'),
    preset: z.enum(OIDC_PRESET_NAMES).optional(),
    slug: providerSlugSchema,
    ...providerFields,
    display_name: providerFields.display_name.optional(),
    enabled: providerFields.enabled.optional(),
    issuer: providerFields.issuer.optional(),
    scopes: providerFields.scopes.optional(),
    email_domains: providerFields.email_domains.optional(),
    trusts_email_verified: providerFields.trusts_email_verified.optional(),
    trusts_mfa: providerFields.trusts_mfa.optional(),
    attribute_mapping: providerFields.attribute_mapping.optional(),
    may_create_accounts: providerFields.may_create_accounts.optional(),
  })
  .strict();

/**
 * POST /api/admin/identity-providers with protocol `saml`: the IdP's metadata instead of issuer
 * and client. `trusts_email_verified` says whether its email attribute counts as verified,
 * `trusts_mfa` whether its AuthnContext saying MFA counts as the hub's second factor.
 */
const createSamlProviderBodySchema = z
  .object({
    protocol: z.literal('saml'),
    slug: providerSlugSchema,
    display_name: providerFields.display_name,
    metadata_xml: metadataXmlSchema,
    enabled: providerFields.enabled.optional(),
    email_domains: providerFields.email_domains.optional(),
    trusts_email_verified: providerFields.trusts_email_verified.optional(),
    trusts_mfa: providerFields.trusts_mfa.optional(),
    attribute_mapping: providerFields.attribute_mapping.optional(),
    may_create_accounts: providerFields.may_create_accounts.optional(),
  })
  .strict();

/** POST /api/admin/identity-providers: an OpenID Connect or a SAML 2.0 provider. */
export const createIdentityProviderBodySchema = z.discriminatedUnion('protocol', [
  createOidcProviderBodySchema,
  createSamlProviderBodySchema,
]);
export type CreateIdentityProviderBody = z.infer<typeof createIdentityProviderBodySchema>;
export type CreateOidcProviderBody = z.infer<typeof createOidcProviderBodySchema>;
export type CreateSamlProviderBody = z.infer<typeof createSamlProviderBodySchema>;

const updateFields = { ...providerFields, metadata_xml: metadataXmlSchema };

/**
 * PATCH /api/admin/identity-providers/:id: any field but the slug and protocol (the slug is in the
 * URLs registered at the provider). issuer, client_id, client_secret and scopes are OpenID
 * Connect's, metadata_xml is SAML's (new metadata, e.g. after the IdP rolled its certificate).
 */
export const updateIdentityProviderBodySchema = z
  .object(
    Object.fromEntries(Object.entries(updateFields).map(([k, v]) => [k, v.optional()])) as {
      [K in keyof typeof updateFields]: z.ZodOptional<(typeof updateFields)[K]>;
    },
  )
  .strict()
  .refine((b) => Object.keys(b).length > 0, 'must change at least one field');
export type UpdateIdentityProviderBody = z.infer<typeof updateIdentityProviderBodySchema>;

/** A provider as administrators see it: never its client secret, only whether it has one. */
export const identityProviderViewSchema = z.object({
  id: z.string(),
  slug: z.string(),
  display_name: z.string(),
  protocol: z.enum(IDENTITY_PROTOCOLS),
  enabled: z.boolean(),
  /** OIDC: the issuer; SAML: the IdP's entityID. */
  issuer: z.string().nullable(),
  client_id: z.string().nullable(),
  has_client_secret: z.boolean(),
  scopes: z.array(z.string()),
  email_domains: z.array(z.string()),
  trusts_email_verified: z.boolean(),
  trusts_mfa: z.boolean(),
  attribute_mapping: z.object({ email: z.string(), name: z.string() }),
  may_create_accounts: z.boolean(),
  /** What to register at an OpenID Connect provider (null for SAML). */
  redirect_uri: z.string().nullable(),
  /** SAML: what the IdP must know of the hub (null for OpenID Connect). */
  acs_url: z.string().nullable(),
  entity_id: z.string().nullable(),
  metadata_url: z.string().nullable(),
  /** SAML: what the hub took from the IdP's metadata. */
  saml: z.object({ sso_url: z.string(), certificates: z.number() }).nullable(),
  /** Issue 46: the last passed connection test, and the last failure (a test's step or an unreachable sign-in). */
  last_ok_at: z.string().nullable(),
  last_error: z.string().nullable(),
  last_error_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type IdentityProviderView = z.infer<typeof identityProviderViewSchema>;

export const CONNECTION_TEST_STEPS = [
  'discovery',
  'keys',
  'authorization',
  'metadata',
  'certificates',
  'sso_url',
] as const;

/** POST /api/admin/identity-providers/:id/test: each step the hub tried, in order, until one failed. */
export const connectionTestResultSchema = z.object({
  ok: z.boolean(),
  steps: z.array(
    z.object({
      name: z.enum(CONNECTION_TEST_STEPS),
      ok: z.boolean(),
      /** For programs: what happened, stable across languages (`keys.ok`, `unreachable`, an API error's code). */
      code: z.string(),
      /** For the administrator: the same in the request's language. */
      detail: z.string(),
    }),
  ),
});
export type ConnectionTestResult = z.infer<typeof connectionTestResultSchema>;

/** GET /api/admin/identity-providers/:id/deletion-impact: what deleting the provider ends, for its confirmation. */
export const providerDeletionImpactSchema = z.object({
  /** Accounts linked through it. */
  identities: z.number().int(),
  /** Of those, the accounts it is the only way into (no password, passkey or other provider). */
  only_way_in: z.number().int(),
  /** Organizations whose policy requires signing in through it. */
  organizations_requiring: z.number().int(),
});

export const identityProviderListSchema = z.object({
  providers: z.array(identityProviderViewSchema),
  /** The hub's public URL: what the registration URLs of a provider being created are made from (ssoRegistrationUrls). */
  public_url: z.string(),
});

export const identityProviderResultSchema = z.object({
  provider: identityProviderViewSchema,
  /** What to register at the provider. OpenID Connect: the redirect URI. */
  redirect_uri: z.string().optional(),
  /** SAML: the ACS URL, the hub's entity ID (the audience) and its SP metadata's URL. */
  acs_url: z.string().optional(),
  entity_id: z.string().optional(),
  metadata_url: z.string().optional(),
});

/** GET /api/auth/providers: what the sign-in page offers as buttons. */
export const publicProviderSchema = z.object({
  slug: z.string(),
  display_name: z.string(),
  protocol: z.enum(IDENTITY_PROTOCOLS),
});
export const publicProviderListSchema = z.object({ providers: z.array(publicProviderSchema) });

/** POST /api/auth/discover: decided by the email's domain only, never by whether an account exists. */
export const discoverBodySchema = z.object({ email: z.string().trim().min(3).max(254).pipe(z.email()) }).strict();
export const discoverResultSchema = z.object({
  sso: z.object({ slug: z.string(), display_name: z.string() }).nullable(),
});

/** POST /auth/sso/:slug/acs: the IdP's answer by the HTTP-POST binding (RelayState unused: the state is in a cookie). */
export const samlAcsBodySchema = z.object({
  SAMLResponse: z.string().min(1).max(200_000),
  RelayState: z.string().max(1000).optional(),
});

/** GET /auth/sso/:slug and its callback. */
export const ssoParamsSchema = z.object({ slug: z.string().max(100) });
export const ssoStartQuerySchema = z.object({
  return_to: z.string().max(4000).optional(),
  /** `1`: link the identity to the signed-in account (from /account; needs a recent authentication). */
  link: z.literal('1').optional(),
});
/** The callback's query (RFC 6749 §4.1.2, RFC 9207 `iss`); openid-client reads and checks it whole. */
const callbackParam = z.string().max(8000).optional();
export const ssoCallbackQuerySchema = z.object({
  code: callbackParam,
  state: callbackParam,
  iss: callbackParam,
  error: callbackParam,
  error_description: callbackParam,
});

/**
 * Linking an upstream identity to an existing account. When the callback finds a local account
 * with the upstream email, it signs nobody in: it keeps the pending identity (server-side, the
 * browser holds a single-use token in the `hub_sso_link` cookie, 10 minutes) and redirects to
 * `/auth?link=<slug>`. There the person proves the local account:
 * - POST /api/auth/sso/link/confirm with the same body as /api/auth/reauthenticate
 *   ({password, code?} — the code when an authenticator app is enrolled — or a passkey assertion);
 * - or POST /api/auth/sso/link/email: a single-use 15-minute link to the account's address,
 *   bound to this exact upstream identity, opened at GET /auth/sso/link/:token.
 */
export const pendingLinkSchema = z.object({
  provider: z.object({ slug: z.string(), display_name: z.string() }),
  /** The upstream email (the person just used it at the provider): the account to prove. */
  email: z.string(),
  expires_at: z.string(),
});
export const linkConfirmBodySchema = reauthenticateBodySchema;
export const linkConfirmResultSchema = z.object({
  linked: z.literal(true),
  /** Where the sign-in continues (the hub's own path the detour was started from). */
  return_to: z.string(),
});
export const linkMailResultSchema = z.object({ sent: z.literal(true), expires_in_minutes: z.number() });
export const linkTokenParamsSchema = z.object({ token: z.string().min(1).max(200) });

/** GET /api/me/identities: the upstream identities linked to the signed-in account. */
export const myIdentitySchema = z.object({
  id: z.string(),
  provider: z.string().describe('The provider\u2019s slug'),
  display_name: z.string(),
  protocol: z.enum(IDENTITY_PROTOCOLS),
  subject: z.string(),
  email_at_link: z.string().nullable(),
  linked_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type MyIdentity = z.infer<typeof myIdentitySchema>;
export const myIdentityListSchema = z.object({ identities: z.array(myIdentitySchema) });
export const identityIdParamsSchema = z.object({ id: z.uuid() });
export const identityDeletedSchema = z.object({ deleted: z.literal(true) });

/**
 * POST /api/me/identities/link {provider} (signed in, step-up): where the browser goes to link an
 * identity at that provider to the account, `GET /auth/sso/:slug?link=1`, whose start needs the
 * same recent authentication. Asked as JSON first so the web app can run step-up (a dialog) before
 * it leaves the page, instead of the start route's error page. 404 when the provider is not enabled.
 */
export const linkStartBodySchema = z.object({ provider: providerSlugSchema }).strict();
export const linkStartResultSchema = z.object({ location: z.string() });
/** Where a link started from /account comes back: the account's Security section, told which provider. */
export const ACCOUNT_LINK_RETURN = '/account?tab=security';
