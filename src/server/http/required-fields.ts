import type { FastifyRequest } from 'fastify';
import { HubError } from '../errors';

/**
 * A route-level check that runs before the body schema: when any of `fields` is missing or
 * empty, the route answers 400 with the spec's own text for that case (spec §5) rather than the
 * schema's per-field message.
 */
export function requireFields(fields: string[], message: string) {
  return async (request: FastifyRequest) => {
    const body = request.body;
    const record = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
    if (!record) throw new HubError('invalid_request', 'body: must be a JSON object', { field: 'body' });
    if (fields.some((f) => !record[f])) throw new HubError('invalid_request', message);
  };
}
