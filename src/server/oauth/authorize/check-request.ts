import { SUPPORTED_SCOPES } from '../constants';
import { AuthorizeRedirectError, type AuthorizeContext } from './context';

/** Step 3: response type and mode, scopes. From here on, errors go back to the client. */
export function checkRequest(ctx: AuthorizeContext): void {
  const { params, client } = ctx;
  if (params.response_mode === 'form_post') ctx.responseMode = 'form_post';
  else if (params.response_mode && params.response_mode !== 'query') {
    throw new AuthorizeRedirectError('invalid_request', 'Unsupported response_mode.');
  }
  if (!params.response_type) throw new AuthorizeRedirectError('invalid_request', 'response_type is required.');
  if (params.response_type !== 'code')
    throw new AuthorizeRedirectError('unsupported_response_type', 'Only response_type=code is supported.');
  if (!client!.grantTypes.includes('authorization_code'))
    throw new AuthorizeRedirectError('unauthorized_client', 'This client may not use the authorization code flow.');
  const asked = (params.scope ?? '').split(' ').filter(Boolean);
  // openid is always allowed: signing in is what every client is registered for.
  const allowed = new Set(['openid', ...client!.scopes]);
  const unknown = asked.filter((s) => !(SUPPORTED_SCOPES as readonly string[]).includes(s) || !allowed.has(s));
  if (unknown.length)
    throw new AuthorizeRedirectError('invalid_scope', `Scope not allowed for this client: ${unknown.join(' ')}.`);
  ctx.scopes = asked.length ? [...new Set(asked)] : client!.scopes.slice(0, 1);
  if (ctx.scopes.length === 0) throw new AuthorizeRedirectError('invalid_scope', 'No scope requested.');
}
