import { isLoopbackHost } from '../../../shared/loopback';
import { AuthorizePageError } from '../errors';
import type { AuthorizeContext } from './context';

/**
 * Step 2: exact, character-for-character match against the registered list (no prefix, no
 * normalisation, no wildcard). A mismatch is shown on the hub's page and redirects nowhere.
 */
export function checkRedirectUri(ctx: AuthorizeContext): void {
  const uri = ctx.params.redirect_uri;
  if (!uri) throw new AuthorizePageError('invalid_request', 'The request has no redirect_uri.');
  if (!ctx.client!.redirectUris.some((registered) => redirectUriMatches(registered, uri))) {
    throw new AuthorizePageError('invalid_request', 'The redirect_uri is not registered for this application.');
  }
  ctx.redirectUri = uri;
}

/**
 * The one rule of redirect URI matching: character for character, except that a native app's
 * loopback redirect (`http://127.0.0.1`, `http://[::1]`, `http://localhost`) matches on any port
 * (RFC 8252 §7.3: the app picks a free port at run time). Scheme, host, path and query still
 * match exactly; only the port may differ.
 */
export function redirectUriMatches(registered: string, presented: string): boolean {
  if (registered === presented) return true;
  if (!registered.startsWith('http://') || !presented.startsWith('http://')) return false;
  let a: URL, b: URL;
  try {
    a = new URL(registered);
    b = new URL(presented);
  } catch {
    return false;
  }
  if (!isLoopbackHost(a.hostname) || a.hostname !== b.hostname) return false;
  // Everything after the authority is compared as written; the authority holds no credentials.
  const split = (raw: string) => {
    const after = raw.slice('http://'.length);
    const end = after.search(/[/?#]/);
    return end < 0 ? { authority: after, rest: '' } : { authority: after.slice(0, end), rest: after.slice(end) };
  };
  const [x, y] = [split(registered), split(presented)];
  return !x.authority.includes('@') && !y.authority.includes('@') && x.rest === y.rest;
}
