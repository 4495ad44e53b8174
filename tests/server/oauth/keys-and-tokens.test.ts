import { beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, decodeJwt, decodeProtectedHeader, generateKeyPair, importJWK, type JWK } from 'jose';
import { eq } from 'drizzle-orm';
import { TEST_DATABASES } from '../../helpers/test-hub';
import { signedInUser } from '../../helpers/fixtures';
import { signingKeys } from '../../../src/server/db/schema/index';
import { oauthRuntime } from '../../../src/server/oauth/runtime';
import { authorize, basic, exchangeCode, registerClient, type RegisteredClient } from './oauth-helpers';
import { useTestHub } from '../../helpers/use-test-hub';

describe.each(TEST_DATABASES)('OAuth keys, introspection, revocation, userinfo [%s]', (kind) => {
  const t = useTestHub(kind);
  let client: RegisteredClient;
  let other: RegisteredClient;
  let cookie: string;

  beforeAll(async () => {
    client = await registerClient(t);
    other = await registerClient(t, { app_name: 'Other' });
    cookie = (await signedInUser(t.hub, ['user'], { organization: 'Acme' })).cookie;
  });

  const post = (url: string, payload: Record<string, string>, c: RegisteredClient = client) =>
    t.client.post(url, { headers: { authorization: basic(c) }, form: payload });
  const tokens = async (scope = 'openid profile email read:organization offline_access') =>
    (await exchangeCode(t, client, (await authorize(t, client, cookie, { scope })).code, undefined)).json();

  it('publishes discovery and a JWKS whose private key is sealed at rest', async () => {
    const disc = (await t.client.get('/.well-known/openid-configuration')).json();
    expect(disc.issuer).toBe(t.hub.config.publicUrl);
    expect(disc.code_challenge_methods_supported).toEqual(['S256']);
    expect(disc.id_token_signing_alg_values_supported).toEqual(['ES256', 'RS256']);
    const jwks = (await t.client.get('/oauth/jwks')).json();
    expect(jwks.keys.length).toBe(2); // active + pre-published next
    for (const k of jwks.keys) expect(k.d).toBeUndefined();
    const rows = await t.hub.db.select().from(signingKeys);
    for (const r of rows) expect(r.privateJwkEnc).toMatch(/^v1\./);
  });

  it('introspects live tokens and answers {active:false} for revoked, expired, foreign and alg:none tokens', async () => {
    const tk = await tokens();
    const live = (await post('/oauth/introspect', { token: tk.access_token })).json();
    expect(live).toMatchObject({ active: true, client_id: client.client_id, token_type: 'Bearer' });
    expect((await post('/oauth/introspect', { token: tk.refresh_token })).json()).toMatchObject({
      active: true,
      token_type: 'refresh_token',
    });
    // Foreign: another client's introspection of this token.
    expect((await post('/oauth/introspect', { token: tk.access_token }, other)).json()).toEqual({ active: false });
    // alg none: same claims, no signature.
    const [h, p] = tk.access_token.split('.');
    const noneHeader = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(h, 'base64url').toString()), alg: 'none' }),
    ).toString('base64url');
    expect((await post('/oauth/introspect', { token: `${noneHeader}.${p}.` })).json()).toEqual({ active: false });
    // Signed by a key the hub never published, same kid.
    const { privateKey } = await generateKeyPair('ES256');
    const forged = await new SignJWT(decodeJwt(tk.access_token))
      .setProtectedHeader(decodeProtectedHeader(tk.access_token) as { alg: string })
      .sign(privateKey);
    expect((await post('/oauth/introspect', { token: forged })).json()).toEqual({ active: false });
    // Revoked: RFC 7009, then inactive; unknown tokens still answer 200.
    expect((await post('/oauth/revoke', { token: tk.access_token, token_type_hint: 'access_token' })).statusCode).toBe(
      200,
    );
    expect((await post('/oauth/introspect', { token: tk.access_token })).json()).toEqual({ active: false });
    expect((await post('/oauth/introspect', { token: tk.refresh_token })).json()).toEqual({ active: false });
    expect((await post('/oauth/revoke', { token: 'never-issued' })).statusCode).toBe(200);
    // Expired.
    const tk2 = await tokens();
    t.clock.advanceMinutes(16);
    expect((await post('/oauth/introspect', { token: tk2.access_token })).json()).toEqual({ active: false });
  });

  it('serves userinfo claims by scope and refuses revoked tokens', async () => {
    const tk = await tokens('openid email read:organization offline_access');
    const res = await t.client.get('/oauth/userinfo', { headers: { authorization: `Bearer ${tk.access_token}` } });
    expect(res.statusCode).toBe(200);
    const claims = res.json();
    expect(claims.email).toMatch(/@example\.test$/);
    expect(claims.organization).toBe('Acme');
    expect(claims.name).toBeUndefined();
    await post('/oauth/revoke', { token: tk.refresh_token });
    const after = await t.client.get('/oauth/userinfo', { headers: { authorization: `Bearer ${tk.access_token}` } });
    expect(after.statusCode).toBe(401);
    expect(after.json().error).toBe('invalid_token');
  });

  it('rotates keys: the next key was published before it signs; retired keys verify until removed', async () => {
    await oauthRuntime(t.hub).keys.rotate('ES256', { force: true }); // a next key published just now
    const before = (await t.client.get('/oauth/jwks')).json().keys.map((k: { kid: string }) => k.kid);
    const old = await tokens();
    const oldKid = decodeProtectedHeader(old.access_token).kid!;
    // Too soon after the next key was published (verifiers cache the JWKS for 60 s): refused.
    await expect(oauthRuntime(t.hub).keys.rotate()).rejects.toThrow(/less than 60 s/);
    t.clock.advance(61_000);
    const { activated, retired } = await oauthRuntime(t.hub).keys.rotate();
    expect(before).toContain(activated);
    expect(retired).toBe(oldKid);
    const fresh = await tokens();
    expect(decodeProtectedHeader(fresh.access_token).kid).toBe(activated);
    // The retired key still verifies what it signed.
    expect((await post('/oauth/introspect', { token: old.access_token })).json().active).toBe(true);
    // A token signed with the retired key that has not expired yet (as if stolen with the key):
    const [row] = await t.hub.db.select().from(signingKeys).where(eq(signingKeys.kid, oldKid));
    const priv = await importJWK(
      JSON.parse(t.hub.secrets.open(row.privateJwkEnc, 'signing_keys.private_jwk')) as JWK,
      'ES256',
    );
    const longLived = await new SignJWT({
      ...decodeJwt(old.access_token),
      exp: Math.floor(t.clock.now().getTime() / 1000) + 3600,
    })
      .setProtectedHeader({ alg: 'ES256', kid: oldKid, typ: 'at+jwt' })
      .sign(priv);
    expect((await post('/oauth/introspect', { token: longLived })).json().active).toBe(true);
    // Once every token it legitimately signed has expired, it leaves the JWKS and verifies nothing.
    t.clock.advanceMinutes(16);
    await oauthRuntime(t.hub).keys.prune();
    const after = (await t.client.get('/oauth/jwks')).json().keys.map((k: { kid: string }) => k.kid);
    expect(after).not.toContain(oldKid);
    expect(after).toContain(activated);
    expect((await post('/oauth/introspect', { token: longLived })).json()).toEqual({ active: false });
  });

  it('signs with RS256 once an RS256 next key has been rotated in', async () => {
    await oauthRuntime(t.hub).keys.rotate('RS256', { force: true }); // publishes an RS256 next key
    t.clock.advance(61_000);
    const { activated } = await oauthRuntime(t.hub).keys.rotate(); // which now signs
    const jwks = (await t.client.get('/oauth/jwks')).json().keys as {
      kid: string;
      kty: string;
      alg: string;
    }[];
    expect(jwks.find((k) => k.kid === activated)).toMatchObject({ kty: 'RSA', alg: 'RS256' });
    const tk = await tokens();
    expect(decodeProtectedHeader(tk.access_token)).toMatchObject({ alg: 'RS256', kid: activated });
    expect(decodeProtectedHeader(tk.id_token)).toMatchObject({ alg: 'RS256' });
    expect((await post('/oauth/introspect', { token: tk.access_token })).json().active).toBe(true);
  });

  it('RP-initiated logout redirects only to a registered post-logout URI and ends the hub session', async () => {
    const u = await signedInUser(t.hub);
    const { code } = await authorize(t, client, u.cookie);
    const tk = (await exchangeCode(t, client, code, undefined)).json();
    const bad = await t.client.get(
      `/oauth/end-session?${new URLSearchParams({ id_token_hint: tk.id_token, post_logout_redirect_uri: 'https://evil.example.test/' })}`,
      { cookie: u.cookie },
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.headers.location).toBeUndefined();
    const ok = await t.client.get(
      `/oauth/end-session?${new URLSearchParams({
        id_token_hint: tk.id_token,
        post_logout_redirect_uri: 'https://rb.example.test/bye',
        state: 's1',
      })}`,
      { cookie: u.cookie },
    );
    expect(ok.statusCode).toBe(302);
    expect(ok.headers.location).toBe('https://rb.example.test/bye?state=s1');
    const session = await t.client.get(
      '/oauth/authorize?' +
        new URLSearchParams({
          response_type: 'code',
          client_id: client.client_id,
          redirect_uri: client.redirect_uris[0],
          scope: 'openid',
        }),
      { cookie: u.cookie },
    );
    expect(String(session.headers.location)).toMatch(/^\/auth\?return_to=/);
  });

  it('without a redirect, answers the hub’s own signed-out page: styled like its other pages, never cached', async () => {
    const u = await signedInUser(t.hub);
    const ask = await t.client.get(`/oauth/end-session?${new URLSearchParams({ client_id: client.client_id })}`, {
      cookie: u.cookie,
    });
    const csrf = /name="csrf" value="([^"]+)"/.exec(ask.body)![1];
    const done = await t.client.post('/oauth/end-session', {
      cookie: u.cookie,
      form: { client_id: client.client_id, csrf },
    });
    expect(done.statusCode).toBe(200);
    expect(done.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(done.headers['cache-control']).toBe('no-store');
    expect(done.body).toContain('<title>Signed out · Ecosystem Hub</title>');
    expect(done.body).toContain('<h1>You are signed out</h1>');
    expect(done.body).toContain('<a class="button" href="/">Return to the hub</a>');
    // The same shell as the consent and error pages: its viewport and styles.
    expect(done.body).toContain('<meta name="viewport"');
    expect((await t.client.get('/api/auth/session', { cookie: u.cookie })).json().user).toBeNull();
  });

  it('asks before signing out when there is no id_token_hint', async () => {
    const u = await signedInUser(t.hub);
    const q = new URLSearchParams({
      client_id: client.client_id,
      post_logout_redirect_uri: 'https://rb.example.test/bye',
    });
    const ask = await t.client.get(`/oauth/end-session?${q}`, { cookie: u.cookie });
    expect(ask.statusCode).toBe(200);
    expect(ask.body).toContain('Sign out of Ecosystem Hub?');
    const stillIn = await t.client.get('/api/auth/session', { cookie: u.cookie });
    expect(stillIn.json().user).not.toBeNull();
    const csrf = /name="csrf" value="([^"]+)"/.exec(ask.body)![1];
    const forged = await t.client.post('/oauth/end-session', {
      cookie: u.cookie,
      form: { client_id: client.client_id, csrf: 'nope' },
    });
    expect(forged.statusCode).toBe(400);
    const done = await t.client.post('/oauth/end-session', {
      cookie: u.cookie,
      form: { client_id: client.client_id, post_logout_redirect_uri: 'https://rb.example.test/bye', csrf },
    });
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe('https://rb.example.test/bye');
    const out = await t.client.get('/api/auth/session', { cookie: u.cookie });
    expect(out.json().user).toBeNull();
  });
});
