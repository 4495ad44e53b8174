import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import * as oidc from 'openid-client';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASES } from '../../helpers/test-hub';
import { useTestHub } from '../../helpers/use-test-hub';
import {
  auditRowsOf,
  clientKeyPair,
  handMadeProof,
  privateKeyJwtConfig,
  registerFapiClient,
  type ClientKey,
} from './fapi-helpers';
import { registerClient, type RegisteredClient } from './oauth-helpers';

const ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';

/** A client assertion made by hand, for the audiences openid-client would never send. */
function assertion(key: ClientKey, clientId: string, aud: string | string[]) {
  return new SignJWT({ jti: randomUUID() })
    .setProtectedHeader({ alg: key.alg, kid: key.kid })
    .setIssuer(clientId)
    .setSubject(clientId)
    .setAudience(aud)
    .setIssuedAt()
    .setExpirationTime('1m')
    .sign(key.privateKey);
}

/**
 * Issue 38, finding 5: the audience-injection class. A `fapi2` client's assertion names the
 * issuer identifier alone, as a single string (FAPI 2.0 final §5.3.2.1); another private_key_jwt
 * client keeps the audiences RFC 7523 allows, but never beside a foreign one. A `fapi2` client's
 * request object carries `nbf`, and `exp` at most an hour after it. openid-client sends what a
 * client does; the refusals are JWTs signed by hand with jose.
 */
describe.each(TEST_DATABASES)('private_key_jwt audiences and FAPI request object lifetimes [%s]', (kind) => {
  // openid-client's assertions and proofs carry the real time: the hub runs on it too.
  const t = useTestHub(kind, { listen: true, realClock: true });
  let key: ClientKey;
  let fapi: RegisteredClient;
  let fapiConfig: oidc.Configuration;
  let plainKey: ClientKey;
  let plain: RegisteredClient;
  let dpopKeys: CryptoKeyPair;
  const issuer = () => t.hub.config.publicUrl;
  const tokenEndpoint = () => `${issuer()}/oauth/token`;

  beforeAll(async () => {
    key = await clientKeyPair('ES256');
    fapi = await registerFapiClient(t, key);
    fapiConfig = await privateKeyJwtConfig(t, fapi, key);
    plainKey = await clientKeyPair('ES256');
    plain = await registerClient(t, { token_endpoint_auth_method: 'private_key_jwt', jwks: { keys: [plainKey.jwk] } });
    dpopKeys = await oidc.randomDPoPKeyPair('ES256');
  });

  /** client_credentials with a hand-made assertion (and, for the fapi2 client, a DPoP proof). */
  async function grantWith(clientAssertion: string) {
    const dpop = await handMadeProof(dpopKeys, { htm: 'POST', htu: tokenEndpoint() });
    return auditRowsOf(t, () =>
      t.client.post('/oauth/token', {
        headers: { dpop },
        form: {
          grant_type: 'client_credentials',
          client_assertion_type: ASSERTION_TYPE,
          client_assertion: clientAssertion,
        },
      }),
    );
  }

  function expectRefused(outcome: Awaited<ReturnType<typeof grantWith>>, clientId: string) {
    expect(outcome.result.statusCode).toBe(401);
    expect(outcome.result.json()).toMatchObject({
      error: 'invalid_client',
      error_description: expect.stringContaining('aud'),
    });
    expect(outcome.rows).toEqual([
      expect.objectContaining({
        type: 'oauth_invalid_client',
        details: expect.objectContaining({ client_id: clientId, error: 'invalid_client' }),
      }),
    ]);
  }

  it('a fapi2 client: openid-client’s assertion (aud = the issuer) is accepted, and so is one made by hand', async () => {
    const DPoP = oidc.getDPoPHandle(fapiConfig, dpopKeys);
    const tokens = await oidc.clientCredentialsGrant(fapiConfig, {}, { DPoP });
    expect(tokens.access_token).toBeTruthy();
    const byHand = await grantWith(await assertion(key, fapi.client_id, issuer()));
    expect(byHand.result.statusCode, byHand.result.body).toBe(200);
  });

  it('a fapi2 client: an audience array, even [issuer], or the token endpoint URL is refused and audited', async () => {
    expectRefused(await grantWith(await assertion(key, fapi.client_id, [issuer()])), fapi.client_id);
    expectRefused(await grantWith(await assertion(key, fapi.client_id, tokenEndpoint())), fapi.client_id);
    expectRefused(
      await grantWith(await assertion(key, fapi.client_id, [issuer(), 'https://as.elsewhere.test'])),
      fapi.client_id,
    );
  });

  it('another private_key_jwt client: the issuer, the token endpoint, or both are accepted; a foreign member is refused', async () => {
    for (const aud of [issuer(), tokenEndpoint(), [issuer(), tokenEndpoint()]]) {
      const ok = await grantWith(await assertion(plainKey, plain.client_id, aud));
      expect(ok.result.statusCode, `${JSON.stringify(aud)}: ${ok.result.body}`).toBe(200);
    }
    for (const aud of [[issuer(), 'https://as.elsewhere.test'], [tokenEndpoint(), `${issuer()}/oauth/par`], []]) {
      expectRefused(await grantWith(await assertion(plainKey, plain.client_id, aud)), plain.client_id);
    }
  });

  describe('a fapi2 client’s request object', () => {
    const params = async () => ({
      redirect_uri: fapi.redirect_uris[0],
      scope: 'openid',
      response_type: 'code',
      state: 'jar-state',
      code_challenge: await oidc.calculatePKCECodeChallenge(oidc.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
    });

    /** A request object signed by hand, `nbf` and `exp` in seconds from now (`nbf` left out when not given). */
    async function requestObject(times: { nbf?: number; exp: number }) {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({
        ...(await params()),
        client_id: fapi.client_id,
        iss: fapi.client_id,
        aud: issuer(),
        iat: now,
        exp: now + times.exp,
        ...(times.nbf === undefined ? {} : { nbf: now + times.nbf }),
      })
        .setProtectedHeader({ alg: key.alg, kid: key.kid })
        .sign(key.privateKey);
    }

    const push = (request: string) => oidc.buildAuthorizationUrlWithPAR(fapiConfig, { request });

    it('is accepted from openid-client (nbf = iat, exp a minute later) and by hand within the hour', async () => {
      const signed = await oidc.buildAuthorizationUrlWithJAR(fapiConfig, await params(), {
        key: key.privateKey,
        kid: key.kid,
      });
      const pushed = await oidc.buildAuthorizationUrlWithPAR(fapiConfig, signed.searchParams);
      expect(pushed.searchParams.get('request_uri')).toMatch(/^urn:ietf:params:oauth:request_uri:/);
      const byHand = await push(await requestObject({ nbf: -60, exp: 3540 }));
      expect(byHand.searchParams.get('request_uri')).toMatch(/^urn:ietf:params:oauth:request_uri:/);
    });

    it('is refused without nbf, or with exp more than an hour after nbf', async () => {
      await expect(push(await requestObject({ exp: 60 }))).rejects.toMatchObject({
        error: 'invalid_request_object',
        error_description: expect.stringContaining('nbf'),
      });
      await expect(push(await requestObject({ nbf: -200, exp: 3500 }))).rejects.toMatchObject({
        error: 'invalid_request_object',
        error_description: expect.stringContaining('nbf'),
      });
    });
  });
});
