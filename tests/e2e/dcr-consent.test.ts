import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useE2E } from './harness';
import { addSessionCookie } from './hub-sign-in';
import { expectToast, signInAs } from './admin-helpers';
import { sessionCookieFor, createUser } from '../helpers/fixtures';
import { freePort } from '../helpers/test-hub';
import { pkcePair } from '../server/oauth/oauth-helpers';

const SHOTS = process.env.E2E_SCREENSHOTS_DIR;

/**
 * Issue 40: the consent page of a client that registered itself tells the truth — not reviewed by
 * the hub's administrators, its host, where the answer goes, its software_id — and remembers the
 * consent only for openid profile email; the app then appears under /account → Connected apps.
 */
describe('consent for a dynamically registered client', () => {
  const e2e = useE2E({ config: { dcr: 'open' } });
  let app: Server;
  let callback: string;
  let clientId: string;

  beforeAll(async () => {
    const port = await freePort();
    callback = `http://127.0.0.1:${port}/callback`;
    app = createServer((_req, res) => res.end('signed in'));
    await new Promise<void>((r) => app.listen(port, '127.0.0.1', r));
    const res = await fetch(`${e2e.baseUrl}/oauth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        client_name: 'Agent Desktop',
        client_uri: 'https://agent.example',
        // Registered without a port: the loopback redirect matches on any port (RFC 8252 §7.3).
        redirect_uris: ['http://127.0.0.1/callback'],
        token_endpoint_auth_method: 'none',
        scope: 'openid profile email read:profile',
        software_id: 'com.agent.desktop',
      }),
    });
    expect(res.status).toBe(201);
    clientId = ((await res.json()) as { client_id: string }).client_id;
  });
  afterAll(async () => {
    await new Promise((r) => app?.close(r));
  });

  const authorizeUrl = (scope: string) =>
    `/oauth/authorize?${new URLSearchParams({
      response_type: 'code',
      client_id: clientId,
      redirect_uri: callback,
      scope,
      state: 'st',
      code_challenge: pkcePair().challenge,
      code_challenge_method: 'S256',
    })}`;

  it('says it was not reviewed, names its host, redirect host and software_id, and remembers only openid profile email', async () => {
    const user = await createUser(e2e.hub.hub, { fullName: 'Casey Candidate' });
    const page = e2e.page;
    await addSessionCookie(e2e, page, await sessionCookieFor(e2e.hub.hub, user));
    await page.goto(authorizeUrl('openid profile read:profile'));
    await expect(
      page.getByRole('heading', { name: 'Agent Desktop wants to access your account' }).isVisible(),
    ).resolves.toBe(true);
    const notice = page.getByRole('note');
    await expect(notice.innerText()).resolves.toContain('Not reviewed by this hub\u2019s administrators.');
    const text = await notice.innerText();
    expect(text).toMatch(/Its website\s+agent\.example/);
    expect(text).toMatch(/Sends you back to\s+127\.0\.0\.1 \(an app on this computer\)/);
    expect(text).toMatch(/Software ID\s+com\.agent\.desktop/);
    expect(text).toContain('You will be asked again next time for: Your profile: name and email address.');
    await expect(page.getByRole('checkbox').count()).resolves.toBe(0);
    for (const width of [375, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `${SHOTS ?? '/tmp'}/dcr-consent-${width}.png`, fullPage: true });
    }

    await page.getByRole('button', { name: 'Allow' }).click();
    await page.waitForURL((u) => u.href.startsWith(`${callback}?`) && !!u.searchParams.get('code'));

    // openid profile is remembered: straight back with a code. read:profile is asked again.
    await page.goto(authorizeUrl('openid profile'));
    await page.waitForURL((u) => u.href.startsWith(`${callback}?`) && !!u.searchParams.get('code'));
    await page.goto(authorizeUrl('openid read:profile'));
    await expect(page.getByRole('note').innerText()).resolves.toContain('Not reviewed');

    // Like any app, it is listed under Connected apps, where the person can revoke it.
    await page.goto('/account?tab=apps');
    await page.getByText('Agent Desktop').first().waitFor();
  });

  it('lists it apart on the OAuth administration screen, where an administrator approves it', async () => {
    const page = await e2e.newPage();
    await signInAs(e2e, page, ['user', 'super_admin'], { email: 'dcr.admin@hub.test' });
    await page.goto('/oauth-admin?tab=dynamic');
    await page.getByRole('heading', { name: 'Dynamic registration policy' }).waitFor();
    // The console's Select, as in every other form: its options in a list of their own.
    const mode = page.getByRole('combobox', { name: 'Who may register' });
    await expect(mode.textContent()).resolves.toBe('Open: anyone may register');
    await mode.click();
    await page.getByRole('option', { name: 'With an initial access token an administrator issued' }).waitFor();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/dcr-admin-mode-open.png` });
    await page.keyboard.press('Escape');
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    const card = page.getByTestId('dynamic-client-card').filter({ hasText: 'Agent Desktop' });
    await card.getByText('Not reviewed').waitFor();
    await card.getByText('com.agent.desktop').waitFor();
    for (const width of [375, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `${SHOTS ?? '/tmp'}/dcr-admin-${width}.png`, fullPage: true });
    }
    await card.getByRole('button', { name: 'Approve as first-party' }).click();
    await expectToast(page, 'Client approved');
    await card.getByText('Approved', { exact: true }).waitFor();

    await page.getByLabel('For whom').fill('Agent vendor');
    await page.getByRole('button', { name: 'Issue token' }).click();
    await expect(page.getByTestId('initial-access-token').innerText()).resolves.toMatch(/^hubiat_/);
  });
});
