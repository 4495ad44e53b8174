import type { FastifyRequest } from 'fastify';
import { decodeJwt, type JWTPayload } from 'jose';
import { parseCompactJws, verifyParsedJws } from '../crypto/jws';
import { checkJwtClaims } from '../crypto/jwt-claims';
import type { Hub } from '../hub';
import type { OAuthClient } from '../db/schema/index';
import { loadClient } from './clients/service';
import { clientKeyFor } from './client-jwks';
import { CLIENT_JWT_ALGS } from './constants';
import { OAuthError } from './errors';
import { issuerOf } from './jwt';
import { acceptJtiOnce } from './jti-once';

/** RFC 7523 §2.2: the only client_assertion_type the hub accepts. */
export const JWT_BEARER_ASSERTION = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';
/** An assertion may not promise to live longer than this (s): its jti is remembered that long. */
const MAX_ASSERTION_LIFETIME_S = 10 * 60;

const failed = (description = 'Client authentication failed.') => new OAuthError('invalid_client', description);

/**
 * Whether an assertion's `aud` is one the client may name. A `fapi2` client names the issuer
 * identifier alone, as a single string (FAPI 2.0 final §5.3.2.1): an array, even `[issuer]`, or
 * the token endpoint URL is refused, which closes the audience-injection class (an assertion made
 * for another server's endpoint, or for several, is never one the hub takes). Other clients may
 * also name, as RFC 7523 §3 allows, the token endpoint or the endpoint the assertion is sent to,
 * alone or in an array of nothing else: an array with a foreign member was made for someone else too.
 */
function isAssertionAudience(aud: unknown, fapi2: boolean, issuer: string, endpoints: readonly string[]): boolean {
  if (fapi2) return aud === issuer;
  const accepted = [issuer, ...endpoints];
  const named = typeof aud === 'string' ? [aud] : aud;
  return Array.isArray(named) && named.length > 0 && named.every((a) => typeof a === 'string' && accepted.includes(a));
}

/**
 * private_key_jwt (RFC 7523 §3, OIDC Core §9): a JWT signed with one of the client's registered
 * keys, `iss` = `sub` = its client_id, `aud` as `isAssertionAudience` says, an `exp` no more than
 * ten minutes ahead, and a `jti` the hub has never seen from this client on any node.
 */
export async function authenticateWithAssertion(
  hub: Hub,
  request: FastifyRequest,
  body: Record<string, unknown>,
): Promise<OAuthClient> {
  if (body.client_assertion_type !== JWT_BEARER_ASSERTION)
    throw failed('client_assertion_type must be urn:ietf:params:oauth:client-assertion-type:jwt-bearer.');
  const assertion = body.client_assertion;
  if (typeof assertion !== 'string' || assertion.length > 8192) throw failed('client_assertion is required.');
  if (typeof request.headers.authorization === 'string')
    throw new OAuthError('invalid_request', 'Use one client authentication method, not two.');
  if (body.client_secret !== undefined)
    throw new OAuthError('invalid_request', 'Use one client authentication method, not two.');
  let unverified: JWTPayload;
  try {
    unverified = decodeJwt(assertion);
  } catch {
    throw failed();
  }
  const clientId = unverified.sub;
  if (typeof clientId !== 'string' || clientId.length > 200) throw failed();
  if (body.client_id !== undefined && body.client_id !== clientId)
    throw new OAuthError('invalid_request', 'client_id does not match the authenticated client.');
  const client = await loadClient(hub, clientId);
  if (!client || !client.isActive || client.tokenEndpointAuthMethod !== 'private_key_jwt') throw failed();
  const issuer = issuerOf(hub);
  const now = hub.clock();
  let payload: JWTPayload;
  try {
    const jws = parseCompactJws(assertion, CLIENT_JWT_ALGS);
    const verified = verifyParsedJws(jws, await (await clientKeyFor(hub, client))(jws.header));
    payload = verified.payload;
    checkJwtClaims(verified.header, payload, {
      issuer: clientId,
      subject: clientId,
      requiredClaims: ['aud', 'exp', 'jti'],
      currentDate: now,
      clockTolerance: 5,
    });
  } catch (e) {
    if (e instanceof OAuthError) throw e;
    throw failed();
  }
  const endpoints = [`${issuer}/oauth/token`, `${issuer}${request.routeOptions.url ?? ''}`];
  if (!isAssertionAudience(payload.aud, client.fapi2, issuer, endpoints))
    throw failed(
      client.fapi2
        ? 'The client assertion’s aud must be the issuer identifier, as a single string.'
        : 'The client assertion’s aud must name the issuer or this endpoint, and nothing else.',
    );
  if (payload.exp! > now.getTime() / 1000 + MAX_ASSERTION_LIFETIME_S)
    throw failed('The client assertion lives too long (exp more than ten minutes ahead).');
  const fresh = await acceptJtiOnce(hub, {
    kind: 'client_assertion',
    issuer: clientId,
    jti: String(payload.jti),
    until: new Date((payload.exp! + 5) * 1000),
  });
  if (!fresh) throw failed('The client assertion was already used.');
  return client;
}

/**
 * The client an assertion claims to be (its unverified `sub`), for the audit row of a refusal:
 * the same trust as a client_id sent in the body, which the refusal rows name too.
 */
export function claimedClientId(body: Record<string, unknown>): string | undefined {
  if (typeof body.client_assertion !== 'string') return undefined;
  try {
    const sub = decodeJwt(body.client_assertion).sub;
    return typeof sub === 'string' ? sub.slice(0, 200) : undefined;
  } catch {
    return undefined;
  }
}
