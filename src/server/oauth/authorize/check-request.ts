import { SUPPORTED_SCOPES } from '../constants';
import { AuthorizeRedirectError, PROMPT_VALUES, type AuthorizeContext, type PromptValue } from './context';

/** Step 3: response type and mode, prompt, max_age, scopes. From here on, errors go back to the client. */
export function checkRequest(ctx: AuthorizeContext): void {
  const { params } = ctx;
  if (params.response_mode === 'form_post') ctx.responseMode = 'form_post';
  else if (params.response_mode && params.response_mode !== 'query') {
    throw new AuthorizeRedirectError('invalid_request', 'Unsupported response_mode.');
  }
  if (!params.response_type) throw new AuthorizeRedirectError('invalid_request', 'response_type is required.');
  if (params.response_type !== 'code')
    throw new AuthorizeRedirectError('unsupported_response_type', 'Only response_type=code is supported.');
  if (!ctx.client!.grantTypes.includes('authorization_code'))
    throw new AuthorizeRedirectError('unauthorized_client', 'This client may not use the authorization code flow.');
  ctx.prompt = parsePrompt(params.prompt);
  if (params.max_age !== undefined && !/^\d{1,9}$/.test(params.max_age))
    throw new AuthorizeRedirectError('invalid_request', 'max_age must be a non-negative number of seconds.');
  ctx.scopes = grantableScopes(ctx);
}

/** OIDC Core §3.1.2.1: a space-separated set; `none` with any other value is an error. */
function parsePrompt(value: string | undefined): Set<PromptValue> {
  const asked = (value ?? '').split(' ').filter(Boolean);
  const unknown = asked.filter((p) => !(PROMPT_VALUES as readonly string[]).includes(p));
  if (unknown.length) throw new AuthorizeRedirectError('invalid_request', `Unsupported prompt value: ${unknown[0]}.`);
  const prompt = new Set(asked as PromptValue[]);
  if (prompt.has('none') && prompt.size > 1)
    throw new AuthorizeRedirectError('invalid_request', 'prompt=none cannot be combined with other values.');
  return prompt;
}

/**
 * Scopes the hub does not know are ignored (OIDC Core §3.1.2.1); a scope the hub knows but the
 * client is not registered for is refused, naming it. `openid` is always allowed: signing in is
 * what every client is registered for. `offline_access` (§11) needs the client's registration
 * and the refresh_token grant; it is dropped when the request cannot yield a refresh token.
 */
function grantableScopes(ctx: AuthorizeContext): string[] {
  const client = ctx.client!;
  const known = new Set<string>(SUPPORTED_SCOPES);
  const asked = [...new Set((ctx.params.scope ?? '').split(' ').filter((s) => known.has(s)))];
  const allowed = new Set(['openid', ...client.scopes]);
  const refused = asked.filter((s) => !allowed.has(s));
  if (refused.length)
    throw new AuthorizeRedirectError('invalid_scope', `Scope not registered for this client: ${refused.join(' ')}.`);
  const scopes = asked.filter((s) => s !== 'offline_access' || client.grantTypes.includes('refresh_token'));
  // No known scope asked: the client's first registered one (spec §3: one read-profile scope).
  const granted = scopes.length ? scopes : client.scopes.filter((s) => s !== 'offline_access').slice(0, 1);
  if (granted.length === 0) throw new AuthorizeRedirectError('invalid_scope', 'No scope requested.');
  return granted;
}
