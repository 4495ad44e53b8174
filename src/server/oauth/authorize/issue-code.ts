import { AUTH_CODE_TTL_S } from '../constants';
import { sealCode } from '../sealed-code';
import type { AuthorizeContext } from './context';

/**
 * Step 7: a single-use code, valid 60 s, bound to client, redirect URI, PKCE challenge and nonce.
 * Sealed (sealed-code.ts): nothing is written until the exchange.
 */
export function issueCode(ctx: AuthorizeContext): string {
  const now = ctx.hub.clock();
  return sealCode(ctx.hub, {
    clientId: ctx.client!.clientId,
    userId: ctx.auth!.user.id,
    browserSessionId: ctx.auth!.session.id,
    redirectUri: ctx.redirectUri!,
    scopes: ctx.scopes,
    codeChallenge: ctx.params.code_challenge ?? null,
    nonce: ctx.params.nonce ?? null,
    authTime: ctx.auth!.session.authTime,
    amr: ctx.auth!.session.amr,
    resource: ctx.resource ?? null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + AUTH_CODE_TTL_S * 1000),
    dpopJkt: ctx.params.dpop_jkt ?? null,
    // Issue 42: a code approved in an impersonated session carries the administrator as actor.
    act: ctx.auth!.session.act ?? null,
  });
}
