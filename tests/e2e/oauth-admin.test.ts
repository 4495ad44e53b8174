import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startE2E, type E2E } from './harness';
import { createUser, sessionCookieFor } from '../helpers/fixtures';
import { expectToast, signInAs } from './admin-helpers';
import { eq } from 'drizzle-orm';
import { oauthClients } from '../../src/server/db/schema/index';

/** Where the screenshots go, to be looked at (not compared). */
const SHOTS = process.env.E2E_SCREENSHOTS_DIR;

describe('/oauth-admin in a real browser', () => {
  let e2e: E2E;
  let page: Page;
  beforeAll(async () => {
    e2e = await startE2E();
    page = e2e.page;
    await e2e.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.baseUrl });
    await signInAs(e2e, page, ['user', 'super_admin'], { email: 'oauth.root@hub.test' });
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('refuses a non-admin with the Access Denied screen', async () => {
    const plain = await e2e.newPage();
    await signInAs(e2e, plain, ['user']);
    await plain.goto('/oauth-admin');
    await plain.getByRole('heading', { name: 'Access Denied' }).waitFor();
    await plain.getByText('You need ecosystem administrator privileges to access this page.').waitFor();
  });

  it('creates a client after a bad form, copies its id, and deactivates it', async () => {
    await page.goto('/oauth-admin');
    await page.getByRole('heading', { name: 'OAuth Administration' }).waitFor();
    await page.getByText('No OAuth Clients').waitFor();
    await page.getByRole('button', { name: 'Create Client' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Create Client' }).click();
    await expectToast(page, 'Validation Error');
    await page.getByText('Please fill in all required fields').first().waitFor();
    // Issue 46: every field's words under it at once, focus on the first; the server's refusal too, in plain words.
    const fieldWords = dialog.locator('[data-slot="field-error"]');
    const focused = () => page.evaluate(() => document.activeElement?.id);
    for (const width of [375, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await dialog.getByRole('button', { name: 'Create Client' }).click();
      await expect.poll(() => fieldWords.count()).toBe(3);
      expect(await fieldWords.allTextContents()).toEqual([
        'Enter the application’s name.',
        'Enter the application’s address, such as https://app.example.com.',
        'Enter at least one redirect URI: where the hub sends people back after they sign in.',
      ]);
      await expect.poll(focused).toBe('client-name');
      expect(await dialog.getByLabel('Application Name *').isVisible()).toBe(true);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/form-create-client-empty-${width}.png` });
    }
    await dialog.getByLabel('Application Name *').fill('x'.repeat(201));
    await dialog.getByLabel('Application URL *').fill('roles.example');
    await dialog.getByLabel('Redirect URIs * (one per line)').fill('https://roles.example/callback');
    await dialog.getByRole('button', { name: 'Create Client' }).click();
    await dialog.locator('#client-url-error').getByText('Enter a full web address', { exact: false }).waitFor();
    expect(await fieldWords.allTextContents()).toEqual([
      'Use at most 200 characters.',
      'Enter a full web address, such as https://app.example.com.',
    ]);
    await expect.poll(focused).toBe('client-name');
    expect(await dialog.textContent()).not.toMatch(/app_url|app_name|redirect_uris/);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/form-create-client-server-${page.viewportSize()?.width}.png` });
    await dialog.getByLabel('Application Name *').fill('Role Builder');

    await dialog.getByLabel('Application Name *').fill('Role Builder');
    await dialog.getByLabel('Description').fill('Builds structured role definitions');
    await dialog.getByLabel('Application URL *').fill('https://roles.example');
    await dialog
      .getByLabel('Redirect URIs * (one per line)')
      .fill('https://roles.example/callback\n\nroles.example/cb#frag');
    await dialog.getByRole('button', { name: 'Create Client' }).click();
    await dialog.locator('#client-redirects-error').getByText('roles.example/cb#frag', { exact: false }).waitFor();

    await dialog
      .getByLabel('Redirect URIs * (one per line)')
      .fill('https://roles.example/callback\n\n\nhttps://roles.example/alt\n');
    await dialog.getByLabel('Allowed Origins (one per line)').fill('\nhttps://roles.example\n');
    await dialog.getByLabel('Back-channel Logout URI').fill('https://roles.example/backchannel-logout');
    await dialog.getByRole('button', { name: 'Create Client' }).click();
    await expectToast(page, 'OAuth client created successfully');
    const clientId = (await dialog.getByTestId('new-client-id').textContent())!;
    const secret = (await dialog.getByTestId('new-client-secret').textContent())!;
    expect(clientId.length).toBeGreaterThan(8);
    expect(secret.length).toBeGreaterThan(20);
    await dialog.getByRole('button', { name: 'Done' }).click();

    const card = page.getByTestId('oauth-client-card').filter({ hasText: 'Role Builder' });
    await card.waitFor();
    await card.getByText('Builds structured role definitions').waitFor();
    await card.getByText(`${secret.slice(0, 20)}...`, { exact: true }).waitFor();
    expect(await card.getByText(secret, { exact: true }).count()).toBe(0);
    for (const text of [
      'https://roles.example/callback',
      'https://roles.example/alt',
      'read:profile',
      'read:organization',
      'https://roles.example/backchannel-logout',
    ]) {
      await card.getByText(text, { exact: true }).first().waitFor();
    }
    expect(await card.locator('li').count()).toBe(3); // two redirect URIs + one origin: blank lines dropped

    await card.getByRole('button', { name: 'Copy Client ID' }).click();
    await expectToast(page, 'Copied');
    await page.getByText('Client ID copied to clipboard').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(clientId);
    await card.getByRole('button', { name: 'Client ID copied' }).waitFor();
    await card.getByRole('button', { name: 'Copy Client ID' }).waitFor();

    await card.getByRole('button', { name: 'Copy Client Secret' }).click();
    await page.getByText('Client Secret copied to clipboard').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);

    await card.getByRole('button', { name: 'Deactivate' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Apply the change' }).click();
    await expectToast(page, 'Client deactivated successfully');
    await card.getByText('Inactive', { exact: true }).waitFor();
    await card.getByRole('button', { name: 'Activate' }).click();
    await expectToast(page, 'Client activated successfully');
  });

  it('issue 46: rotates a client secret from its card; the new one authenticates, the old one only until its grace ends', async () => {
    await page.goto('/oauth-admin');
    const card = page.getByTestId('oauth-client-card').filter({ hasText: 'Role Builder' });
    await card.waitFor();
    await card.getByRole('button', { name: 'Copy Client Secret' }).click();
    await page.getByText('Client Secret copied to clipboard').waitFor();
    const old = await page.evaluate(() => navigator.clipboard.readText());
    const clientId = (await card.getByTestId('client-id').textContent())!;
    await card.getByRole('button', { name: 'Rotate', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Rotate the secret of Role Builder' });
    await dialog.getByText('24 hours').waitFor();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/client-rotate-1440.png` });
    await page.setViewportSize({ width: 375, height: 900 });
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/client-rotate-375.png` });
    await page.setViewportSize({ width: 1280, height: 900 });
    await dialog.getByRole('button', { name: 'Rotate secret' }).click();
    const fresh = (await dialog.getByTestId('rotated-client-secret').textContent())!;
    expect(fresh.length).toBeGreaterThan(20);
    expect(fresh).not.toBe(old);
    await dialog.getByText(/The old secret keeps working until/).waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await card.getByTestId('previous-secret').waitFor();

    // RFC 7662 introspection authenticates the client: 200 with the right secret, 401 otherwise.
    const introspect = (secret: string) =>
      page.request.post('/oauth/introspect', {
        headers: { authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}` },
        form: { token: 'not-a-token' },
      });
    expect((await introspect(fresh)).status()).toBe(200);
    expect((await introspect(old)).status()).toBe(200);
    // The grace ends (its end moved to the past, as time would): the old secret is refused, the new one is not.
    await e2e.hub.hub.db
      .update(oauthClients)
      .set({ previousSecretExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(oauthClients.clientId, clientId));
    // Told to every node as an administrator's change is (the client cache reads the row again).
    await e2e.hub.hub.revocations.publish({ kind: 'client', clientId });
    await expect.poll(async () => (await introspect(old)).status()).toBe(401);
    expect((await introspect(fresh)).status()).toBe(200);
    // No GET answer holds either secret.
    const listed = await (await page.request.get('/api/admin/oauth-clients')).text();
    expect(listed).not.toContain(fresh);
    expect(listed).not.toContain(old);
  });

  it('lists active sessions with browser, device, IP and revokes one', async () => {
    const victim = await createUser(e2e.hub.hub, { email: 'victim@hub.test' });
    await sessionCookieFor(e2e.hub.hub, victim);
    await page.goto('/oauth-admin?tab=sessions');
    const card = page.getByTestId('auth-session-card').filter({ hasText: 'victim@hub.test' });
    await card.waitFor();
    await card.getByText('Unknown Browser').waitFor(); // user agent "vitest"
    await card.getByText('IP: 127.0.0.1').waitFor();
    await card.getByText('Last accessed: Just now').waitFor();
    await card.getByRole('button', { name: 'Revoke' }).click();
    await expectToast(page, 'Session revoked successfully');
    await page.waitForFunction(
      () =>
        ![...document.querySelectorAll('[data-testid="auth-session-card"]')].some((c) =>
          c.textContent?.includes('victim@hub.test'),
        ),
    );
  });
  it('shows the spec error toasts when the server refuses', async () => {
    const failing = await e2e.newPage();
    await signInAs(e2e, failing, ['user', 'super_admin']);
    const refuse = {
      status: 403,
      contentType: 'application/json',
      body: '{"error":{"code":"forbidden","message":"no"}}',
    };
    await failing.route('**/api/admin/oauth-clients', (r) =>
      r.request().method() === 'GET' ? r.fulfill(refuse) : r.continue(),
    );
    await failing.route('**/api/admin/auth-sessions?*', (r) => r.fulfill(refuse));
    await failing.goto('/oauth-admin');
    await expectToast(failing, 'Failed to fetch OAuth clients');
    await failing.goto('/oauth-admin?tab=sessions');
    await expectToast(failing, 'Failed to fetch authentication sessions');
  });
});
