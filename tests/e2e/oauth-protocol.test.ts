import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../helpers/fixtures';
import { createClient } from '../../src/server/oauth/clients/service';
import { systemActor } from '../../src/server/actor';
import { startE2E, type E2E } from './harness';
import { signInOnHub } from './hub-sign-in';

/**
 * The hub driven by an independent relying party (openid-client v6) and a real browser:
 * discovery, authorization code + PKCE with a real sign-in on /auth, ID token validation,
 * userinfo, refresh rotation, introspection, revocation and RP-initiated logout; then the
 * negative cases an RP would meet.
 */
describe('OpenID Connect with openid-client and a real browser', () => {
  let e2e: E2E;
  let rp: Server;
  let rpUrl: string;
  let config: oidc.Configuration;
  let clientId: string;
  let clientSecret: string;
  let email: string;
  let userId: string;
  const callbacks: string[] = [];

  beforeAll(async () => {
    e2e = await startE2E();
    rp = createServer((req, res) => {
      // Only the redirect endpoints count (the browser also asks for /favicon.ico).
      if (!req.url!.startsWith('/favicon')) callbacks.push(new URL(req.url!, rpUrl).toString());
      res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>Relying party</h1>');
    });
    await new Promise<void>((r) => rp.listen(0, '127.0.0.1', r));
    rpUrl = `http://127.0.0.1:${(rp.address() as AddressInfo).port}`;
    const user = await createUser(e2e.hub.hub, { fullName: 'Ada Protocol', organization: 'Fulfils' });
    email = user.email;
    userId = user.id;
    const created = await createClient(
      e2e.hub.hub,
      {
        app_name: 'Relying Party',
        app_url: rpUrl,
        redirect_uris: [`${rpUrl}/cb`],
        post_logout_redirect_uris: [`${rpUrl}/bye`],
        scopes: ['openid', 'profile', 'email', 'offline_access', 'read:organization'],
        app_type: 'platform',
      },
      systemActor(),
    );
    clientId = created.client.clientId;
    clientSecret = created.clientSecret!;
    config = await oidc.discovery(new URL(e2e.baseUrl), clientId, clientSecret, oidc.ClientSecretBasic(clientSecret), {
      execute: [oidc.allowInsecureRequests],
    });
  });
  afterAll(async () => {
    await e2e?.close();
    await new Promise((r) => rp?.close(r));
  });

  /** Sends the browser through /oauth/authorize and returns the callback URL the RP received. */
  async function browserAuthorize(params: Record<string, string>, signIn: boolean): Promise<URL> {
    const { page } = e2e;
    await page.goto(oidc.buildAuthorizationUrl(config, params).toString());
    if (signIn) await signInOnHub(page, email);
    await page.waitForURL((u) => u.toString().startsWith(`${rpUrl}/cb`));
    // The callback is the URL the browser landed on (its code is new); the RP must have received
    // exactly that request. Counting every request the RP saw raced with late ones (favicon,
    // the previous flow's pages) on a loaded machine.
    const landed = page.url();
    await expect.poll(() => callbacks.includes(landed)).toBe(true);
    return new URL(landed);
  }

  it('discovers the provider', () => {
    const meta = config.serverMetadata();
    expect(meta.issuer).toBe(e2e.baseUrl);
    expect(meta.code_challenge_methods_supported).toEqual(['S256']);
    expect(meta.response_modes_supported).toContain('form_post');
  });

  it('runs the whole code flow: sign-in, PKCE, ID token, userinfo, refresh, introspection, revocation, logout', async () => {
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const callback = await browserAuthorize(
      {
        redirect_uri: `${rpUrl}/cb`,
        scope: 'openid profile email read:organization offline_access',
        code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      },
      true,
    );
    const tokens = await oidc.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: verifier,
      expectedState: state,
      expectedNonce: nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims()!;
    expect(claims.sub).toBe(userId);
    expect(claims.nonce).toBe(nonce);
    expect(typeof claims.auth_time).toBe('number');
    expect(typeof claims.at_hash).toBe('string');

    const info = await oidc.fetchUserInfo(config, tokens.access_token, userId);
    expect(info).toMatchObject({ sub: userId, email, name: 'Ada Protocol', organization: 'Fulfils' });

    const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token!);
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    expect((await oidc.tokenIntrospection(config, refreshed.access_token)).active).toBe(true);

    // The first refresh token is now used: outside the grace window reuse kills the family.
    await oidc.tokenRevocation(config, refreshed.access_token);
    expect((await oidc.tokenIntrospection(config, refreshed.access_token)).active).toBe(false);
    expect((await oidc.tokenIntrospection(config, refreshed.refresh_token!)).active).toBe(false);

    // RP-initiated logout: back to the registered URI, and the hub session is gone.
    const logout = oidc.buildEndSessionUrl(config, {
      id_token_hint: tokens.id_token!,
      post_logout_redirect_uri: `${rpUrl}/bye`,
      state: 'bye-state',
    });
    await e2e.page.goto(logout.toString());
    await e2e.page.waitForURL((u) => u.toString().startsWith(`${rpUrl}/bye`));
    expect(new URL(e2e.page.url()).searchParams.get('state')).toBe('bye-state');
    const session = await (await e2e.page.request.get(`${e2e.baseUrl}/api/auth/session`)).json();
    expect(session.user).toBeNull();
  });

  it('refuses a reused code, wrong verifier, wrong secret, unregistered redirect; a refresh replay in 10 s: same pair', async () => {
    const verifier = oidc.randomPKCECodeVerifier();
    const params = {
      redirect_uri: `${rpUrl}/cb`,
      scope: 'openid offline_access',
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state: 's',
    };
    const callback = await browserAuthorize(params, true);
    const first = await oidc.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: verifier,
      expectedState: 's',
    });
    await expect(
      oidc.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier, expectedState: 's' }),
    ).rejects.toMatchObject({ error: 'invalid_grant' });
    // The replay revoked what the first exchange issued.
    expect((await oidc.tokenIntrospection(config, first.access_token)).active).toBe(false);

    const cb2 = await browserAuthorize(params, false);
    await expect(
      oidc.authorizationCodeGrant(config, cb2, { pkceCodeVerifier: oidc.randomPKCECodeVerifier(), expectedState: 's' }),
    ).rejects.toMatchObject({ error: 'invalid_grant' });

    const wrong = new oidc.Configuration(
      config.serverMetadata(),
      clientId,
      'not-the-secret',
      oidc.ClientSecretBasic('not-the-secret'),
    );
    oidc.allowInsecureRequests(wrong);
    const cb3 = await browserAuthorize(params, false);
    // openid-client surfaces the Basic challenge that accompanies invalid_client (RFC 6749 §5.2).
    const refused = await oidc
      .authorizationCodeGrant(wrong, cb3, { pkceCodeVerifier: verifier, expectedState: 's' })
      .catch((e: unknown) => e);
    expect(refused).toMatchObject({ status: 401 });
    expect(await (refused as { response: Response }).response.json()).toMatchObject({ error: 'invalid_client' });

    // Slightly different redirect URI: the hub's own error page, no redirect to the RP.
    const before = callbacks.length;
    const res = await e2e.page.goto(
      oidc.buildAuthorizationUrl(config, { ...params, redirect_uri: `${rpUrl}/cb/` }).toString(),
    );
    expect(res!.status()).toBe(400);
    expect(await e2e.page.getByRole('heading', { level: 1 }).textContent()).toBe('Authorization error');
    expect(e2e.page.url().startsWith(rpUrl)).toBe(false);
    expect(callbacks.slice(before).filter((u) => new URL(u).pathname.startsWith('/cb/'))).toEqual([]);

    const cb4 = await browserAuthorize(params, false);
    const t4 = await oidc.authorizationCodeGrant(config, cb4, { pkceCodeVerifier: verifier, expectedState: 's' });
    const r1 = await oidc.refreshTokenGrant(config, t4.refresh_token!);
    // Within 10 s the same pair comes back (two tabs); the family survives.
    const again = await oidc.refreshTokenGrant(config, t4.refresh_token!);
    expect(again.refresh_token).toBe(r1.refresh_token);
    expect((await oidc.tokenIntrospection(config, r1.access_token)).active).toBe(true);
  });

  it('rejects an ID token with alg none at the relying party and at the hub', async () => {
    const [, payload] = (await oidc.clientCredentialsGrant(config, { scope: 'read:organization' })).access_token.split(
      '.',
    );
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'at+jwt' })).toString('base64url')}.${payload}.`;
    expect((await oidc.tokenIntrospection(config, none)).active).toBe(false);
    await expect(oidc.fetchUserInfo(config, none, oidc.skipSubjectCheck)).rejects.toBeDefined();
  });
});
