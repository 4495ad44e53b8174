import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from './harness';
import { auditRow, createUser, sessionCookieFor } from '../helpers/fixtures';
import { fitsViewport, signInAs } from './admin-helpers';

const OUT = path.resolve(import.meta.dirname, '../../screenshots');
const SCREENS = [
  ['admin-overview', '/admin', 'Total Users'],
  ['admin-users', '/admin?tab=users', 'User Management'],
  ['admin-security', '/admin?tab=security', 'Registered Applications'],
  ['admin-security-audit', '/admin?tab=security-audit', 'Time-Limited Credential Access'],
  ['admin-analytics', '/admin?tab=analytics', 'Sign-ins per day'],
  ['admin-settings', '/admin?tab=settings', 'Settings coming soon.'],
  ['oauth-admin-clients', '/oauth-admin', 'Builds structured role definitions'],
  ['oauth-admin-sessions', '/oauth-admin?tab=sessions', 'Revoke'],
  ['my-sessions', '/account?tab=sessions', 'Your sessions'],
] as const;

/** Every administration screen at 1440 px and 375 px: nothing scrolls sideways; PNGs go to screenshots/. */
describe('administration screens at desktop and phone widths', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
    mkdirSync(OUT, { recursive: true });
    await signInAs(e2e, e2e.page, ['user', 'super_admin'], {
      email: 'screens.root@hub.test',
      fullName: 'Screens Root',
    });
    for (const [email, name, org] of [
      ['alice@acme.test', 'Alice Zephyr', 'Acme Corp'],
      ['bob@globex.test', null, null],
    ] as const) {
      const u = await createUser(e2e.hub.hub, { email, fullName: name, organization: org });
      await sessionCookieFor(e2e.hub.hub, u);
    }
    // Registered through the OAuth clients API, as an administrator would.
    const created = await e2e.page.request.post(`${e2e.baseUrl}/api/admin/oauth-clients`, {
      headers: { 'x-hub-csrf': '1' },
      data: {
        app_name: 'Role Builder',
        app_description: 'Builds structured role definitions',
        app_url: 'https://roles.example',
        redirect_uris: ['https://roles.example/callback'],
        allowed_origins: ['https://roles.example'],
      },
    });
    expect(created.status()).toBe(201);
    await e2e.hub.hub.audit.recordRows([
      auditRow({ eventType: 'sign_in_success', severity: 'low' }),
      auditRow({ eventType: 'sign_in_failure', severity: 'medium' }),
    ]);
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it.each([1440, 375])('renders every screen at %i px without horizontal scrolling', async (width) => {
    const page = e2e.page;
    await page.setViewportSize({ width, height: 900 });
    const overflowing: string[] = [];
    for (const [name, url, marker] of SCREENS) {
      await page.goto(url);
      await page.getByText(marker, { exact: true }).first().waitFor();
      await page.waitForFunction(() => !document.querySelector('[data-testid="loading-state"]'));
      await page.screenshot({ path: path.join(OUT, `${name}-${width}.png`), fullPage: true });
      if (!(await fitsViewport(page))) overflowing.push(name);
    }
    expect(overflowing).toEqual([]);
  });
  it('renders the dialogs at 375 px', async () => {
    const page = e2e.page;
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/admin?tab=users');
    await page.getByRole('button', { name: 'Edit alice@acme.test' }).click();
    await page.getByRole('dialog').waitFor();
    await page.screenshot({ path: path.join(OUT, 'admin-edit-user-dialog-375.png') });
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Manage roles of alice@acme.test' }).click();
    await page.getByRole('switch', { name: 'Platform Admin' }).click();
    await page.getByText('You have unsaved changes to role assignments').waitFor();
    await page.screenshot({ path: path.join(OUT, 'admin-roles-dialog-375.png') });
    await page.keyboard.press('Escape');
    await page.goto('/oauth-admin');
    await page.getByRole('button', { name: 'Create Client' }).first().click();
    await page.getByRole('dialog').waitFor();
    await page.screenshot({ path: path.join(OUT, 'oauth-admin-create-dialog-375.png') });
    expect(await fitsViewport(page)).toBe(true);
  });
});
