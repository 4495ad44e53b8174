import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyRequest } from 'fastify';

/** The client's IP as Fastify sees it (honours X-Forwarded-For only when HUB_TRUST_PROXY is set). */
export function clientIp(request: FastifyRequest): string | null {
  return request.ip || null;
}

/** The User-Agent as audit records keep it (of a Fastify request, or of one a fast path answers before routing). */
export function userAgent(request: { headers: IncomingHttpHeaders }): string | null {
  const ua = request.headers['user-agent'];
  return ua ? ua.slice(0, 512) : null;
}
