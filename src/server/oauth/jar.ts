import type { JWTPayload } from 'jose';
import { parseCompactJws, verifyParsedJws } from '../crypto/jws';
import { checkJwtClaims } from '../crypto/jwt-claims';
import type { Hub } from '../hub';
import type { OAuthClient } from '../db/schema/index';
import { pickAuthorizeParams, type AuthorizeParams } from './authorize/context';
import { clientKeyFor } from './client-jwks';
import { CLIENT_JWT_ALGS } from './constants';
import { OAuthError } from './errors';
import { issuerOf } from './jwt';

/** FAPI 2.0 §5.3.2.1 / RFC 9101 §10.8: a request object may not live longer than an hour. */
const MAX_REQUEST_OBJECT_LIFETIME_S = 60 * 60;

const invalid = (description: string) => new OAuthError('invalid_request_object', description);

/**
 * FAPI 2.0 Message Signing's request object rules: an `nbf` (its type and that it is not in the
 * future, checkJwtClaims checked), and an `exp` no more than 60 minutes after it, so a request
 * object says itself how long it is good for and that is never longer than an hour.
 */
function checkFapiLifetime(payload: JWTPayload): void {
  if (typeof payload.nbf !== 'number') throw invalid('A FAPI 2.0 client’s request object needs nbf.');
  if (payload.exp! - payload.nbf > MAX_REQUEST_OBJECT_LIFETIME_S)
    throw invalid('The request object lives too long (exp more than an hour after nbf).');
}

/**
 * A signed request object (RFC 9101 §4–§6): verified with the client's registered keys and its
 * `request_object_signing_alg` (any the hub supports when it registered none), `iss` = its
 * client_id, `aud` = the hub's issuer, an `exp` at most an hour ahead, `client_id` inside equal to
 * the one outside; for a `fapi2` client also `nbf` (checkFapiLifetime). Only its parameters count
 * (§6.3): the ones sent beside it are ignored.
 */
export async function paramsFromRequestObject(hub: Hub, client: OAuthClient, jwt: string): Promise<AuthorizeParams> {
  if (!client.jwks && !client.jwksUri) throw invalid('This client has registered no keys for request objects.');
  const algorithms = client.requestObjectSigningAlg ? [client.requestObjectSigningAlg] : [...CLIENT_JWT_ALGS];
  const now = hub.clock();
  let payload: JWTPayload;
  try {
    const jws = parseCompactJws(jwt, algorithms);
    const verified = verifyParsedJws(jws, await (await clientKeyFor(hub, client))(jws.header));
    payload = verified.payload;
    checkJwtClaims(verified.header, payload, {
      issuer: client.clientId,
      audience: issuerOf(hub),
      requiredClaims: ['exp'],
      currentDate: now,
      clockTolerance: 5,
    });
  } catch (e) {
    if (e instanceof OAuthError) throw invalid(e.description);
    throw invalid('The request object does not verify with this client’s keys.');
  }
  if (payload.exp! > now.getTime() / 1000 + MAX_REQUEST_OBJECT_LIFETIME_S)
    throw invalid('The request object lives too long (exp more than an hour ahead).');
  if (client.fapi2) checkFapiLifetime(payload);
  if (payload.client_id !== client.clientId)
    throw invalid('The request object’s client_id differs from the request’s.');
  if ('request' in payload || 'request_uri' in payload)
    throw invalid('A request object may not contain request or request_uri.');
  return { ...pickAuthorizeParams(payload), client_id: client.clientId };
}
