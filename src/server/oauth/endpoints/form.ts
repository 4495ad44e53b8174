import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../../auth/sessions';
import { queryFromForm } from '../authorize/authorize';

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

/**
 * A form POST from another site carries no SameSite=Lax session cookie, so the hub cannot see
 * who is signed in: a logout would sign nobody out and tell no client, a prompt=none would
 * answer login_required. OIDC Core §3.1.2.1 and RP-Initiated Logout §2 make POST and GET the same
 * request, so such a POST is answered 303 with the same parameters as a GET: a top-level
 * navigation, on which the browser sends the cookie. The hub's own forms (which carry `csrf`)
 * and requests that do carry the cookie are served as they are.
 */
export function resendAsGet(request: FastifyRequest, reply: FastifyReply, path: string): FastifyReply | null {
  if (request.cookies[SESSION_COOKIE] !== undefined) return null;
  const body = (request.body ?? {}) as Record<string, unknown>;
  if (body.csrf !== undefined) return null;
  return reply.header('cache-control', 'no-store').redirect(`${path}?${queryFromForm(body)}`, 303);
}
