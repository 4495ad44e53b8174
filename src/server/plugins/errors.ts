import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HUB_ERRORS, HubError, Refusal, errorBody } from '../errors';
import type { ValidationIssue } from '../../shared/api/errors';
import { localizedErrorMessage, requestLocale } from '../i18n/translate';
import type { Hub } from '../hub';
import { AuthorizePageError, OAuthError, sendOAuthError } from '../oauth/errors';
import { sendErrorPage } from '../oauth/pages';
import { sendSignInErrorPage } from '../federation/pages';
import { createRefusalAudit } from './refusal-audit';
import { isDatabaseUnavailable } from '../db/unavailable';

/** Fastify's own error codes, mapped onto the hub's registry so every error has one shape. */
const FASTIFY_CODES: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'invalid_json', message: 'The request body is not valid JSON.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'invalid_json', message: 'The request body is empty.' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'payload_too_large', message: 'The request body is too large.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'unsupported_media_type', message: 'Unsupported content type.' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'invalid_request', message: 'Invalid Content-Length.' },
  FST_ERR_CTP_INVALID_TYPE: { status: 400, code: 'invalid_request', message: 'The request body is not valid.' },
};

/** Seconds a client should wait before retrying when the database cannot answer. */
export const DATABASE_RETRY_AFTER_S = 5;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route speaks OAuth: its errors are RFC 6749 §5.2 `{error, error_description}`, never the API shape. */
    oauth?: boolean;
  }
}

/**
 * The one error handler. Input that fails its declared schema is a 400 naming the first bad
 * field; a HubError is rendered in the API shape and, when it is a refusal (401/403), audited
 * here and only here (plugins/refusal-audit.ts); an OAuthError in RFC shape, or on the hub's
 * own page when the authorization endpoint cannot trust the client, after writing the audit
 * event it carries (refusal-audit.ts again: no OAuth endpoint writes its own); a database that
 * cannot answer is a 503 with Retry-After; anything else is masked as a 500 and logged.
 * Routes marked `config.oauth` get every one of these in the OAuth error shape.
 */
export function registerErrorHandler(app: FastifyInstance, hub: Hub) {
  const refusals = createRefusalAudit(hub);
  app.addHook('onClose', async () => {
    await refusals.flush().catch(() => {});
  });

  async function handleError(
    error: FastifyError | HubError | OAuthError,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    const oauth = request.routeOptions.config?.oauth === true;
    const validation = validationProblem(error);
    if (validation) {
      if (oauth) return sendOAuthError(request, reply, new OAuthError('invalid_request', validation.message));
      if (request.routeOptions.config?.signInPage)
        return sendSignInErrorPage(reply, 400, { id: 'page.signInError.invalidLink' });
      return reply
        .code(400)
        .send(errorBody('invalid_request', validation.message, { field: validation.field, issues: validation.issues }));
    }
    if (error instanceof OAuthError) {
      // A refusal is answered once its event is in the chain; when that write fails, its failure is the answer.
      const unwritten = await refusals.recordOAuth(request, error).then(
        () => null,
        (cause: unknown) => ({ cause }),
      );
      if (unwritten) return handleError(unwritten.cause as FastifyError, request, reply);
      if (error instanceof AuthorizePageError)
        return sendErrorPage(reply, error.status, error.error, error.description);
      return sendOAuthError(request, reply, error);
    }
    if (error instanceof HubError) {
      if (error instanceof Refusal || error.status === 401 || error.status === 403) {
        await refusals
          .record(request, error)
          .catch((e) => request.log.error({ err: loggableError(e) }, 'refusal not audited'));
      }
      for (const [k, v] of Object.entries(error.headers)) reply.header(k, v);
      if (oauth) return sendOAuthError(request, reply, new OAuthError('invalid_request', error.message, error.status));
      if (request.routeOptions.config?.signInPage) return sendSignInErrorPage(reply, error.status, error);
      const message = localizedErrorMessage(requestLocale(request), error, HUB_ERRORS[error.code]?.message);
      return reply.code(error.status).send(errorBody(error.code, message, error.extra));
    }
    const known = 'code' in error && error.code ? FASTIFY_CODES[error.code] : undefined;
    if (known) {
      if (oauth) return sendOAuthError(request, reply, new OAuthError('invalid_request', known.message, known.status));
      return reply.code(known.status).send(errorBody(known.code, known.message));
    }
    const status = 'statusCode' in error ? error.statusCode : undefined;
    if (status && status >= 400 && status < 500) {
      if (oauth) return sendOAuthError(request, reply, new OAuthError('invalid_request', error.message, status));
      return reply.code(status).send(errorBody(status === 404 ? 'not_found' : 'invalid_request', error.message));
    }
    if (isDatabaseUnavailable(error)) return sendUnavailable(request, reply, oauth, error);
    // Anything else is a bug: log it whole (never SQL parameters), tell the client nothing about it.
    request.log.error({ err: loggableError(error) }, 'unhandled error');
    if (oauth)
      return sendOAuthError(
        request,
        reply,
        new OAuthError('server_error', 'The server could not complete the request.'),
      );
    return reply.code(500).send(errorBody('internal_error', 'An unexpected error occurred. Please try again.'));
  }
  app.setErrorHandler(handleError);
}

function sendUnavailable(request: FastifyRequest, reply: FastifyReply, oauth: boolean, error: unknown) {
  request.log.warn({ err: loggableError(error) }, 'database unavailable');
  reply.header('retry-after', String(DATABASE_RETRY_AFTER_S));
  if (oauth) {
    return sendOAuthError(
      request,
      reply,
      new OAuthError('temporarily_unavailable', 'The service is temporarily unavailable.'),
    );
  }
  return reply.code(503).send(errorBody('database_unavailable', 'The database is unavailable.'));
}

/**
 * A request that failed its declared schema: the first problem as `field: message` (what programs
 * have always read), and every problem as an issue with its field path, zod's code and the bound a
 * form needs to say it in plain words (the web maps them to its fields: lib/form-errors.ts).
 */
function validationProblem(error: unknown): { field: string; message: string; issues: ValidationIssue[] } | null {
  if (!hasZodFastifySchemaValidationErrors(error) && !(error as FastifyError).validation) return null;
  const e = error as FastifyError;
  const first = e.validation?.[0];
  if (!first) return null;
  const issues = (e.validation ?? []).slice(0, MAX_ISSUES).map((v) => validationIssue(v, e.validationContext));
  const { field } = issues[0]!;
  return { field, message: `${field}: ${first.message ?? 'is invalid'}`, issues };
}

const MAX_ISSUES = 20;

function validationIssue(v: NonNullable<FastifyError['validation']>[number], context?: string): ValidationIssue {
  const field = v.instancePath.replace(/^\//, '').replace(/\//g, '.') || (context ?? 'body');
  const params = v.params as Record<string, unknown>;
  const issue: ValidationIssue = { field, code: v.keyword, message: v.message ?? 'is invalid' };
  const bound = (value: unknown) => (typeof value === 'bigint' ? Number(value) : value);
  const minimum = bound(params.minimum);
  const maximum = bound(params.maximum);
  if (typeof minimum === 'number' || typeof minimum === 'string') issue.minimum = minimum;
  if (typeof maximum === 'number' || typeof maximum === 'string') issue.maximum = maximum;
  if (typeof params.format === 'string') issue.format = params.format;
  if (typeof params.origin === 'string') issue.origin = params.origin;
  return issue;
}

export { isDatabaseUnavailable };

/** An error as logged: name, message, code and stack, never a query's bound parameters. */
export function loggableError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  // Drizzle's query errors put the bound parameters (a password hash, a token hash) in their
  // message and stack: keep the statement, drop the values.
  const query = (error as { query?: unknown }).query;
  const message = typeof query === 'string' ? `Failed query: ${query}` : error.message;
  const stack = error.stack?.replace(error.message, message).replace(/\nparams: .*$/m, '');
  const out: Record<string, unknown> = { type: error.name, message, stack };
  const code = (error as { code?: unknown }).code;
  if (code !== undefined) out.code = code;
  if (error.cause) out.cause = loggableError(error.cause);
  return out;
}
