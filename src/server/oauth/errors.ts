import type { FastifyReply } from 'fastify';

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
} as const;

export type OAuthErrorCode = keyof typeof OAUTH_ERRORS;

export class OAuthError extends Error {
  readonly status: number;
  /** What the audit record of this refusal should add (e.g. a replayed code, the user). */
  auditDetails: Record<string, unknown> = {};
  constructor(
    readonly error: OAuthErrorCode,
    readonly description: string,
    status?: number,
  ) {
    super(description);
    this.status = status ?? OAUTH_ERRORS[error];
  }
}

/** Renders an OAuthError the RFC way; a client authentication failure over Basic gets a challenge (RFC 6749 §5.2). */
export function sendOAuthError(reply: FastifyReply, err: OAuthError, usedBasic = false) {
  reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
  if (err.error === 'invalid_client' && usedBasic) reply.header('www-authenticate', 'Basic realm="hub"');
  if (err.error === 'invalid_token' || err.error === 'insufficient_scope') {
    reply.header(
      'www-authenticate',
      `Bearer error="${err.error}", error_description="${err.description.replace(/"/g, "'")}"`,
    );
  }
  return reply.code(err.status).send({ error: err.error, error_description: err.description });
}
