import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLocalJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestHub, TEST_DATABASES, type TestHub } from '../../helpers/test-hub';
import { createUser, FIXTURE_PASSWORD, sessionCookieFor } from '../../helpers/fixtures';
import type { PlatformUser } from '../../../src/server/db/schema/index';
import { auditLogs } from '../../../src/server/db/schema/index';
import { basic, exchangeCode, form, FORM, registerClient, type RegisteredClient } from './oauth-helpers';
import { cookieFrom } from '../../helpers/cookies';

/**
 * OpenID Connect Core 1.0, RP-Initiated Logout 1.0, Back-Channel Logout 1.0, RFC 6749 §6,
 * RFC 8707, RFC 9068 and RFC 9207 as the hub answers them (issue 12, issue 11 findings 10).
 */
describe.each(TEST_DATABASES)('OpenID Connect conformance [%s]', (kind) => {
  let t: TestHub;
  let platform: RegisteredClient;
  let third: RegisteredClient;
  let user: PlatformUser;
  let cookie: string;
  let logoutServer: Server;
  const logoutTokens: string[] = [];

  beforeAll(async () => {
    t = await createTestHub(kind, { config: { outboundAllowPrivate: true } });
    logoutServer = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        logoutTokens.push(new URLSearchParams(body).get('logout_token') ?? '');
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((r) => logoutServer.listen(0, '127.0.0.1', r));
    const port = (logoutServer.address() as AddressInfo).port;
    platform = await registerClient(t, { backchannel_logout_uri: `http://127.0.0.1:${port}/backchannel` });
    third = await registerClient(t, {
      app_name: 'Outside Co',
      app_type: 'third_party',
      app_url: 'https://outside.example.test',
      redirect_uris: ['https://outside.example.test/cb'],
    });
    user = await createUser(t.hub);
    cookie = await sessionCookieFor(t.hub, user);
  });
  afterAll(async () => {
    await t.close();
    await new Promise((r) => logoutServer.close(r));
  });

  const base = (c: RegisteredClient, extra: Record<string, string> = {}) => ({
    response_type: 'code',
    client_id: c.client_id,
    redirect_uri: c.redirect_uris[0],
    scope: 'openid',
    state: 'st',
    nonce: 'nn',
    ...extra,
  });
  const get = (params: Record<string, string>, c = cookie) =>
    t.client.get(`/oauth/authorize?${new URLSearchParams(params)}`, { headers: c ? { cookie: c } : {} });
  const location = (res: { headers: Record<string, unknown> }) => new URL(String(res.headers.location), 'http://hub');
  const codeOf = (res: { headers: Record<string, unknown> }) => location(res).searchParams.get('code');
  const tokensFor = async (c: RegisteredClient, params: Record<string, string>, ck = cookie) => {
    const res = await get(base(c, params), ck);
    const code = codeOf(res);
    if (!code) throw new Error(`no code: ${res.statusCode} ${String(res.headers.location)}`);
    return (await exchangeCode(t, c, code, undefined)).json();
  };
  const signIn = async (previous?: string) => {
    const res = await t.client
      .asBrowser(previous)
      .post('/api/auth/sign-in', { body: { email: user.email, password: FIXTURE_PASSWORD } });
    expect(res.statusCode).toBe(200);
    return cookieFrom(res)!;
  };

  it('answers POST /oauth/authorize with a form body exactly as GET (OIDC Core §3.1.2.1)', async () => {
    const res = await t.client.post('/oauth/authorize', {
      cookie,
      headers: { origin: 'https://rb.example.test' },
      form: base(platform),
    });
    expect(res.statusCode).toBe(302);
    const loc = location(res);
    expect(loc.origin + loc.pathname).toBe(platform.redirect_uris[0]);
    expect(loc.searchParams.get('state')).toBe('st');
    expect(loc.searchParams.get('iss')).toBe(t.hub.config.publicUrl);
    const tokens = (await exchangeCode(t, platform, loc.searchParams.get('code')!, undefined)).json();
    expect(decodeJwt(tokens.id_token).nonce).toBe('nn');
    // No session cookie (a POST from another site never carries the Lax cookie): the same request
    // as a GET, on which a browser sends it; signed out, that GET takes the sign-in detour.
    const out = await t.client.post('/oauth/authorize', { form: base(platform, { prompt: 'none' }) });
    expect(out.statusCode).toBe(303);
    expect(location(out).pathname).toBe('/oauth/authorize');
    expect(Object.fromEntries(location(out).searchParams)).toEqual(base(platform, { prompt: 'none' }));
    const resent = location(out).pathname + location(out).search;
    expect(codeOf(await t.client.get(resent, { cookie }))).toBeTruthy();
    expect(location(await t.client.get(resent)).searchParams.get('error')).toBe('login_required');
    // A repeated parameter is refused.
    const twice = await t.client.post('/oauth/authorize', {
      cookie,
      headers: FORM,
      body: `${form(base(platform))}&state=again`,
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.body).toContain('state was given more than once');
  });

  it('refuses a state over 2048 characters with invalid_request instead of cutting it', async () => {
    const res = await get(base(platform, { state: 'x'.repeat(2049) }));
    const loc = location(res);
    expect(loc.searchParams.get('error')).toBe('invalid_request');
    expect(loc.searchParams.get('error_description')).toContain('state');
    expect(loc.searchParams.get('state')).toBeNull();
    expect(codeOf(await get(base(platform, { state: 'x'.repeat(2048) })))).toBeTruthy();
  });

  it('issues a refresh token only for offline_access granted; ignores unknown scopes, names unregistered ones', async () => {
    const online = await tokensFor(platform, { scope: 'openid profile' });
    expect(online.refresh_token).toBeUndefined();
    const offline = await tokensFor(platform, { scope: 'openid profile offline_access some:unknown' });
    expect(offline.refresh_token).toMatch(/^hubrt_/);
    expect(offline.scope).toBe('openid profile offline_access');
    const narrow = await registerClient(t, {
      scopes: ['openid', 'profile'],
      redirect_uris: ['https://n.example.test/cb'],
    });
    const refused = location(await get(base(narrow, { scope: 'openid offline_access' })));
    expect(refused.searchParams.get('error')).toBe('invalid_scope');
    expect(refused.searchParams.get('error_description')).toContain('offline_access');
    const disc = (await t.client.get('/.well-known/openid-configuration')).json();
    expect(disc.scopes_supported).toContain('offline_access');
  });

  it('asks a third party for consent to offline_access even when the other scopes were consented', async () => {
    const first = await get(base(third, { scope: 'openid profile' }));
    expect(first.statusCode).toBe(200);
    const decide = async (page: string) => {
      const request = /name="request" value="([^"]*)"/.exec(page)![1].replace(/&amp;/g, '&');
      const csrf = /name="csrf" value="([^"]*)"/.exec(page)![1];
      return t.client.post('/oauth/authorize/decision', { cookie, form: { request, csrf, decision: 'allow' } });
    };
    expect(codeOf(await decide(first.body))).toBeTruthy();
    expect(codeOf(await get(base(third, { scope: 'openid profile' })))).toBeTruthy();
    const offline = await get(base(third, { scope: 'openid profile offline_access' }));
    expect(offline.statusCode).toBe(200);
    expect(offline.body).toContain('offline access');
    // prompt=none cannot show it: consent_required with state and iss.
    const none = location(await get(base(third, { scope: 'openid offline_access', prompt: 'none' })));
    expect(none.searchParams.get('error')).toBe('consent_required');
    expect(none.searchParams.get('state')).toBe('st');
    expect(none.searchParams.get('iss')).toBe(t.hub.config.publicUrl);
    const code = codeOf(await decide(offline.body));
    const tokens = (await exchangeCode(t, third, code!, undefined)).json();
    expect(tokens.refresh_token).toMatch(/^hubrt_/);
  });

  it('handles prompt none, login, consent, select_account and their combinations', async () => {
    const none = location(await get(base(platform, { prompt: 'none' }), ''));
    expect(none.searchParams.get('error')).toBe('login_required');
    expect(none.searchParams.get('state')).toBe('st');
    expect(none.searchParams.get('iss')).toBe(t.hub.config.publicUrl);
    expect(location(await get(base(platform, { prompt: 'none login' }))).searchParams.get('error')).toBe(
      'invalid_request',
    );
    expect(location(await get(base(platform, { prompt: 'sideways' }))).searchParams.get('error')).toBe(
      'invalid_request',
    );
    expect(codeOf(await get(base(platform, { prompt: 'none' })))).toBeTruthy();
    // consent: shown even to a platform client, and for a remembered third party.
    const consent = await get(base(platform, { prompt: 'consent' }));
    expect(consent.statusCode).toBe(200);
    expect(consent.body).toContain('wants to access your account');
    // select_account: who is signed in, with "Use another account".
    const chooser = await get(base(platform, { prompt: 'select_account consent' }));
    expect(chooser.body).toContain(`Continue as ${user.email}`);
    expect(chooser.body).toContain('Use another account');
  });

  it('re-authenticates for prompt=login and max_age; auth_time is the last real sign-in, amr says pwd', async () => {
    const signedIn = await signIn();
    const first = await tokensFor(platform, {}, signedIn);
    const firstAuth = decodeJwt(first.id_token).auth_time!;
    expect(decodeJwt(first.id_token).amr).toEqual(['pwd']);
    t.clock.advanceMinutes(10);
    // Using the session does not move auth_time.
    expect(decodeJwt((await tokensFor(platform, {}, signedIn)).id_token).auth_time).toBe(firstAuth);
    // max_age=300 after 10 minutes, and max_age=0 always: back to /auth, with the form shown.
    for (const maxAge of ['300', '0']) {
      const again = location(await get(base(platform, { max_age: maxAge }), signedIn));
      expect(again.pathname).toBe('/auth');
      expect(again.searchParams.get('reauth')).toBe('1');
    }
    expect(
      location(await get(base(platform, { max_age: '300', prompt: 'none' }), signedIn)).searchParams.get('error'),
    ).toBe('login_required');
    // A fresh sign-in, then the very request goes on and auth_time is the new sign-in.
    const detour = location(await get(base(platform, { prompt: 'login', max_age: '0' }), signedIn));
    const back = detour.searchParams.get('return_to')!;
    t.clock.advanceMinutes(1);
    const fresh = await signIn(signedIn);
    const done = await t.client.get(back, { cookie: fresh });
    const code = codeOf(done);
    expect(code).toBeTruthy();
    const id = decodeJwt((await exchangeCode(t, platform, code!, undefined)).json().id_token);
    expect(id.auth_time).toBe(Math.floor(t.clock.now().getTime() / 1000));
    expect(id.auth_time).toBeGreaterThan(firstAuth as number);
    // The marker cannot be forged or moved to another request.
    const forged = back.replace(/hub_reauth=(\d+)\./, 'hub_reauth=1.');
    expect(location(await t.client.get(forged, { cookie: fresh })).pathname).toBe('/auth');
  });

  it('narrows the scope on refresh (RFC 6749 §6) and never widens it', async () => {
    const tokens = await tokensFor(platform, { scope: 'openid profile email offline_access' });
    const refresh = (payload: Record<string, string>) =>
      t.client.post('/oauth/token', {
        headers: { authorization: basic(platform) },
        form: { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, ...payload },
      });
    const narrowed = (await refresh({ scope: 'profile' })).json();
    expect(narrowed.scope).toBe('profile');
    expect(decodeJwt(narrowed.access_token).scope).toBe('profile');
    expect(narrowed.id_token).toBeUndefined();
    // The new refresh token keeps the whole grant; asking for more than it is refused.
    const wide = await t.client.post('/oauth/token', {
      headers: { authorization: basic(platform) },
      form: {
        grant_type: 'refresh_token',
        refresh_token: narrowed.refresh_token,
        scope: 'openid read:organization',
      },
    });
    expect(wide.json().error).toBe('invalid_scope');
  });

  it('keeps access and ID tokens apart (RFC 9068, RFC 8707) and refuses tokens of a deactivated client', async () => {
    const tokens = await tokensFor(platform, { scope: 'openid profile' });
    expect(decodeProtectedHeader(tokens.access_token).typ).toBe('at+jwt');
    expect(decodeProtectedHeader(tokens.id_token).typ).toBe('JWT');
    expect(decodeJwt(tokens.access_token).aud).toBe(`${t.hub.config.publicUrl}/oauth/userinfo`);
    expect(decodeJwt(tokens.id_token).aud).toBe(platform.client_id);
    const userinfo = (token: string) =>
      t.client.get('/oauth/userinfo', { headers: { authorization: `Bearer ${token}` } });
    expect((await userinfo(tokens.access_token)).statusCode).toBe(200);
    // An ID token is not an access token…
    expect((await userinfo(tokens.id_token)).statusCode).toBe(401);
    // …and an access token is not an id_token_hint.
    const hint = await t.client.get(
      `/oauth/end-session?${new URLSearchParams({ id_token_hint: tokens.access_token })}`,
      { cookie },
    );
    expect(hint.statusCode).toBe(400);
    // RFC 8707: a registered API as resource is the access token's audience; userinfo refuses it.
    const api = await tokensFor(platform, { resource: third.redirect_uris[0].replace('/cb', '') });
    expect(decodeJwt(api.access_token).aud).toBe('https://outside.example.test');
    expect((await userinfo(api.access_token)).statusCode).toBe(401);
    const unknown = location(await get(base(platform, { resource: 'https://nobody.example.test' })));
    expect(unknown.searchParams.get('error')).toBe('invalid_target');
    // A deactivated client's tokens stop at userinfo and introspection.
    const victim = await registerClient(t, { app_name: 'Going away', redirect_uris: ['https://gone.example.test/cb'] });
    const vt = await tokensFor(victim, { scope: 'openid profile' });
    expect((await userinfo(vt.access_token)).statusCode).toBe(200);
    const admin = await createUser(t.hub, { roles: ['super_admin'] });
    const patch = await t.client
      .asBrowser(await sessionCookieFor(t.hub, admin))
      .patch(`/api/admin/oauth-clients/${victim.id}`, { body: { is_active: false } });
    expect(patch.statusCode).toBe(200);
    const after = await userinfo(vt.access_token);
    expect(after.statusCode).toBe(401);
    expect(after.json().error).toBe('invalid_token');
  });

  it('ends the session only for an id_token_hint of this session; POST from the RP works; state comes back', async () => {
    const mine = await signIn();
    const other = await sessionCookieFor(t.hub, user);
    const tokens = await tokensFor(platform, {}, other);
    const params = {
      id_token_hint: tokens.id_token,
      post_logout_redirect_uri: 'https://rb.example.test/bye',
      state: 'bye',
    };
    // Another session's ID token: the user is asked, not signed out.
    const ask = await t.client.post('/oauth/end-session', {
      cookie: mine,
      headers: { origin: 'https://rb.example.test' },
      form: params,
    });
    expect(ask.statusCode, ask.body.slice(0, 600)).toBe(200);
    expect(ask.body).toContain('Sign out of Ecosystem Hub?');
    expect((await t.client.get('/api/auth/session', { cookie: mine })).json().user).not.toBeNull();
    // This session's own ID token, posted from the RP's site: signed out at once, back with state.
    logoutTokens.length = 0;
    const own = await t.client.post('/oauth/end-session', {
      cookie: other,
      headers: { origin: 'https://rb.example.test' },
      form: params,
    });
    expect(own.statusCode).toBe(302);
    const loc = location(own);
    expect(loc.origin + loc.pathname).toBe('https://rb.example.test/bye');
    expect(loc.searchParams.get('state')).toBe('bye');
    expect((await t.client.get('/api/auth/session', { cookie: other })).json().user).toBeNull();
    // Exact match only.
    const near = await t.client.get(
      `/oauth/end-session?${new URLSearchParams({ ...params, post_logout_redirect_uri: 'https://rb.example.test/bye/' })}`,
    );
    expect(near.statusCode).toBe(400);

    // Back-Channel Logout §2.4: one logout token for the client the session signed into.
    expect(logoutTokens).toHaveLength(1);
    const jwks = createLocalJWKSet((await t.client.get('/oauth/jwks')).json());
    const { payload, protectedHeader } = await jwtVerify(logoutTokens[0], jwks, {
      issuer: t.hub.config.publicUrl,
      audience: platform.client_id,
      typ: 'logout+jwt',
      currentDate: t.clock.now(),
    });
    expect(protectedHeader.alg).toMatch(/^(ES256|RS256)$/);
    expect(payload.sub).toBe(user.id);
    expect(payload.sid).toBe(decodeJwt(tokens.id_token).sid);
    expect(typeof payload.jti).toBe('string');
    expect(typeof payload.iat).toBe('number');
    expect(payload.events).toEqual({ 'http://schemas.openid.net/event/backchannel-logout': {} });
    expect(payload.nonce).toBeUndefined();
    const rows = await t.hub.db.select({ type: auditLogs.eventType }).from(auditLogs);
    expect(rows.map((r) => r.type)).toContain('oauth_backchannel_logout');
  });

  it('sends a POST from another site, which has no session cookie, on as the same GET (303); the GET signs out', async () => {
    const params = { post_logout_redirect_uri: 'https://rb.example.test/bye', state: 'bye' };
    // Posted from another site, the form comes without the session cookie (SameSite=Lax): the hub
    // sends it on as the same GET (303), which the browser makes with the cookie, and signs out then.
    const session = await sessionCookieFor(t.hub, user);
    const hint = (await tokensFor(platform, {}, session)).id_token;
    logoutTokens.length = 0;
    const crossSite = await t.client.post('/oauth/end-session', {
      headers: { origin: 'https://rb.example.test', 'sec-fetch-site': 'cross-site' },
      form: { ...params, id_token_hint: hint },
    });
    expect(crossSite.statusCode).toBe(303);
    expect(crossSite.headers['set-cookie']).toBeUndefined();
    expect(location(crossSite).pathname).toBe('/oauth/end-session');
    expect(Object.fromEntries(location(crossSite).searchParams)).toEqual({ ...params, id_token_hint: hint });
    expect((await t.client.get('/api/auth/session', { cookie: session })).json().user).not.toBeNull();
    const followed = await t.client.get(String(crossSite.headers.location), { cookie: session });
    expect(followed.statusCode).toBe(302);
    expect(location(followed).searchParams.get('state')).toBe('bye');
    expect((await t.client.get('/api/auth/session', { cookie: session })).json().user).toBeNull();
    expect(logoutTokens).toHaveLength(1);
    const [token] = logoutTokens.splice(0);
    expect(decodeJwt(token).sid).toBe(decodeJwt(hint).sid);
  });

  it('sends a logout token when an admin revokes the session and when the user is deactivated', async () => {
    const admin = await createUser(t.hub, { roles: ['super_admin'] });
    const adminCookie = await sessionCookieFor(t.hub, admin);
    const victim = await createUser(t.hub);
    const session = await sessionCookieFor(t.hub, victim);
    const id = decodeJwt((await tokensFor(platform, {}, session)).id_token);
    logoutTokens.length = 0;
    const revoke = await t.client.asBrowser(adminCookie).post(`/api/admin/auth-sessions/${id.sid}/revoke`);
    expect(revoke.statusCode).toBe(200);
    expect(logoutTokens.map((tk) => decodeJwt(tk).sid)).toEqual([id.sid]);
    const second = decodeJwt((await tokensFor(platform, {}, await sessionCookieFor(t.hub, victim))).id_token);
    logoutTokens.length = 0;
    const deactivate = await t.client
      .asBrowser(adminCookie)
      .patch(`/api/admin/users/${victim.id}`, { body: { is_active: false } });
    expect(deactivate.statusCode).toBe(200);
    expect(logoutTokens.map((tk) => decodeJwt(tk).sid)).toContain(second.sid);
  });

  it('tells the truth in discovery and answers RFC-shaped errors under /oauth/*', async () => {
    const disc = (await t.client.get('/.well-known/openid-configuration')).json();
    expect(disc).toMatchObject({
      prompt_values_supported: ['none', 'login', 'consent', 'select_account'],
      request_parameter_supported: true, // RFC 9101 signed request objects (tests/server/oauth/fapi-jar.test.ts)
      end_session_endpoint: `${t.hub.config.publicUrl}/oauth/end-session`,
      backchannel_logout_supported: true,
      backchannel_logout_session_supported: true,
      authorization_response_iss_parameter_supported: true,
      code_challenge_methods_supported: ['S256'],
    });
    expect(disc.claims_supported).toEqual(expect.arrayContaining(['sub', 'auth_time', 'amr', 'sid', 'email']));
    const missing = await t.client.get('/oauth/nope');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: 'invalid_request' });
    const badBody = await t.client.post('/oauth/token', {
      headers: { 'content-type': 'application/json' },
      body: 'null',
    });
    expect(badBody.statusCode).toBeLessThan(500);
    expect(badBody.json().error).toEqual(expect.any(String));
  });
});
