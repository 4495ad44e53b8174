import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Page, Request } from 'playwright-core';
import type * as OidcClientTs from 'oidc-client-ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../helpers/fixtures';
import { createClient } from '../../src/server/oauth/clients/service';
import { systemActor } from '../../src/server/actor';
import { startE2E, type E2E } from './harness';
import { signInOnHub } from './hub-sign-in';

/** What the RP page keeps of a signed-in oidc-client-ts User (plain data, to cross page.evaluate). */
interface Signed {
  sub: string;
  sid: unknown;
  scope: string | undefined;
  access_token: string;
  refresh_token: string | undefined;
  id_token: string | undefined;
  profile: Record<string, unknown>;
}

declare global {
  interface Window {
    oidc: typeof OidcClientTs;
    mgr: OidcClientTs.UserManager;
    settings: OidcClientTs.UserManagerSettings;
    snapshot(user: OidcClientTs.User | null): Signed;
  }
}

const bundle = readFileSync(
  path.join(path.dirname(createRequire(import.meta.url).resolve('oidc-client-ts')), '../browser/oidc-client-ts.min.js'),
);

/** The JSON body of a JWT, unverified (the library verified it; the test reads claims). */
const jwtBody = (jwt: string) =>
  JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString()) as Record<string, unknown>;

/**
 * The hub driven by oidc-client-ts, an independent browser library, as a public SPA client on
 * another origin (same site): discovery, PKCE, CORS, a POSTed authorization request, silent
 * renew by refresh token and by prompt=none in an iframe, userinfo, token audiences, RFC errors
 * surfaced by the library, and RP-initiated logout with state.
 */
describe('OpenID Connect with oidc-client-ts as a single-page app on another origin', () => {
  let e2e: E2E;
  let page: Page;
  let rp: Server;
  let rpUrl: string;
  let hubUrl: string;
  let clientId: string;
  let email: string;
  let userId: string;
  let meta: Record<string, string>;
  let first: Signed;
  let current: Signed;

  beforeAll(async () => {
    e2e = await startE2E();
    page = e2e.page;
    hubUrl = e2e.baseUrl;
    rp = createServer((req, res) => {
      if (req.url === '/oidc-client-ts.js')
        return res.writeHead(200, { 'content-type': 'text/javascript' }).end(bundle);
      if (req.url === '/favicon.ico') return res.writeHead(404).end();
      // Every other path is the app: /cb, /silent (the iframe's page) and /bye land here too.
      res.writeHead(200, { 'content-type': 'text/html' }).end(appPage());
    });
    await new Promise<void>((r) => rp.listen(0, '127.0.0.1', r));
    rpUrl = `http://127.0.0.1:${(rp.address() as AddressInfo).port}`;
    const user = await createUser(e2e.hub.hub, { fullName: 'Grace Spa', organization: 'Browsers Inc' });
    email = user.email;
    userId = user.id;
    const created = await createClient(
      e2e.hub.hub,
      {
        app_name: 'Single-page app',
        app_url: rpUrl,
        redirect_uris: [`${rpUrl}/cb`, `${rpUrl}/silent`],
        post_logout_redirect_uris: [`${rpUrl}/bye`],
        allowed_origins: [rpUrl],
        scopes: ['openid', 'profile', 'email', 'offline_access', 'read:organization'],
        app_type: 'third_party',
        token_endpoint_auth_method: 'none',
      },
      systemActor(),
    );
    clientId = created.client.clientId;
    meta = await (await fetch(`${hubUrl}/.well-known/openid-configuration`)).json();
  });
  afterAll(async () => {
    await e2e?.close();
    await new Promise((r) => rp?.close(r));
  });

  /** The one page of the app: the library, its settings (the issuer only: the rest is discovered). */
  function appPage() {
    const settings = {
      authority: hubUrl,
      client_id: clientId,
      redirect_uri: `${rpUrl}/cb`,
      silent_redirect_uri: `${rpUrl}/silent`,
      post_logout_redirect_uri: `${rpUrl}/bye`,
      scope: 'openid profile email offline_access read:organization',
      loadUserInfo: true,
      // Keep auth_time, amr and the like in the profile, for the test to read.
      filterProtocolClaims: false,
      automaticSilentRenew: false,
    };
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>SPA</title>
<script src="/oidc-client-ts.js"></script>
<script>
window.settings = ${JSON.stringify(settings)};
window.mgr = new oidc.UserManager(window.settings);
window.snapshot = (u) => ({ sub: u.profile.sub, sid: u.profile.sid, scope: u.scope, access_token: u.access_token,
  refresh_token: u.refresh_token, id_token: u.id_token, profile: u.profile });
if (location.pathname === '/silent') mgr.signinSilentCallback();
</script></head><body><h1>Single-page app</h1></body></html>`;
  }

  const atRp = (pathname: string) => (u: URL) => u.origin === rpUrl && u.pathname === pathname;
  const isTokenCall = (r: Request) => r.url() === meta.token_endpoint && r.method() === 'POST';

  it('configures itself from discovery; a form POST of its authorization request signs in with PKCE; CORS on token, userinfo', async () => {
    await page.goto(`${rpUrl}/`);
    const discovered = page.waitForResponse(`${hubUrl}/.well-known/openid-configuration`);
    const posted = page.waitForRequest((r) => r.url() === meta.authorization_endpoint && r.method() === 'POST');
    // The library builds the request (state, nonce, PKCE, kept in its store); the page POSTs it
    // (OIDC Core §3.1.2.1) instead of navigating. `phone` is a scope the hub does not know.
    await page.evaluate(async () => {
      const request = await new window.oidc.OidcClient(window.settings).createSigninRequest({
        request_type: 'si:r',
        scope: 'openid profile email offline_access read:organization phone',
      });
      const url = new URL(request.url);
      const form = document.createElement('form');
      form.method = 'post';
      form.action = url.origin + url.pathname;
      for (const [name, value] of url.searchParams) {
        const input = document.createElement('input');
        Object.assign(input, { type: 'hidden', name, value });
        form.append(input);
      }
      document.body.append(form);
      setTimeout(() => form.submit());
    });
    expect((await discovered).status()).toBe(200);
    const form = new URLSearchParams((await posted).postData()!);
    expect(form.get('code_challenge_method')).toBe('S256');
    expect(form.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    await signInOnHub(page, email, { hubOrigin: hubUrl });
    // A third party: the hub asks for consent (offline_access included), then returns to /cb.
    await page.getByRole('button', { name: 'Allow' }).click();
    await page.waitForURL(atRp('/cb'));
    expect(new URL(page.url()).searchParams.get('iss')).toBe(hubUrl);

    const token = page.waitForResponse((r) => isTokenCall(r.request()));
    const userinfo = page.waitForResponse((r) => r.url() === meta.userinfo_endpoint && r.request().method() === 'GET');
    first = await page.evaluate(async () => window.snapshot(await window.mgr.signinRedirectCallback()));
    current = first;

    const tokenAnswer = await token;
    const exchange = new URLSearchParams(tokenAnswer.request().postData()!);
    expect(exchange.get('code_verifier')).toMatch(/^[\w-]{43,128}$/);
    expect(exchange.has('client_secret')).toBe(false);
    expect((await tokenAnswer.request().allHeaders()).origin).toBe(rpUrl);
    expect(tokenAnswer.headers()['access-control-allow-origin']).toBe(rpUrl);
    expect((await userinfo).headers()['access-control-allow-origin']).toBe(rpUrl);

    expect(first.sub).toBe(userId);
    // Claims from the ID token (auth_time, amr, sid) and from userinfo (organization).
    expect(first.profile).toMatchObject({ email, name: 'Grace Spa', organization: 'Browsers Inc', amr: ['pwd'] });
    expect(typeof first.profile.auth_time).toBe('number');
    expect(typeof first.sid).toBe('string');
    // offline_access was asked for and consented: a refresh token; the unknown scope is ignored.
    expect(first.refresh_token).toBeTruthy();
    expect(first.scope!.split(' ').sort()).toEqual([
      'email',
      'offline_access',
      'openid',
      'profile',
      'read:organization',
    ]);

    // A site the client did not register gets no CORS grant.
    const foreign = await fetch(meta.token_endpoint, {
      method: 'OPTIONS',
      headers: { origin: 'http://127.0.0.1:9', 'access-control-request-method': 'POST' },
    });
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('renews silently with the refresh token, then with prompt=none in an iframe', async () => {
    const refresh = page.waitForRequest((r) => isTokenCall(r) && r.postData()!.includes('grant_type=refresh_token'));
    const renewed = await page.evaluate(async () => window.snapshot(await window.mgr.signinSilent()));
    await refresh;
    expect(renewed.sub).toBe(userId);
    expect(renewed.access_token).not.toBe(first.access_token);
    expect(renewed.refresh_token).toBeTruthy();
    expect(renewed.refresh_token).not.toBe(first.refresh_token);

    const framed = page.waitForRequest(
      (r) => r.url().startsWith(meta.authorization_endpoint) && r.frame() !== page.mainFrame(),
    );
    const viaIframe = await page.evaluate(async () =>
      window.snapshot(await window.mgr.signinSilent({ forceIframeAuth: true })),
    );
    expect(new URL((await framed).url()).searchParams.get('prompt')).toBe('none');
    expect(viaIframe.sub).toBe(userId);
    // The same hub session answered, without a page.
    expect(viaIframe.sid).toBe(first.sid);
    expect(viaIframe.id_token).not.toBe(first.id_token);
    current = viaIframe;
  });

  it('calls userinfo with the access token, whose audience is not the client; an ID token is refused there', async () => {
    const access = jwtBody(current.access_token);
    expect(access.aud).toBe(meta.userinfo_endpoint);
    expect(access.aud).not.toBe(clientId);
    expect(jwtBody(current.id_token!).aud).toBe(clientId);
    const answers = await page.evaluate(
      async ({ url, access, id }) => {
        const call = async (token: string) => {
          const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
          return { status: res.status, body: await res.json() };
        };
        return { access: await call(access), id: await call(id) };
      },
      { url: meta.userinfo_endpoint, access: current.access_token, id: current.id_token! },
    );
    expect(answers.access).toMatchObject({ status: 200, body: { sub: userId, email } });
    expect(answers.id).toMatchObject({ status: 401, body: { error: 'invalid_token' } });
  });

  it('revokes the refresh token over CORS; using it again is an RFC 6749 error the library surfaces', async () => {
    const revoked = page.waitForResponse(
      (r) => r.url() === meta.revocation_endpoint && r.request().method() === 'POST',
    );
    const refused = page.waitForResponse((r) => isTokenCall(r.request()));
    const surfaced = await page.evaluate(async () => {
      const { mgr } = window;
      const refreshToken = (await mgr.getUser())!.refresh_token;
      await mgr.revokeTokens(['refresh_token']);
      // The app keeps the revoked token (as a second tab would) and renews with it.
      const user = (await mgr.getUser())!;
      user.refresh_token = refreshToken;
      await mgr.storeUser(user);
      try {
        await mgr.signinSilent();
        return null;
      } catch (e) {
        const err = e as OidcClientTs.ErrorResponse;
        return { name: err.name, error: err.error };
      }
    });
    expect((await revoked).headers()['access-control-allow-origin']).toBe(rpUrl);
    const answer = await refused;
    expect(answer.status()).toBe(400);
    const body = await answer.json();
    expect(body.error).toBe('invalid_grant');
    expect(Object.keys(body).every((k) => ['error', 'error_description', 'error_uri'].includes(k))).toBe(true);
    expect(surfaced).toEqual({ name: 'ErrorResponse', error: 'invalid_grant' });
  });

  it('signs out with id_token_hint, post_logout_redirect_uri and state; prompt=none then answers login_required', async () => {
    const ended = page.waitForRequest((r) => r.url().startsWith(meta.end_session_endpoint));
    await page.evaluate(() => void window.mgr.signoutRedirect({ state: 'bye-state' }));
    const request = new URL((await ended).url());
    expect(request.searchParams.get('id_token_hint')).toBe(current.id_token);
    expect(request.searchParams.get('post_logout_redirect_uri')).toBe(`${rpUrl}/bye`);
    await page.waitForURL(atRp('/bye'));
    // The hub returned the library's state: it finds its stored request and the app's own state.
    const out = await page.evaluate(async () => (await window.mgr.signoutRedirectCallback()).userState);
    expect(out).toBe('bye-state');
    expect((await (await page.request.get(`${hubUrl}/api/auth/session`)).json()).user).toBeNull();

    const answered = page.waitForRequest((r) => r.url().startsWith(`${rpUrl}/silent?`));
    const silent = await page.evaluate(async () => {
      try {
        await window.mgr.signinSilent();
        return null;
      } catch (e) {
        return (e as OidcClientTs.ErrorResponse).error;
      }
    });
    expect(silent).toBe('login_required');
    const back = new URL((await answered).url()).searchParams;
    expect(back.get('error')).toBe('login_required');
    expect(back.get('iss')).toBe(hubUrl);
    expect(back.get('state')).toBeTruthy();
  });

  it('asks before signing out when the id_token_hint belongs to another session', async () => {
    // A new sign-in (GET this time): a new hub session; consent is remembered.
    await page.evaluate(() => void window.mgr.signinRedirect());
    await signInOnHub(page, email, { hubOrigin: hubUrl });
    await page.waitForURL(atRp('/cb'));
    const again = await page.evaluate(async () => window.snapshot(await window.mgr.signinRedirectCallback()));
    expect(again.sid).not.toBe(first.sid);

    await page.evaluate(
      (hint) => void window.mgr.signoutRedirect({ id_token_hint: hint, state: 'other' }),
      first.id_token!,
    );
    await page.getByRole('heading', { name: 'Sign out of Ecosystem Hub?' }).waitFor();
    expect(new URL(page.url()).origin).toBe(hubUrl);
    expect((await (await page.request.get(`${hubUrl}/api/auth/session`)).json()).user?.id).toBe(userId);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(atRp('/bye'));
    expect(await page.evaluate(async () => (await window.mgr.signoutRedirectCallback()).userState)).toBe('other');
    expect((await (await page.request.get(`${hubUrl}/api/auth/session`)).json()).user).toBeNull();
  });
});
