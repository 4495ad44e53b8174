import { AuthorizeRedirectError, type AuthorizeContext } from './context';

/**
 * Step 4c: the FAPI 2.0 Security Profile (§5.3.2.2) for a client marked `fapi2`: PKCE with S256
 * (checkPkceChallenge refuses any other method) and response_type=code (the only one the hub
 * serves, checkRequest). PAR is required by loadRequest, private_key_jwt by the registration and
 * the client authentication, DPoP at the token endpoint (dpop.ts). Any client may bind its code
 * to a DPoP key (RFC 9449 §10); the exchange then needs a proof by it (grants/code-rules.ts).
 */
export function checkProfile(ctx: AuthorizeContext): void {
  // RFC 9449 §10: a code may be bound to a DPoP key by its thumbprint (SHA-256, base64url).
  if (ctx.params.dpop_jkt !== undefined && !/^[A-Za-z0-9_-]{43}$/.test(ctx.params.dpop_jkt))
    throw new AuthorizeRedirectError('invalid_request', 'dpop_jkt is not a JWK SHA-256 thumbprint.');
  if (!ctx.client!.fapi2) return;
  if (!ctx.params.code_challenge)
    throw new AuthorizeRedirectError('invalid_request', 'A FAPI 2.0 client must use PKCE (code_challenge with S256).');
  if (ctx.params.response_type !== 'code')
    throw new AuthorizeRedirectError('unsupported_response_type', 'A FAPI 2.0 client must use response_type=code.');
}
