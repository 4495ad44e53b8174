import { z } from 'zod';

/**
 * The wire contracts of the OAuth / OpenID Connect endpoints. Requests are form-encoded; every
 * parameter is a single string (a repeated parameter is refused, RFC 6749 §3.1) and unknown
 * parameters are ignored (RFC 6749 §3.1, OIDC Core §3.1.2.1). Errors are RFC 6749 §5.2 bodies
 * (routes carry `config.oauth`).
 */
const param = z.string().max(8192).optional();

function form<S extends Record<string, typeof param>>(shape: S) {
  return z.looseObject(shape).optional();
}

export const tokenRequestSchema = form({
  grant_type: param,
  code: param,
  redirect_uri: param,
  code_verifier: param,
  refresh_token: param,
  scope: param,
  resource: param,
  client_id: param,
  client_secret: param,
  /** RFC 7523 §2.2: private_key_jwt. */
  client_assertion: param,
  client_assertion_type: param,
  /** RFC 8628 §3.4. */
  device_code: param,
  /** RFC 8693 §2.1. */
  subject_token: param,
  subject_token_type: param,
  actor_token: param,
  actor_token_type: param,
  audience: param,
  requested_token_type: param,
});

/** RFC 8628 §3.1: the device authorization request. */
export const deviceAuthorizationRequestSchema = form({
  client_id: param,
  client_secret: param,
  client_assertion: param,
  client_assertion_type: param,
  scope: param,
  resource: param,
});

/** RFC 8628 §3.2. */
export const deviceAuthorizationResponseSchema = z.object({
  device_code: z.string(),
  user_code: z.string(),
  verification_uri: z.string(),
  verification_uri_complete: z.string(),
  expires_in: z.number(),
  interval: z.number(),
});

export const tokenResponseSchema = z.looseObject({
  access_token: z.string(),
  token_type: z.string(),
  expires_in: z.number(),
  scope: z.string().optional(),
  refresh_token: z.string().optional(),
  id_token: z.string().optional(),
});

export const tokenOperationSchema = form({
  token: param,
  token_type_hint: param,
  client_id: param,
  client_secret: param,
  client_assertion: param,
  client_assertion_type: param,
});

/** RFC 9126 §2.1: the authorization request's parameters (or a `request` object), with client authentication. */
export const pushedRequestSchema = z.looseObject({
  client_id: param,
  client_secret: param,
  client_assertion: param,
  client_assertion_type: param,
  request: param,
  response_type: param,
  redirect_uri: param,
  scope: param,
  state: param,
  nonce: param,
  code_challenge: param,
  code_challenge_method: param,
});

/** RFC 9126 §2.2. */
export const pushedRequestAnswerSchema = z.object({ request_uri: z.string(), expires_in: z.number() });

/** RFC 7662 §2.2: `active` always; the claims only for an active token. */
export const introspectionSchema = z.looseObject({ active: z.boolean() });

export const userinfoRequestSchema = form({ access_token: param });
export const userinfoSchema = z.looseObject({ sub: z.string() });

export const endSessionSchema = form({
  id_token_hint: param,
  post_logout_redirect_uri: param,
  client_id: param,
  state: param,
  logout_hint: param,
  ui_locales: param,
  csrf: param,
});

/** POST /oauth/authorize: any parameters, strings or repeated (a repeated one is refused by the endpoint). */
export const authorizeFormSchema = z
  .record(z.string(), z.union([z.string().max(65536), z.array(z.string().max(65536)).max(20)]))
  .optional();

export const consentDecisionSchema = form({ request: param, csrf: param, decision: param });

export const jwksSchema = z.object({ keys: z.array(z.looseObject({ kty: z.string(), kid: z.string().optional() })) });

export const discoverySchema = z.looseObject({
  issuer: z.string(),
  authorization_endpoint: z.string(),
  token_endpoint: z.string(),
  jwks_uri: z.string(),
});
