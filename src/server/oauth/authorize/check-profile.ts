import { AuthorizeRedirectError, type AuthorizeContext } from './context';

/**
 * Step 4c: the FAPI 2.0 Security Profile (§5.3.2.2) for a client marked `fapi2`: PKCE with S256
 * (checkPkceChallenge refuses any other method) and response_type=code (the only one the hub
 * serves, checkRequest). PAR is required by loadRequest, private_key_jwt by the registration and
 * the client authentication, DPoP at the token endpoint (dpop.ts).
 */
export function checkProfile(ctx: AuthorizeContext): void {
  if (!ctx.client!.fapi2) return;
  if (!ctx.params.code_challenge)
    throw new AuthorizeRedirectError('invalid_request', 'A FAPI 2.0 client must use PKCE (code_challenge with S256).');
  if (ctx.params.response_type !== 'code')
    throw new AuthorizeRedirectError('unsupported_response_type', 'A FAPI 2.0 client must use response_type=code.');
}
