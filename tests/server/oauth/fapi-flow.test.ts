import { calculateJwkThumbprint, exportJWK } from 'jose';
import * as oidc from 'openid-client';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../helpers/fixtures';
import { TEST_DATABASES } from '../../helpers/test-hub';
import { useTestHub } from '../../helpers/use-test-hub';
import type { RegisteredClient } from './oauth-helpers';
import {
  auditRowsOf,
  clientKeyPair,
  followAuthorization,
  handMadeProof,
  privateKeyJwtConfig,
  registerFapiClient,
  type ClientKey,
} from './fapi-helpers';

/**
 * A FAPI 2.0 client end to end, driven by openid-client as a sister platform would: PAR with a
 * private_key_jwt-authenticated push, PKCE S256, DPoP-bound tokens at the token endpoint, userinfo
 * and refresh, introspection reporting the binding; then the ways a DPoP-bound token is refused.
 */
describe.each(TEST_DATABASES)('FAPI 2.0 client with PAR, DPoP and private_key_jwt [%s]', (kind) => {
  // openid-client's proofs and assertions carry the real time: the hub runs on it too.
  const t = useTestHub(kind, { listen: true, realClock: true });
  let key: ClientKey;
  let client: RegisteredClient;
  let config: oidc.Configuration;
  let cookie: string;
  let sub: string;

  beforeAll(async () => {
    key = await clientKeyPair();
    client = await registerFapiClient(t, key);
    config = await privateKeyJwtConfig(t, client, key);
    const user = await signedInUser(t.hub);
    cookie = user.cookie;
    sub = user.user.id;
  });

  /** PAR (with the DPoP key, RFC 9449 §10.1) → authorize → code exchange with a DPoP proof. */
  async function fapiTokens(dpopKeys: CryptoKeyPair) {
    const DPoP = oidc.getDPoPHandle(config, dpopKeys);
    const verifier = oidc.randomPKCECodeVerifier();
    const url = await oidc.buildAuthorizationUrlWithPAR(
      config,
      {
        redirect_uri: client.redirect_uris[0],
        scope: 'openid profile offline_access',
        code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state: 'st-fapi',
      },
      { DPoP },
    );
    const callback = await followAuthorization(t, url, cookie);
    const tokens = await oidc.authorizationCodeGrant(
      config,
      callback,
      { pkceCodeVerifier: verifier, expectedState: 'st-fapi' },
      undefined,
      { DPoP },
    );
    return { tokens, DPoP, callback };
  }

  // ES256 is what most clients use; PS256 is what the FAPI quick start recommends (docs/integrating.md).
  it.each(['ES256', 'PS256'])(
    'runs PAR, PKCE, private_key_jwt and DPoP with %s proofs; the tokens are bound to the key',
    async (alg) => {
      const dpopKeys = await oidc.randomDPoPKeyPair(alg);
      const { tokens, DPoP, callback } = await fapiTokens(dpopKeys);
      // RFC 9207: the authorization response names the issuer.
      expect(callback.searchParams.get('iss')).toBe(t.hub.config.publicUrl);
      expect(tokens.token_type.toLowerCase()).toBe('dpop');
      expect(tokens.claims()?.sub).toBe(sub);
      // RFC 9449 §6.2: introspection tells a resource server which key the token is bound to.
      const info = await oidc.tokenIntrospection(config, tokens.access_token);
      expect(info).toMatchObject({ active: true, token_type: 'DPoP', client_id: client.client_id });
      expect(info.cnf).toEqual({ jkt: await calculateJwkThumbprint(await exportJWK(dpopKeys.publicKey)) });
      const claims = await oidc.fetchUserInfo(config, tokens.access_token, sub, { DPoP });
      expect(claims.sub).toBe(sub);
      const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token!, undefined, { DPoP });
      expect(refreshed.token_type.toLowerCase()).toBe('dpop');
      expect((await oidc.fetchUserInfo(config, refreshed.access_token, sub, { DPoP })).sub).toBe(sub);
    },
  );

  it('binds the code to the key of the proof sent with PAR: another key cannot exchange it', async () => {
    const pushedWith = oidc.getDPoPHandle(config, await oidc.randomDPoPKeyPair('ES256'));
    const other = oidc.getDPoPHandle(config, await oidc.randomDPoPKeyPair('ES256'));
    const verifier = oidc.randomPKCECodeVerifier();
    const url = await oidc.buildAuthorizationUrlWithPAR(
      config,
      {
        redirect_uri: client.redirect_uris[0],
        scope: 'openid',
        code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
      },
      { DPoP: pushedWith },
    );
    const callback = await followAuthorization(t, url, cookie);
    await expect(
      oidc.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier }, undefined, { DPoP: other }),
    ).rejects.toMatchObject({
      error: 'invalid_grant',
      error_description: 'The authorization code is bound to another DPoP key.',
    });
  });

  describe('a DPoP-bound access token at userinfo', () => {
    let keys: CryptoKeyPair;
    let token: string;
    const userinfo = () => `${t.hub.config.publicUrl}/oauth/userinfo`;
    const ath = (value: string) => oidc.calculatePKCECodeChallenge(value);

    beforeAll(async () => {
      keys = await oidc.randomDPoPKeyPair('ES256');
      token = (await fapiTokens(keys)).tokens.access_token;
    });

    async function call(headers: Record<string, string>, method = 'GET') {
      const { result, rows } = await auditRowsOf(t, () => fetch(userinfo(), { method, headers }));
      return { res: result, body: (await result.json()) as { error: string }, rows };
    }

    function expectRefused(outcome: Awaited<ReturnType<typeof call>>, error: 'invalid_token' | 'invalid_dpop_proof') {
      expect(outcome.res.status).toBe(401);
      expect(outcome.body.error).toBe(error);
      // RFC 9449 §7.1: the challenge names the DPoP scheme and the algorithms it accepts.
      expect(outcome.res.headers.get('www-authenticate')).toMatch(new RegExp(`^DPoP error="${error}"`));
      expect(outcome.res.headers.get('www-authenticate')).toContain('algs="ES256 EdDSA RS256 PS256"');
      expect(outcome.rows).toEqual([
        expect.objectContaining({
          type: 'oauth_token_refused',
          details: expect.objectContaining({ endpoint: 'userinfo', client_id: client.client_id, error }),
        }),
      ]);
    }

    it('is accepted with a proof by its key (the baseline the refusals differ from)', async () => {
      const proof = await handMadeProof(keys, { htm: 'GET', htu: userinfo(), ath: await ath(token) });
      const { res } = await call({ authorization: `DPoP ${token}`, dpop: proof });
      expect(res.status).toBe(200);
    });

    it('is refused as a bearer token', async () => {
      expectRefused(await call({ authorization: `Bearer ${token}` }), 'invalid_token');
    });

    it('is refused without a proof', async () => {
      expectRefused(await call({ authorization: `DPoP ${token}` }), 'invalid_dpop_proof');
    });

    it('is refused with a proof by another key', async () => {
      const other = await oidc.randomDPoPKeyPair('ES256');
      const proof = await handMadeProof(other, { htm: 'GET', htu: userinfo(), ath: await ath(token) });
      expectRefused(await call({ authorization: `DPoP ${token}`, dpop: proof }), 'invalid_dpop_proof');
    });

    it('is refused with a proof for another method', async () => {
      const proof = await handMadeProof(keys, { htm: 'POST', htu: userinfo(), ath: await ath(token) });
      expectRefused(await call({ authorization: `DPoP ${token}`, dpop: proof }), 'invalid_dpop_proof');
    });

    it('is refused with a proof for another URL', async () => {
      const htu = `${t.hub.config.publicUrl}/oauth/introspect`;
      const proof = await handMadeProof(keys, { htm: 'GET', htu, ath: await ath(token) });
      expectRefused(await call({ authorization: `DPoP ${token}`, dpop: proof }), 'invalid_dpop_proof');
    });

    it('accepts a query string on htu but refuses a replayed jti', async () => {
      const proof = await handMadeProof(keys, { htm: 'GET', htu: `${userinfo()}?x=1`, ath: await ath(token) });
      expect((await call({ authorization: `DPoP ${token}`, dpop: proof })).res.status).toBe(200);
      expectRefused(await call({ authorization: `DPoP ${token}`, dpop: proof }), 'invalid_dpop_proof');
    });

    it('is refused with a proof that carries no ath', async () => {
      const proof = await handMadeProof(keys, { htm: 'GET', htu: userinfo() });
      expectRefused(await call({ authorization: `DPoP ${token}`, dpop: proof }), 'invalid_dpop_proof');
    });

    it('is refused with a proof older than the window', async () => {
      const iat = Math.floor(Date.now() / 1000) - 120;
      const proof = await handMadeProof(keys, { htm: 'GET', htu: userinfo(), ath: await ath(token), iat });
      expectRefused(await call({ authorization: `DPoP ${token}`, dpop: proof }), 'invalid_dpop_proof');
    });
  });

  describe('the FAPI 2.0 profile refuses a client that skips a step', () => {
    it('refuses an authorization request that was not pushed', async () => {
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: client.redirect_uris[0],
        scope: 'openid',
        code_challenge: await oidc.calculatePKCECodeChallenge(oidc.randomPKCECodeVerifier()),
        code_challenge_method: 'S256',
      });
      const { result: res, rows } = await auditRowsOf(t, () => t.client.get(url.pathname + url.search, { cookie }));
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('must push its authorization requests');
      expect(rows).toEqual([
        expect.objectContaining({
          type: 'oauth_authorize_refused',
          details: expect.objectContaining({ client_id: client.client_id, error: 'invalid_request' }),
        }),
      ]);
    });

    it('refuses a pushed request without PKCE', async () => {
      const { result, rows } = await auditRowsOf(t, () =>
        oidc.buildAuthorizationUrlWithPAR(config, { redirect_uri: client.redirect_uris[0], scope: 'openid' }).then(
          () => null,
          (e: unknown) => e,
        ),
      );
      expect(result).toMatchObject({ error: 'invalid_request' });
      expect(rows).toEqual([
        expect.objectContaining({
          type: 'oauth_token_refused',
          details: expect.objectContaining({ endpoint: 'par', error: 'invalid_request' }),
        }),
      ]);
    });

    it('refuses the code exchange without DPoP', async () => {
      const verifier = oidc.randomPKCECodeVerifier();
      const url = await oidc.buildAuthorizationUrlWithPAR(config, {
        redirect_uri: client.redirect_uris[0],
        scope: 'openid',
        code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state: 's',
      });
      const callback = await followAuthorization(t, url, cookie);
      const { result, rows } = await auditRowsOf(t, () =>
        oidc.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier, expectedState: 's' }).then(
          () => null,
          (e: unknown) => e,
        ),
      );
      expect(result).toMatchObject({ error: 'invalid_dpop_proof' });
      expect(rows).toEqual([
        expect.objectContaining({
          type: 'oauth_token_refused',
          details: expect.objectContaining({ grant_type: 'authorization_code', error: 'invalid_dpop_proof' }),
        }),
      ]);
    });

    it('refuses a request_uri used a second time', async () => {
      const verifier = oidc.randomPKCECodeVerifier();
      const url = await oidc.buildAuthorizationUrlWithPAR(config, {
        redirect_uri: client.redirect_uris[0],
        scope: 'openid',
        code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
      });
      expect((await followAuthorization(t, url, cookie)).searchParams.get('code')).toBeTruthy();
      const { result: again, rows } = await auditRowsOf(t, () => t.client.get(url.pathname + url.search, { cookie }));
      expect(again.statusCode).toBe(400);
      expect(again.body).toContain('request_uri is unknown, expired or already used');
      expect(rows).toEqual([
        expect.objectContaining({
          type: 'oauth_authorize_refused',
          details: expect.objectContaining({ error: 'invalid_request_uri' }),
        }),
      ]);
    });

    it('keeps a pushed request through the sign-in it sends the user to, then spends it', async () => {
      const verifier = oidc.randomPKCECodeVerifier();
      const url = await oidc.buildAuthorizationUrlWithPAR(config, {
        redirect_uri: client.redirect_uris[0],
        scope: 'openid',
        code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
      });
      // Signed out: the first use sends the browser to sign in, and the request waits for it.
      const signIn = await t.client.get(url.pathname + url.search);
      expect(signIn.statusCode).toBe(302);
      expect(String(signIn.headers.location)).toMatch(/^\/auth\?/);
      const back = new URL(
        new URLSearchParams(String(signIn.headers.location).split('?')[1]).get('next')!,
        'http://hub',
      );
      expect(back.searchParams.get('request_uri')).toBe(url.searchParams.get('request_uri'));
      const callback = await followAuthorization(t, back, cookie);
      expect(callback.searchParams.get('code')).toBeTruthy();
      expect((await t.client.get(back.pathname + back.search, { cookie })).statusCode).toBe(400);
    });

    it('ignores the parameters sent beside a request_uri', async () => {
      const verifier = oidc.randomPKCECodeVerifier();
      const url = await oidc.buildAuthorizationUrlWithPAR(config, {
        redirect_uri: client.redirect_uris[0],
        scope: 'openid',
        state: 'pushed-state',
        code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
      });
      url.searchParams.set('state', 'tampered');
      url.searchParams.set('redirect_uri', 'https://evil.example.test/cb');
      const callback = await followAuthorization(t, url, cookie);
      expect(callback.origin + callback.pathname).toBe(client.redirect_uris[0]);
      expect(callback.searchParams.get('state')).toBe('pushed-state');
    });
  });
});
