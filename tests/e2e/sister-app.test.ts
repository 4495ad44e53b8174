import type { Server } from 'node:http';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSisterApp } from '../../examples/sister-app/app';
import { systemActor } from '../../src/server/actor';
import { signLogoutToken } from '../../src/server/oauth/backchannel';
import { createClient } from '../../src/server/oauth/clients/service';
import { issuerOf, signJwt } from '../../src/server/oauth/jwt';
import { createUser } from '../helpers/fixtures';
import { freePort } from '../helpers/test-hub';
import { startE2E, type E2E } from './harness';
import { signInOnHub } from './hub-sign-in';

/**
 * examples/sister-app — the relying party a platform team copies — against a real hub, in
 * Chromium: sign-in on /auth, claims and userinfo, refresh, back-channel logout when the user
 * signs out at the hub, front-channel (RP-initiated) logout, and the hub's hand-off POST
 * validated by introspection. The app lives on http://localhost and the hub on
 * http://127.0.0.1: two sites, as in production, so SameSite=Lax is exercised for real.
 */
describe('the sister-app example on a real hub', () => {
  let e2e: E2E;
  let app: Server;
  let appUrl: string;
  let clientId: string;
  let email: string;
  let userId: string;

  beforeAll(async () => {
    e2e = await startE2E({ config: { outboundAllowPrivate: true } });
    const port = await freePort();
    appUrl = `http://localhost:${port}`;
    const user = await createUser(e2e.hub.hub, { fullName: 'Sam Sister', organization: 'Role Builder' });
    email = user.email;
    userId = user.id;
    // Registered as README "Connect a sister platform" says.
    const created = await createClient(
      e2e.hub.hub,
      {
        app_name: 'Sister App',
        app_url: appUrl,
        redirect_uris: [`${appUrl}/callback`, `${appUrl}/handoff`],
        post_logout_redirect_uris: [`${appUrl}/signed-out`],
        backchannel_logout_uri: `${appUrl}/backchannel-logout`,
        scopes: ['openid', 'profile', 'email', 'offline_access'],
        app_type: 'platform',
      },
      systemActor(),
    );
    clientId = created.client.clientId;
    const sister = createSisterApp({
      hubUrl: e2e.baseUrl,
      clientId,
      clientSecret: created.clientSecret!,
      appUrl,
    });
    app = await new Promise<Server>((resolve) => {
      const s = sister.listen(port, '127.0.0.1', () => resolve(s));
    });
  });
  afterAll(async () => {
    await e2e?.close();
    await new Promise((r) => app?.close(r));
  });

  /** Signs in on the hub's /auth page (where `start` leads) and waits to be back on the app at `landing`. */
  async function signInVia(page: Page, start: string, landing = '/') {
    await page.goto(start);
    await signInOnHub(page, email);
    await page.waitForURL((u) => u.origin === appUrl && u.pathname === landing);
  }

  /** The value cell of `claim` in the table labelled `table`. */
  function claim(page: Page, table: string, name: string) {
    return page
      .getByRole('table', { name: table })
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name, exact: true }) })
      .getByRole('cell');
  }

  async function postLogoutToken(token: string): Promise<number> {
    const res = await fetch(`${appUrl}/backchannel-logout`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ logout_token: token }),
    });
    await res.body?.cancel();
    return res.status;
  }

  it('signs in with code + PKCE, shows ID token claims and userinfo, and Refresh brings a new expiry', async () => {
    const { page } = e2e;
    await signInVia(page, `${appUrl}/login`);
    await page.getByRole('heading', { name: 'Signed in as Sam Sister' }).waitFor();
    expect(await claim(page, 'ID token claims', 'iss').textContent()).toBe(e2e.baseUrl);
    expect(await claim(page, 'ID token claims', 'aud').textContent()).toBe(clientId);
    expect(await claim(page, 'ID token claims', 'sub').textContent()).toBe(userId);
    expect(await claim(page, 'ID token claims', 'nonce').count()).toBe(1);
    expect(await claim(page, 'Userinfo', 'email').textContent()).toBe(email);
    expect(await claim(page, 'Userinfo', 'name').textContent()).toBe('Sam Sister');
    const cookie = (await page.context().cookies(appUrl)).find((c) => c.name === 'sister_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });

    const expiry = page.locator('#access-token-expiry time');
    const before = Date.parse((await expiry.getAttribute('datetime'))!);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.getByText('refreshed 1 time.').waitFor();
    expect(Date.parse((await expiry.getAttribute('datetime'))!)).toBeGreaterThan(before);
    // The refreshed access token fetched the userinfo shown again.
    expect(await claim(page, 'Userinfo', 'sub').textContent()).toBe(userId);
  });

  it('refuses forged and replayed logout tokens, and ends the session when the user signs out at the hub', async () => {
    const { page } = e2e;
    const hub = e2e.hub.hub;
    const sid = (await claim(page, 'ID token claims', 'sid').textContent())!;
    // Signed by the hub and naming this session, but typed as an ID token (with a nonce): refused.
    const now = Math.floor(Date.now() / 1000);
    const idShaped = await signJwt(hub, 'JWT', {
      iss: issuerOf(hub),
      aud: clientId,
      sub: userId,
      sid,
      iat: now,
      exp: now + 60,
      jti: 'not-a-logout-token',
      nonce: 'n',
      events: { 'http://schemas.openid.net/event/backchannel-logout': {} },
    });
    expect(await postLogoutToken(idShaped)).toBe(400);
    // A real logout token for another hub session: accepted once, then refused as a replay.
    const other = await signLogoutToken(hub, { clientId, sub: userId, sid: 'another-hub-session' });
    expect(await postLogoutToken(other)).toBe(200);
    expect(await postLogoutToken(other)).toBe(400);
    await page.reload();
    await page.getByRole('heading', { name: 'Signed in as Sam Sister' }).waitFor();

    await page.goto(`${e2e.baseUrl}/`);
    const signedOut = page.waitForResponse((r) => r.url().endsWith('/api/auth/sign-out') && r.ok());
    await page.getByRole('button', { name: 'Sign out' }).click();
    await signedOut;
    await page.goto(appUrl);
    await page.getByText('You are not signed in.').waitFor();
  });

  it('signs out front-channel: RP-initiated logout at the hub returns to the app, signed out of both', async () => {
    const { page } = e2e;
    await signInVia(page, `${appUrl}/login`);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((u) => u.origin === appUrl && u.pathname === '/signed-out');
    await page.getByText('You are signed out.').waitFor();
    const session = await (await page.request.get(`${e2e.baseUrl}/api/auth/session`)).json();
    expect(session.user).toBeNull();
    await page.goto(appUrl);
    await page.getByText('You are not signed in.').waitFor();
  });

  it("accepts the hub's hand-off POST once the hub confirms the session token, and refuses a forged one", async () => {
    const { page } = e2e;
    const query = new URLSearchParams({ app_id: clientId, redirect_url: `${appUrl}/handoff`, app_name: 'Sister App' });
    await signInVia(page, `${e2e.baseUrl}/auth-redirect?${query}`);
    await page.getByText('Through the hub’s cross-platform hand-off.').waitFor();
    expect(await claim(page, 'Hand-off introspection', 'sub').textContent()).toBe(userId);
    expect(await claim(page, 'Hand-off introspection', 'active').textContent()).toBe('true');
    expect(await claim(page, 'Hand-off introspection', 'client_id').textContent()).toBe(clientId);

    const forged = await page.request.post(`${appUrl}/handoff`, {
      form: { session_token: 'forged-token', user_id: userId, timestamp: String(Date.now()) },
      maxRedirects: 0,
    });
    expect(forged.status()).toBe(401);
    expect(await forged.text()).toContain('The hub did not confirm this session token.');
  });
});
