import { randomToken, sha256Hex } from '../../crypto/tokens';
import { AUTH_CODE_TTL_S } from '../constants';
import { insertCode, type CodeRow } from '../queries';
import { rememberCode } from '../code-cache';
import type { AuthorizeContext } from './context';

/** Step 7: a single-use code, valid 60 s, bound to client, redirect URI, PKCE challenge and nonce. */
export async function issueCode(ctx: AuthorizeContext): Promise<string> {
  const code = randomToken();
  const now = ctx.hub.clock();
  const row: CodeRow = {
    codeHash: sha256Hex(code),
    clientId: ctx.client!.clientId,
    userId: ctx.auth!.user.id,
    browserSessionId: ctx.auth!.session.id,
    redirectUri: ctx.redirectUri!,
    scopes: ctx.scopes,
    codeChallenge: ctx.params.code_challenge ?? null,
    codeChallengeMethod: ctx.params.code_challenge ? 'S256' : null,
    nonce: ctx.params.nonce ?? null,
    authTime: ctx.auth!.session.authTime,
    amr: ctx.auth!.session.amr,
    resource: ctx.resource ?? null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + AUTH_CODE_TTL_S * 1000),
    consumedAt: null,
    issuedSessionId: null,
    dpopJkt: ctx.params.dpop_jkt ?? null,
    // Issue 42: a code approved in an impersonated session carries the administrator as actor.
    act: ctx.auth!.session.act ?? null,
  };
  await insertCode(ctx.hub.db, row);
  rememberCode(ctx.hub, row);
  return code;
}
