import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { HubError } from '../errors';

/**
 * Parses untrusted input with a zod schema; a failure becomes a 400 naming the first bad field.
 * Every body, query and params object goes through here before a service sees it.
 */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, what = 'body'): z.output<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue.path.length ? issue.path.join('.') : what;
  throw new HubError('invalid_request', `${field}: ${issue.message}`, { field });
}

/**
 * Sends a response after parsing it with its schema, so a field the schema does not name
 * (a password hash, a secret) can never slip out: zod objects strip unknown keys.
 */
export function sendParsed<S extends z.ZodType>(reply: FastifyReply, schema: S, value: z.input<S>, status = 200) {
  return reply.code(status).send(schema.parse(value));
}
