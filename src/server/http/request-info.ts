import type { FastifyRequest } from 'fastify';

/** The client's IP as Fastify sees it (honours X-Forwarded-For only when HUB_TRUST_PROXY is set). */
export function clientIp(request: FastifyRequest): string | null {
  return request.ip || null;
}

export function userAgent(request: FastifyRequest): string | null {
  const ua = request.headers['user-agent'];
  return ua ? ua.slice(0, 512) : null;
}
