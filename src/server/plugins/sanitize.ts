import type { FastifyInstance } from 'fastify';
import { HubError } from '../errors';

/**
 * One place that refuses text PostgreSQL cannot store or that no client means to send: a NUL
 * character, or half of a UTF-16 surrogate pair (JSON can spell both). It walks every string,
 * object key included, of the body, the query and the path parameters before any schema or
 * handler sees them, and answers 400 naming the field.
 */
export function registerInputSanitizer(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    checkValue(request.params, 'params');
    checkValue(request.query, 'query');
    checkValue(request.body, 'body');
  });
}

export function isCleanText(value: string): boolean {
  return !value.includes('\u0000') && value.isWellFormed();
}

function checkValue(value: unknown, path: string, depth = 0): void {
  if (typeof value === 'string') {
    if (!isCleanText(value)) {
      throw new HubError('invalid_request', `${path}: must not contain NUL characters or unpaired surrogates`, {
        field: path,
      });
    }
    return;
  }
  if (!value || typeof value !== 'object' || depth > 32) return;
  if (Array.isArray(value)) {
    value.forEach((v, i) => checkValue(v, `${path}.${i}`, depth + 1));
    return;
  }
  for (const [k, v] of Object.entries(value)) {
    checkValue(k, `${path}.${k.slice(0, 64)}`, depth + 1);
    checkValue(v, `${path}.${k.slice(0, 64)}`, depth + 1);
  }
}
