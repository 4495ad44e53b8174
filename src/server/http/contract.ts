import type { FastifyInstance, RouteOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, oauthErrorSchema } from '../../shared/api/errors';

/**
 * Route contracts. Every route declares its input (params, querystring, body, the headers it
 * reads) and every response with zod; Fastify validates the input before the handler runs and
 * serialises the answer through the declared schema, so a field the schema does not name (a
 * hash, a secret) cannot leave, and an undeclared shape is a 500 in tests rather than a leak.
 * The same schemas produce the OpenAPI document (http/openapi.ts).
 */
export function contracts(app: FastifyInstance) {
  return app.withTypeProvider<ZodTypeProvider>();
}

/** Declared API error responses for the given statuses. */
export function apiErrors<S extends number>(...statuses: S[]): Record<S, typeof apiErrorSchema> {
  return Object.fromEntries(statuses.map((s) => [s, apiErrorSchema])) as Record<S, typeof apiErrorSchema>;
}

/** The errors of a route behind the admin guard: not signed in, not allowed. */
export const adminErrors = apiErrors(401, 403);

/** The answer of a DELETE that removed its object. */
export const deletedSchema = z.object({ deleted: z.literal(true) });

/** Declared RFC 6749 error responses for the given statuses. */
export function oauthErrors<S extends number>(...statuses: S[]): Record<S, typeof oauthErrorSchema> {
  return Object.fromEntries(statuses.map((s) => [s, oauthErrorSchema])) as Record<S, typeof oauthErrorSchema>;
}

/** An HTML page answer (the OAuth pages, the SPA). */
export function htmlPage(description: string) {
  return { description, content: { 'text/html': { schema: z.string() } } };
}

/** A redirect answer: no body, a Location header. */
export function redirectTo(description: string) {
  return z.null().describe(description);
}

/** An answer with no body. */
export const noContent = z.null().describe('No content');

/**
 * The body of an action that takes no input: none at all, or `{}`. Any field, any other JSON
 * value, a form or text is refused with 400 before the handler runs, so a client that thinks it
 * passes something learns it does not, and the OpenAPI document says the route takes nothing.
 */
export const emptyBody = z.strictObject({}).nullable().describe('No input: send no body or {}');

/** 304: the If-None-Match validator is current, no body. */
export const notModified = z.null().describe('Not modified: the If-None-Match ETag is current');

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Methods whose body is input by definition: each route says what it takes (emptyBody if nothing). */
const WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);
const CONTRACT_PREFIXES = ['/api/', '/oauth/', '/.well-known/', '/metrics'];

/**
 * Installs zod validation and serialisation and completes every route's contract with the
 * answers any route can give (400 bad input, 403 cross-site refusal, 413/415 bodies, 500, 503),
 * in the route's error shape. A route under /api, /oauth or /.well-known that declares no
 * successful answer, or a POST, PUT or PATCH route that declares no body, is refused at
 * start-up: an undocumented route cannot ship, and no route takes input it never checks.
 */
export function registerContracts(app: FastifyInstance) {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.every((m) => m === 'HEAD' || m === 'OPTIONS')) return;
    if (!CONTRACT_PREFIXES.some((p) => route.url.startsWith(p))) return;
    // The API explorer's own pages and assets (http/openapi.ts) are not part of the API.
    if ((route.schema as { hide?: boolean } | undefined)?.hide) return;
    const response = (route.schema?.response ?? {}) as Record<string, unknown>;
    const declared = Object.keys(response);
    if (!declared.some((s) => /^[23]/.test(s))) {
      throw new Error(`Route ${methods.join(',')} ${route.url} declares no successful response (schema.response)`);
    }
    if (methods.some((m) => WITH_BODY.has(m)) && !route.schema?.body) {
      throw new Error(
        `Route ${methods.join(',')} ${route.url} declares no body (schema.body; emptyBody if it takes none)`,
      );
    }
    const oauth = route.config?.oauth === true;
    const errorSchema = oauth ? oauthErrorSchema : apiErrorSchema;
    const common = [400, 500, 503];
    if (methods.some((m) => UNSAFE.has(m))) common.push(413, 415);
    if (!oauth && route.url.startsWith('/api/') && methods.some((m) => UNSAFE.has(m))) common.push(403);
    for (const status of common) if (!(status in response)) response[status] = errorSchema;
    route.schema = { ...route.schema, response };
  });
}
