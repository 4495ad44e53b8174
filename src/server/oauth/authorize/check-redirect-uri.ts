import { AuthorizePageError } from '../errors';
import type { AuthorizeContext } from './context';

/**
 * Step 2: exact, character-for-character match against the registered list (no prefix, no
 * normalisation, no wildcard). A mismatch is shown on the hub's page and redirects nowhere.
 */
export function checkRedirectUri(ctx: AuthorizeContext): void {
  const uri = ctx.params.redirect_uri;
  if (!uri) throw new AuthorizePageError('invalid_request', 'The request has no redirect_uri.');
  if (!ctx.client!.redirectUris.includes(uri)) {
    throw new AuthorizePageError('invalid_request', 'The redirect_uri is not registered for this application.');
  }
  ctx.redirectUri = uri;
}
