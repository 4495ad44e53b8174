import { OAuthError, AuthorizePageError } from '../errors';
import { paramsFromRequestObject } from '../jar';
import { isParRequired, spendPushed, openPushed } from '../par';
import { AuthorizeRedirectError, pickAuthorizeParams, type AuthorizeContext } from './context';

/**
 * Step 1b: the request the client sent through the back channel (RFC 9126: `request_uri` from
 * POST /oauth/par, whose parameters replace every other one) or signed (RFC 9101: `request`).
 * A client that must push its requests is refused here, before any parameter it sent is used.
 */
export async function loadRequest(ctx: AuthorizeContext): Promise<void> {
  const { hub, params } = ctx;
  const client = ctx.client!;
  if (params.request_uri !== undefined) {
    if (params.request !== undefined)
      throw new AuthorizePageError('invalid_request', 'Send request or request_uri, not both.');
    const pushed = await openPushed(hub, client, params.request_uri);
    if (!pushed)
      throw new AuthorizePageError('invalid_request_uri', 'The request_uri is unknown, expired or already used.');
    ctx.params = { ...pickAuthorizeParams(pushed), client_id: client.clientId };
    ctx.pushedRequestUri = params.request_uri;
    return;
  }
  if (isParRequired(hub, client))
    throw new AuthorizePageError('invalid_request', 'This application must push its authorization requests (PAR).');
  if (params.request !== undefined) {
    try {
      ctx.params = await paramsFromRequestObject(hub, client, params.request);
    } catch (e) {
      if (e instanceof OAuthError) throw new AuthorizePageError(e.error, e.description);
      throw e;
    }
  }
}

/** Step 9 (before the code): a pushed request yields one code; a second use of it is refused. */
export async function spendPushedRequest(ctx: AuthorizeContext): Promise<void> {
  if (ctx.pushedRequestUri && !(await spendPushed(ctx.hub, ctx.pushedRequestUri)))
    throw new AuthorizeRedirectError('invalid_request_uri', 'The request_uri was already used.');
}
