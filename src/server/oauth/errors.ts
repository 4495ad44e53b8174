import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuditEvent } from '../audit/record';

/**
 * RFC 6749 / 7009 / 7662 / OIDC error codes. OAuth endpoints answer `{error, error_description}`
 * (RFC 6749 §5.2), not the hub's API error shape, because relying parties parse exactly this.
 */
export const OAUTH_ERRORS = {
  invalid_request: 400,
  invalid_client: 401,
  invalid_grant: 400,
  unauthorized_client: 400,
  unsupported_grant_type: 400,
  invalid_scope: 400,
  unsupported_response_type: 400,
  access_denied: 403,
  invalid_token: 401,
  insufficient_scope: 403,
  login_required: 400,
  consent_required: 400,
  server_error: 500,
  temporarily_unavailable: 503,
  interaction_required: 400,
  invalid_target: 400,
  /** RFC 9449 §5.1, §7.1: a DPoP proof that is missing where required, malformed or replayed. */
  invalid_dpop_proof: 400,
  /** RFC 9449 §8, §9: the proof must carry the server's nonce (sent in the DPoP-Nonce header). */
  use_dpop_nonce: 400,
  /** RFC 9101 §6.2: a request object that does not verify. */
  invalid_request_object: 400,
  /** RFC 9101 §6.2, RFC 9126 §2.3: a request_uri that is unknown, expired or used. */
  invalid_request_uri: 400,
  /** RFC 8628 §3.5: the device flow's answers to a poll. */
  authorization_pending: 400,
  slow_down: 400,
  expired_token: 400,
  /** RFC 7591 §3.2.2: a registration's redirect URIs, or any other of its metadata, refused. */
  invalid_redirect_uri: 400,
  invalid_client_metadata: 400,
} as const;

export type OAuthErrorCode = keyof typeof OAUTH_ERRORS;

export class OAuthError extends Error {
  readonly status: number;
  /**
   * The audit event this refusal stands for, if it is one. Named by whoever knows the request
   * (the endpoint, or a grant that knows more: a replayed code's user); written by the one error
   * hook (plugins/errors.ts) after any transaction the refusal rolled back.
   */
  audit?: AuditEvent;
  /**
   * A refusal at a protected resource that speaks DPoP (RFC 9449 §7.1): answered with a
   * `WWW-Authenticate: DPoP` challenge naming the accepted algorithms instead of a Bearer one.
   */
  dpopChallenge?: boolean;
  /** The `WWW-Authenticate` challenge of a refusal at a resource (resource-token.ts builds it). */
  challenge?: string;
  /** RFC 9449 §8: the nonce the client must put in its next proof (the DPoP-Nonce header). */
  dpopNonce?: string;
  constructor(
    readonly error: OAuthErrorCode,
    readonly description: string,
    status?: number,
  ) {
    super(description);
    this.status = status ?? OAUTH_ERRORS[error];
  }
}

/**
 * Shown on the hub's own HTML error page (status 400), never sent to the client: the authorization
 * endpoint before it trusts the client and its redirect URI (RFC 6749 §4.1.2.1).
 */
export class AuthorizePageError extends OAuthError {
  constructor(error: OAuthErrorCode, description: string) {
    super(error, description, 400);
  }
}

/**
 * The audit event of a refusal at an endpoint clients authenticate to (RFC 6749 §5.2): the grant
 * asked for (token endpoint) or the endpoint, the client as far as it is known, and what it was
 * told. A failed client authentication is always `oauth_invalid_client`.
 */
export function clientRefusal(
  e: OAuthError,
  asked: ({ grantType: string | null } | { endpoint: string }) & {
    clientId: string | null;
    userId?: string | null;
    /** A replay: the grant it came from is revoked. */
    reuse?: 'oauth_code_reuse' | 'oauth_refresh_reuse';
  },
): AuditEvent {
  return {
    type: e.error === 'invalid_client' ? 'oauth_invalid_client' : (asked.reuse ?? 'oauth_token_refused'),
    userId: asked.userId ?? null,
    details: {
      ...('endpoint' in asked ? { endpoint: asked.endpoint } : { grant_type: asked.grantType }),
      client_id: asked.clientId?.slice(0, 100) ?? null,
      error: e.error,
      description: e.description,
    },
  };
}

export function usedBasicAuth(request: FastifyRequest): boolean {
  return /^basic /i.test(request.headers.authorization ?? '');
}

/**
 * Renders an OAuthError the RFC way (the error hook's OAuth shape): a client authentication
 * failure over Basic gets a Basic challenge (RFC 6749 §5.2), a refusal at a resource the
 * challenge resource-token.ts made for it (RFC 6750 §3, RFC 9449 §7.1).
 */
export function sendOAuthError(request: FastifyRequest, reply: FastifyReply, err: OAuthError) {
  reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
  if (err.error === 'invalid_client' && usedBasicAuth(request)) reply.header('www-authenticate', 'Basic realm="hub"');
  if (err.dpopNonce) reply.header('dpop-nonce', err.dpopNonce);
  if (err.challenge) reply.header('www-authenticate', err.challenge);
  return reply.code(err.status).send({ error: err.error, error_description: err.description });
}
