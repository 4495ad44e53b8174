import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../helpers/fixtures';
import { TEST_DATABASES } from '../../helpers/test-hub';
import { useTestHub } from '../../helpers/use-test-hub';
import { auditRowsOf, clientKeyPair, followAuthorization, privateKeyJwtConfig, type ClientKey } from './fapi-helpers';
import { registerClient, type RegisteredClient } from './oauth-helpers';

/** A sister platform's JWKS endpoint on 127.0.0.1 (what a jwks_uri names), counting its fetches. */
async function jwksServer(keys: () => ClientKey[]) {
  let fetches = 0;
  const server: Server = createServer((_req, res) => {
    fetches += 1;
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: keys().map((k) => k.jwk) }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks`,
    fetches: () => fetches,
    close: () => new Promise((r) => server.close(r)),
  };
}

/** A client assertion made by hand, for what openid-client would never send (a reused jti, another audience). */
function assertion(key: ClientKey, clientId: string, claims: { aud: string; jti?: string }) {
  return new SignJWT({ jti: claims.jti ?? randomUUID() })
    .setProtectedHeader({ alg: key.alg, kid: key.kid })
    .setIssuer(clientId)
    .setSubject(clientId)
    .setAudience(claims.aud)
    .setIssuedAt()
    .setExpirationTime('1m')
    .sign(key.privateKey);
}
const ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';

describe.each(TEST_DATABASES)('private_key_jwt and signed request objects [%s]', (kind) => {
  const t = useTestHub(kind, {
    listen: true,
    realClock: true,
    // The test's JWKS endpoint is on loopback, which the hub refuses unless told otherwise.
    config: { oauthSecurity: { requirePar: false, dpopNonce: false }, outboundAllowPrivate: true },
  });
  let key: ClientKey;
  let jwks: Awaited<ReturnType<typeof jwksServer>>;
  let client: RegisteredClient;
  let config: oidc.Configuration;
  let cookie: string;

  beforeAll(async () => {
    key = await clientKeyPair('ES256');
    jwks = await jwksServer(() => [key]);
    client = await registerClient(t, { token_endpoint_auth_method: 'private_key_jwt', jwks_uri: jwks.url });
    config = await privateKeyJwtConfig(t, client, key);
    cookie = (await signedInUser(t.hub)).cookie;
  });
  afterAll(() => jwks.close());

  it('registers no secret for a private_key_jwt client and authenticates it by its jwks_uri (fetched once, cached)', async () => {
    expect(client.client_secret).toBeNull();
    const before = jwks.fetches();
    const first = await oidc.clientCredentialsGrant(config);
    const second = await oidc.clientCredentialsGrant(config);
    expect(first.access_token).toBeTruthy();
    expect(second.access_token).toBeTruthy();
    expect(jwks.fetches() - before).toBeLessThanOrEqual(1);
    expect((await oidc.tokenIntrospection(config, first.access_token)).active).toBe(true);
  });

  it('accepts the token endpoint URL as audience and refuses a replayed assertion, with an audit row', async () => {
    const jwt = await assertion(key, client.client_id, { aud: `${t.hub.config.publicUrl}/oauth/token` });
    const send = () =>
      t.client.post('/oauth/token', {
        form: { grant_type: 'client_credentials', client_assertion_type: ASSERTION_TYPE, client_assertion: jwt },
      });
    expect((await send()).statusCode).toBe(200);
    const { result, rows } = await auditRowsOf(t, send);
    expect(result.statusCode).toBe(401);
    expect(result.json()).toEqual({
      error: 'invalid_client',
      error_description: 'The client assertion was already used.',
    });
    expect(rows).toEqual([
      expect.objectContaining({
        type: 'oauth_invalid_client',
        details: expect.objectContaining({ client_id: client.client_id, error: 'invalid_client' }),
      }),
    ]);
  });

  it('refuses an assertion for another audience, by another key, or beside a secret', async () => {
    const other = await clientKeyPair('ES256');
    const cases = [
      await assertion(key, client.client_id, { aud: 'https://elsewhere.example.test' }),
      await assertion({ ...other, kid: key.kid }, client.client_id, { aud: t.hub.config.publicUrl }),
    ];
    for (const jwt of cases) {
      const res = await t.client.post('/oauth/token', {
        form: { grant_type: 'client_credentials', client_assertion_type: ASSERTION_TYPE, client_assertion: jwt },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toBe('invalid_client');
    }
    const both = await t.client.post('/oauth/token', {
      form: {
        grant_type: 'client_credentials',
        client_assertion_type: ASSERTION_TYPE,
        client_assertion: await assertion(key, client.client_id, { aud: t.hub.config.publicUrl }),
        client_secret: 'x',
      },
    });
    expect(both.json().error).toBe('invalid_request');
  });

  it('takes a signed request object (JAR) at /oauth/authorize, and through PAR', async () => {
    const verifier = oidc.randomPKCECodeVerifier();
    const params = {
      redirect_uri: client.redirect_uris[0],
      scope: 'openid',
      state: 'jar-state',
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    };
    const signed = await oidc.buildAuthorizationUrlWithJAR(config, params, { key: key.privateKey, kid: key.kid });
    expect(signed.searchParams.get('request')).toBeTruthy();
    const direct = await followAuthorization(t, signed, cookie);
    expect(direct.searchParams.get('state')).toBe('jar-state');
    const tokens = await oidc.authorizationCodeGrant(config, direct, {
      pkceCodeVerifier: verifier,
      expectedState: 'jar-state',
    });
    expect(tokens.access_token).toBeTruthy();

    const pushedVerifier = oidc.randomPKCECodeVerifier();
    const again = await oidc.buildAuthorizationUrlWithJAR(
      config,
      { ...params, code_challenge: await oidc.calculatePKCECodeChallenge(pushedVerifier) },
      { key: key.privateKey, kid: key.kid },
    );
    const pushed = await oidc.buildAuthorizationUrlWithPAR(config, again.searchParams);
    expect(pushed.searchParams.get('request_uri')).toMatch(/^urn:ietf:params:oauth:request_uri:/);
    const viaPar = await followAuthorization(t, pushed, cookie);
    expect(viaPar.searchParams.get('state')).toBe('jar-state');
  });

  it('refuses a request object signed by another key, with an audit row', async () => {
    const other = await clientKeyPair('ES256');
    const forged = await oidc.buildAuthorizationUrlWithJAR(
      config,
      { redirect_uri: client.redirect_uris[0], scope: 'openid', state: 'x' },
      { key: other.privateKey, kid: key.kid },
    );
    const { result, rows } = await auditRowsOf(t, () => t.client.get(forged.pathname + forged.search, { cookie }));
    expect(result.statusCode).toBe(400);
    expect(result.body).toContain('does not verify');
    expect(rows).toEqual([
      expect.objectContaining({
        type: 'oauth_authorize_refused',
        details: expect.objectContaining({ error: 'invalid_request_object' }),
      }),
    ]);
  });
});

describe.each(TEST_DATABASES)('jwks_uri on a private address [%s]', (kind) => {
  const t = useTestHub(kind, { listen: true, realClock: true });

  it('is refused at registration and never fetched unless HUB_OUTBOUND_ALLOW_PRIVATE allows it', async () => {
    const key = await clientKeyPair('ES256');
    const jwks = await jwksServer(() => [key]);
    try {
      await expect(
        registerClient(t, { token_endpoint_auth_method: 'private_key_jwt', jwks_uri: jwks.url }),
      ).rejects.toThrow('jwks_uri: the address is loopback (HUB_OUTBOUND_ALLOW_PRIVATE=true lifts this).');
      // Registered while private targets were allowed, then the policy tightened: every fetch checks again.
      t.hub.config.outboundAllowPrivate = true;
      const client = await registerClient(t, { token_endpoint_auth_method: 'private_key_jwt', jwks_uri: jwks.url });
      t.hub.config.outboundAllowPrivate = false;
      const res = await t.client.post('/oauth/token', {
        form: {
          grant_type: 'client_credentials',
          client_assertion_type: ASSERTION_TYPE,
          client_assertion: await assertion(key, client.client_id, { aud: t.hub.config.publicUrl }),
        },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toBe('invalid_client');
      expect(jwks.fetches()).toBe(0);
    } finally {
      await jwks.close();
    }
  });
});
