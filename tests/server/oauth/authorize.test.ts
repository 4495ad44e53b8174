import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASES } from '../../helpers/test-hub';
import { signedInUser } from '../../helpers/fixtures';
import { authorize, exchangeCode, pkcePair, registerClient, type RegisteredClient } from './oauth-helpers';
import { useTestHub } from '../../helpers/use-test-hub';

describe.each(TEST_DATABASES)('OAuth authorization endpoint [%s]', (kind) => {
  const t = useTestHub(kind);
  let platform: RegisteredClient;
  let thirdParty: RegisteredClient;
  let publicClient: RegisteredClient;
  let cookie: string;

  beforeAll(async () => {
    platform = await registerClient(t);
    thirdParty = await registerClient(t, {
      app_name: 'Outside Co',
      app_type: 'third_party',
      redirect_uris: ['https://outside.example.test/cb'],
    });
    publicClient = await registerClient(t, {
      app_name: 'Mobile',
      token_endpoint_auth_method: 'none',
      redirect_uris: ['com.example.app:/cb'],
    });
    cookie = (await signedInUser(t.hub)).cookie;
  });

  const get = (params: Record<string, string>, headers: Record<string, string> = { cookie }) =>
    t.client.get(`/oauth/authorize?${new URLSearchParams(params)}`, { headers });
  const base = (c: RegisteredClient) => ({
    response_type: 'code',
    client_id: c.client_id,
    redirect_uri: c.redirect_uris[0],
    scope: 'openid',
    state: 'abc',
  });

  it('sends a signed-out user to /auth with the authorize URL as return_to', async () => {
    const res = await get(base(platform), {});
    expect(res.statusCode).toBe(302);
    const loc = new URL(String(res.headers.location), 'http://hub');
    expect(loc.pathname).toBe('/auth');
    expect(loc.searchParams.get('return_to')).toMatch(/^\/oauth\/authorize\?/);
    expect(loc.searchParams.get('return_to')).toContain(encodeURIComponent(platform.redirect_uris[0]));
  });

  it('shows its own error page and redirects nowhere for an unregistered or slightly different redirect URI', async () => {
    for (const uri of [
      'https://evil.example.test/callback',
      'https://rb.example.test/callback/',
      'https://rb.example.test/callback?x=1',
      'HTTPS://rb.example.test/callback',
    ]) {
      const res = await get({ ...base(platform), redirect_uri: uri });
      expect(res.statusCode).toBe(400);
      expect(res.headers.location).toBeUndefined();
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('redirect_uri is not registered');
    }
  });

  it('shows the error page for an unknown or inactive client', async () => {
    const res = await get({ ...base(platform), client_id: 'nobody' });
    expect(res.statusCode).toBe(400);
    expect(res.headers.location).toBeUndefined();
  });

  it('returns errors to a valid redirect URI with state (RFC 6749 §4.1.2.1)', async () => {
    const res = await get({ ...base(platform), response_type: 'token' });
    expect(res.statusCode).toBe(302);
    const loc = new URL(String(res.headers.location));
    expect(loc.origin + loc.pathname).toBe(platform.redirect_uris[0]);
    expect(loc.searchParams.get('error')).toBe('unsupported_response_type');
    expect(loc.searchParams.get('state')).toBe('abc');
    // OIDC Core §3.1.2.1: scopes the hub does not know are ignored…
    const unknown = new URL(String((await get({ ...base(platform), scope: 'openid admin' })).headers.location));
    expect(unknown.searchParams.get('code')).toBeTruthy();
    // …one it knows but the client is not registered for is refused, by name.
    const narrow = await registerClient(t, {
      scopes: ['openid', 'profile'],
      redirect_uris: ['https://n.example.test/cb'],
    });
    const refused = new URL(
      String((await get({ ...base(narrow), scope: 'openid email read:organization' })).headers.location),
    );
    expect(refused.searchParams.get('error')).toBe('invalid_scope');
    expect(refused.searchParams.get('error_description')).toContain('email read:organization');
    expect(refused.searchParams.get('iss')).toBe(t.hub.config.publicUrl);
  });

  it('requires PKCE S256 for public clients and refuses plain for everyone', async () => {
    const missing = new URL(String((await get(base(publicClient))).headers.location));
    expect(missing.searchParams.get('error')).toBe('invalid_request');
    const { challenge } = pkcePair();
    const plain = new URL(
      String(
        (await get({ ...base(platform), code_challenge: challenge, code_challenge_method: 'plain' })).headers.location,
      ),
    );
    expect(plain.searchParams.get('error')).toBe('invalid_request');
    const noMethod = new URL(String((await get({ ...base(platform), code_challenge: challenge })).headers.location));
    expect(noMethod.searchParams.get('error')).toBe('invalid_request');
    const ok = new URL(
      String(
        (await get({ ...base(publicClient), code_challenge: challenge, code_challenge_method: 'S256' })).headers
          .location,
      ),
    );
    expect(ok.searchParams.get('code')).toBeTruthy();
  });

  it('lets a public client exchange its code with the verifier and no secret', async () => {
    const { verifier, challenge } = pkcePair();
    const { code } = await authorize(t, publicClient, cookie, {
      code_challenge: challenge,
      code_challenge_method: 'S256',
      scope: 'openid',
    });
    const res = await t.client.post('/oauth/token', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: publicClient.redirect_uris[0],
        client_id: publicClient.client_id,
        code_verifier: verifier,
      }).toString(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().id_token).toBeTruthy();
  });

  it('asks a third party for consent once, remembers it, and honours a denial', async () => {
    const user = await signedInUser(t.hub);
    const first = await get({ ...base(thirdParty), scope: 'openid read:profile' }, { cookie: user.cookie });
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('Outside Co wants to access your account');
    expect(first.body).toContain('Your profile: name and email address');
    const csrf = /name="csrf" value="([^"]+)"/.exec(first.body)![1];
    const request = /name="request" value="([^"]+)"/.exec(first.body)![1].replace(/&amp;/g, '&');
    const forged = await t.client.post('/oauth/authorize/decision', {
      cookie: user.cookie,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ request, csrf: 'x', decision: 'allow' }).toString(),
    });
    expect(forged.statusCode).toBe(400);
    const deny = await t.client.post('/oauth/authorize/decision', {
      cookie: user.cookie,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ request, csrf, decision: 'deny' }).toString(),
    });
    expect(new URL(String(deny.headers.location)).searchParams.get('error')).toBe('access_denied');
    const allow = await t.client.post('/oauth/authorize/decision', {
      cookie: user.cookie,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ request, csrf, decision: 'allow' }).toString(),
    });
    expect(new URL(String(allow.headers.location)).searchParams.get('code')).toBeTruthy();
    // Remembered: the same scopes go straight through; a wider request asks again.
    expect((await get({ ...base(thirdParty), scope: 'openid read:profile' }, { cookie: user.cookie })).statusCode).toBe(
      302,
    );
    expect(
      (await get({ ...base(thirdParty), scope: 'openid read:organization' }, { cookie: user.cookie })).statusCode,
    ).toBe(200);
  });

  it('answers form_post with an auto-submitting form allowed by a nonce CSP', async () => {
    const res = await get({ ...base(platform), response_mode: 'form_post' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`action="${platform.redirect_uris[0]}"`);
    expect(res.body).toMatch(/name="code" value="[^"]+"/);
    expect(res.body).toContain('name="state" value="abc"');
    const nonce = /script-src 'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))![1];
    expect(res.body).toContain(`<script nonce="${nonce}">`);
  });

  it('carries the nonce into the ID token', async () => {
    const { code } = await authorize(t, platform, cookie, { nonce: 'nonce-xyz' });
    const body = (await exchangeCode(t, platform, code, undefined)).json();
    const payload = JSON.parse(Buffer.from(body.id_token.split('.')[1], 'base64url').toString());
    expect(payload.nonce).toBe('nonce-xyz');
  });
});
