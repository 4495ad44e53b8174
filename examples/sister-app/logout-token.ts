import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';

/** OIDC Back-Channel Logout 1.0 §2.4: the member of `events` that makes a JWT a logout token. */
const BACKCHANNEL_LOGOUT_EVENT = 'http://schemas.openid.net/event/backchannel-logout';

export class LogoutTokenError extends Error {}

export interface LogoutTokenVerifier {
  verify(token: string): Promise<{ sub?: string; sid?: string }>;
}

/**
 * Validates a logout token as Back-Channel Logout 1.0 §2.6 asks: signed by the hub (its JWKS, the
 * algorithms it announces), `iss` the hub, `aud` this client, `iat` present and `exp` not passed,
 * explicitly typed `logout+jwt` (§2.4), a `sub` or a `sid`, the back-channel event as a JSON
 * object, no `nonce` (so an ID token can never pass for one), and each `jti` used once.
 */
export function createLogoutTokenVerifier(input: {
  issuer: string;
  jwksUri: string;
  clientId: string;
  algorithms?: string[];
}): LogoutTokenVerifier {
  const jwks = createRemoteJWKSet(new URL(input.jwksUri));
  // jti → exp (ms): a replayed token is refused until it would have expired anyway.
  const seen = new Map<string, number>();
  return {
    async verify(token) {
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(token, jwks, {
          issuer: input.issuer,
          audience: input.clientId,
          typ: 'logout+jwt',
          algorithms: input.algorithms,
          requiredClaims: ['iat', 'exp', 'jti', 'events'],
          clockTolerance: 30,
        }));
      } catch (e) {
        throw new LogoutTokenError(`logout token rejected: ${e instanceof Error ? e.message : 'invalid'}`);
      }
      const events = payload.events as Record<string, unknown> | undefined;
      const event = events?.[BACKCHANNEL_LOGOUT_EVENT];
      if (!event || typeof event !== 'object' || Array.isArray(event))
        throw new LogoutTokenError('logout token has no back-channel logout event');
      if ('nonce' in payload) throw new LogoutTokenError('a logout token must not carry a nonce');
      const sub = typeof payload.sub === 'string' ? payload.sub : undefined;
      const sid = typeof payload.sid === 'string' ? payload.sid : undefined;
      if (!sub && !sid) throw new LogoutTokenError('logout token names neither sub nor sid');
      const now = Date.now();
      for (const [jti, exp] of seen) if (exp <= now) seen.delete(jti);
      if (seen.has(payload.jti!)) throw new LogoutTokenError('logout token already used');
      seen.set(payload.jti!, payload.exp! * 1000);
      return { sub, sid };
    },
  };
}
