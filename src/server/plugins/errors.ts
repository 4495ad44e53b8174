import type { FastifyError, FastifyInstance } from 'fastify';
import { HubError, errorBody } from '../errors';

/** Fastify's own error codes, mapped onto the hub's registry so every error has one shape. */
const FASTIFY_CODES: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'invalid_json', message: 'The request body is not valid JSON.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'invalid_json', message: 'The request body is empty.' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'payload_too_large', message: 'The request body is too large.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'unsupported_media_type', message: 'Unsupported content type.' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'invalid_request', message: 'Invalid Content-Length.' },
};

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | HubError, request, reply) => {
    if (error instanceof HubError) {
      for (const [k, v] of Object.entries(error.headers)) reply.header(k, v);
      return reply.code(error.status).send(errorBody(error.code, error.message, error.extra));
    }
    const known = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (known) return reply.code(known.status).send(errorBody(known.code, known.message));
    if (error.validation || (error.statusCode && error.statusCode >= 400 && error.statusCode < 500)) {
      const status = error.statusCode ?? 400;
      return reply.code(status).send(errorBody(status === 404 ? 'not_found' : 'invalid_request', error.message));
    }
    // Anything else is a bug or an outage: log it whole, tell the client nothing about it.
    request.log.error({ err: error }, 'unhandled error');
    const dbDown = /ECONNREFUSED|Connection terminated|database is closed|did not answer/i.test(String(error.message));
    if (dbDown) return reply.code(503).send(errorBody('database_unavailable', 'The database is unavailable.'));
    return reply.code(500).send(errorBody('internal_error', 'An unexpected error occurred. Please try again.'));
  });
}
