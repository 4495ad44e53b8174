import type { FastifyReply, FastifyRequest } from 'fastify';

/** The form (or JSON) body of an OAuth request as string fields; anything else is dropped. */
export function formBody(request: FastifyRequest): Record<string, string> {
  const body = request.body;
  const out: Record<string, string> = {};
  if (body && typeof body === 'object') {
    for (const [k, v] of Object.entries(body as Record<string, unknown>)) {
      if (typeof v === 'string') out[k] = v;
    }
  }
  return out;
}

/** RFC 6749 §5.1: token responses must not be cached. */
export function noStore(reply: FastifyReply): FastifyReply {
  return reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
}
