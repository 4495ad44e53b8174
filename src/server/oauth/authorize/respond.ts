import type { FastifyReply } from 'fastify';
import { issuerOf } from '../jwt';
import { sendFormPost } from '../pages';
import type { AuthorizeContext } from './context';

/** Step 8: hands the result (code or error) to the verified redirect URI, with state and iss (RFC 9207). */
export function respondToClient(ctx: AuthorizeContext, reply: FastifyReply, fields: Record<string, string>) {
  const all: Record<string, string> = {
    ...fields,
    ...(ctx.params.state ? { state: ctx.params.state } : {}),
    iss: issuerOf(ctx.hub),
  };
  if (ctx.responseMode === 'form_post') return sendFormPost(reply, ctx.redirectUri!, all);
  const url = new URL(ctx.redirectUri!);
  for (const [k, v] of Object.entries(all)) url.searchParams.set(k, v);
  return reply.header('cache-control', 'no-store').redirect(url.toString(), 302);
}
