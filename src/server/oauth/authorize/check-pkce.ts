import { AuthorizeRedirectError, type AuthorizeContext } from './context';

/**
 * Step 4: PKCE (RFC 7636). S256 only: `plain` (or no method, which means plain) is refused.
 * Public clients must send a challenge; confidential clients may, and then it is enforced.
 */
export function checkPkceChallenge(ctx: AuthorizeContext): void {
  const { code_challenge: challenge, code_challenge_method: method } = ctx.params;
  if (!challenge) {
    if (method) throw new AuthorizeRedirectError('invalid_request', 'code_challenge_method without code_challenge.');
    if (ctx.client!.tokenEndpointAuthMethod === 'none')
      throw new AuthorizeRedirectError(
        'invalid_request',
        'PKCE (code_challenge with S256) is required for public clients.',
      );
    return;
  }
  if (method !== 'S256')
    throw new AuthorizeRedirectError('invalid_request', 'code_challenge_method must be S256; plain is not allowed.');
  if (!/^[A-Za-z0-9_-]{43}$/.test(challenge))
    throw new AuthorizeRedirectError('invalid_request', 'code_challenge is not a valid S256 challenge.');
}
