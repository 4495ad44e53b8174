import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { startE2E, type E2E } from './harness';
import { createUser, sessionCookieFor } from '../helpers/fixtures';
import { oauthClients, platformUsers } from '../../src/server/db/schema/index';
import { expectToast, signInAs } from './admin-helpers';
import { API_KEY_CONTEXT } from '../../src/server/oauth/clients/service';
import { addSessionCookie } from './hub-sign-in';

const SHOTS = process.env.E2E_SCREENSHOTS_DIR;

describe('/admin in a real browser', () => {
  let e2e: E2E;
  let page: Page;
  let appName: string;
  beforeAll(async () => {
    e2e = await startE2E();
    page = e2e.page;
    await signInAs(e2e, page, ['user', 'platform_admin'], { email: 'pat.admin@hub.test', fullName: 'Pat Admin' });
    await createUser(e2e.hub.hub, { email: 'alice@acme.test', fullName: 'Alice Zephyr', organization: 'Acme Corp' });
    await createUser(e2e.hub.hub, { email: 'bob@globex.test', fullName: null, organization: null });
    appName = 'TalentMLS Partner';
    await e2e.hub.hub.db.insert(oauthClients).values({
      clientId: 'talentmls-partner',
      appName,
      appUrl: 'https://talentmls.example',
      apiKeyEnc: e2e.hub.hub.secrets.seal('tmls_live_key_0123456789', API_KEY_CONTEXT),
    });
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('shows real figures on the overview', async () => {
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    for (const tab of ['Overview', 'Users', 'Security', 'Security Audit', 'Analytics', 'Settings', 'Audit Log']) {
      expect(await page.getByRole('tab', { name: tab, exact: true }).count()).toBe(1);
    }
    const users = await e2e.hub.hub.db.select().from(platformUsers);
    await page.getByTestId('stat-Total Users').getByText(String(users.length), { exact: true }).waitFor();
    await page.getByTestId('stat-Registered Apps').getByText('1', { exact: true }).waitFor();
  });

  it('searches users on the server, shows the fallbacks, and edits one (including the email-taken error)', async () => {
    await page.goto('/admin?tab=users');
    await page.getByTestId('user-row').first().waitFor();
    // Fallbacks for a user with no name, no organization, never signed in.
    const bob = page.getByTestId('user-row').filter({ hasText: 'bob@globex.test' });
    await bob.getByText('Unnamed User').waitFor();
    await bob.getByText('Not specified').waitFor();
    await bob.getByText('Never').waitFor();

    await page.getByLabel('Search users').fill('ACME');
    await page.waitForURL(/q=ACME/);
    await page.getByTestId('user-count').getByText('1 user').waitFor();
    expect(await page.getByTestId('user-row').count()).toBe(1);

    await page.getByRole('button', { name: 'Edit alice@acme.test' }).click();
    await page.getByLabel('Full Name').fill('Alice Z. Quantum');
    await page.getByLabel('Department').fill('Research');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'User updated successfully');
    await page.getByTestId('user-row').getByText('Alice Z. Quantum').waitFor();

    await page.getByRole('button', { name: 'Edit alice@acme.test' }).click();
    await page.getByLabel('Email').fill('bob@globex.test');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByRole('dialog').getByText('Another user already uses this email address.').waitFor();
    await page.keyboard.press('Escape');

    await page.getByLabel('Search users').fill('no-such-person-anywhere');
    await page.getByText('No users found').waitFor();
  });

  it('changes roles: save is enabled only with unsaved changes, and the warning shows', async () => {
    await page.goto('/admin?tab=users&q=globex');
    await page.getByRole('button', { name: 'Manage roles of bob@globex.test' }).click();
    const save = page.getByRole('button', { name: 'Save Roles' });
    const warning = page.getByText('You have unsaved changes to role assignments');
    await page.getByRole('switch', { name: 'Platform Admin' }).waitFor();
    expect(await save.isDisabled()).toBe(true);
    expect(await warning.count()).toBe(0);
    await page.getByRole('switch', { name: 'Platform Admin' }).click();
    await warning.waitFor();
    expect(await save.isDisabled()).toBe(false);
    await page.getByRole('switch', { name: 'Platform Admin' }).click();
    expect(await warning.count()).toBe(0);
    expect(await save.isDisabled()).toBe(true);
    await page.getByRole('switch', { name: 'Platform Admin' }).click();
    await save.click();
    await expectToast(page, 'User roles updated successfully');
    await page.getByTestId('user-row').filter({ hasText: 'bob@globex.test' }).getByText('Platform Admin').waitFor();
  });

  it('security tab: apps with marks, last five sessions, and a justified credential request', async () => {
    await page.goto('/admin?tab=security');
    const app = page.getByTestId('registered-app').filter({ hasText: appName });
    await app.waitFor();
    expect(await app.getByLabel('API Key: present').count()).toBe(1);
    expect(await app.getByLabel('Webhook Secret: absent').count()).toBe(1);
    await page.getByTestId('recent-session').first().waitFor();
    expect(await page.getByTestId('recent-session').count()).toBeLessThanOrEqual(5);
    expect(await page.getByTestId('recent-session').first().locator('code').textContent()).toMatch(/^[0-9a-f]{16}…$/);

    await app.getByRole('button', { name: 'Request Credential Access' }).click();
    await page.getByRole('button', { name: 'Submit Request' }).click();
    await expectToast(page, 'Please provide a justification for accessing credentials');
    await page.getByLabel('Justification *').fill('Checking the partner webhook configuration');
    await page.getByRole('button', { name: 'Submit Request' }).click();
    await expectToast(page, 'Access Request Submitted');
    await page.getByTestId('credential-request').filter({ hasText: 'pending' }).first().waitFor();
  });

  it('time-limited request waits for a second admin, who approves it; then the active-access card reveals', async () => {
    await page.goto('/admin?tab=security-audit');
    await page.getByRole('button', { name: 'Request Access' }).click();
    await expectToast(page, 'Please select an app and provide justification');
    await page.getByLabel('Application').click();
    await page.getByRole('option', { name: appName }).click();
    await page.getByLabel('Time Limit (minutes)').fill('15');
    await page.getByLabel('Justification', { exact: true }).fill('   short    ');
    await page.getByRole('button', { name: 'Request Access' }).click();
    await expectToast(page, 'Please select an app and provide justification');
    await page.getByLabel('Justification', { exact: true }).fill('Rotating the partner integration after an incident');
    await page.getByRole('button', { name: 'Request Access' }).click();
    await page.getByRole('alertdialog').getByText('for 15 minutes').waitFor();
    await page.getByRole('button', { name: 'Confirm Request' }).click();
    await expectToast(page, 'Access Request Submitted');
    const own = page.getByTestId('pending-request').filter({ hasText: 'Rotating the partner integration' });
    await own.getByText('Your own request: another administrator must decide it.').waitFor();
    expect(await own.getByRole('button', { name: 'Approve' }).count()).toBe(0);

    const second = await e2e.newPage();
    await signInAs(e2e, second, ['user', 'platform_admin'], { email: 'quinn.admin@hub.test' });
    await second.goto('/admin?tab=security-audit');
    const theirs = second.getByTestId('pending-request').filter({ hasText: 'Rotating the partner integration' });
    await theirs.getByRole('button', { name: 'Approve' }).click();
    await expectToast(second, 'Request approved');

    await page.reload();
    const grant = page.getByTestId('active-grant').filter({ hasText: appName });
    await grant.waitFor();
    expect(await grant.getByLabel('Time remaining').textContent()).toMatch(/^1[45]:\d\d left$/);
    await grant.getByRole('button', { name: 'Reveal' }).click();
    expect(await page.getByTestId('revealed-credential').textContent()).toBe('tmls_live_key_0123456789');
  });

  it("grants a super admin's time-limited request at once", async () => {
    const root = await e2e.newPage();
    await signInAs(e2e, root, ['user', 'super_admin'], { email: 'root.admin@hub.test' });
    await root.goto('/admin?tab=security-audit');
    await root.getByLabel('Application').click();
    await root.getByRole('option', { name: appName }).click();
    await root.getByLabel('Justification', { exact: true }).fill('Emergency rotation of a leaked key');
    await root.getByRole('button', { name: 'Request Access' }).click();
    await root.getByRole('button', { name: 'Confirm Request' }).click();
    await expectToast(root, 'Access Granted');
    await root.getByText('Access granted for 30 minutes.').waitFor();
    await root.getByTestId('active-grant').filter({ hasText: appName }).waitFor();

    // Issue 46: an administrator is not offered their own deactivation (the server refuses it); the reason stands beside it.
    await root.goto('/admin?tab=users&q=root.admin%40hub.test');
    await root.getByRole('button', { name: 'Edit root.admin@hub.test' }).click();
    const edit = root.getByRole('dialog');
    await edit.getByText('This is your own account: you cannot deactivate it. Another administrator can.').waitFor();
    const active = edit.getByRole('switch', { name: 'Account Active' });
    expect(await active.isDisabled()).toBe(true);
    expect(await active.getAttribute('aria-describedby')).toBe('edit-active-refused');
    for (const width of [1440, 375]) {
      await root.setViewportSize({ width, height: 900 });
      if (SHOTS) await root.screenshot({ path: `${SHOTS}/admin-user-edit-self-${width}.png` });
    }
    await root.keyboard.press('Escape');
    await root.getByRole('button', { name: 'Manage roles of root.admin@hub.test' }).click();
    const roles = root.getByRole('dialog');
    await roles
      .getByText('The last active super admin keeps this role: make someone else a super admin first.')
      .waitFor();
    expect(await roles.getByRole('switch', { name: 'Super Admin' }).isDisabled()).toBe(true);
    expect(await roles.getByRole('switch', { name: 'Platform Admin' }).isDisabled()).toBe(false);
    for (const width of [1440, 375]) {
      await root.setViewportSize({ width, height: 900 });
      if (SHOTS) await root.screenshot({ path: `${SHOTS}/admin-user-roles-last-super-admin-${width}.png` });
    }
    await root.close();
  });

  it('shows real analytics charts and the audit log tab', async () => {
    await page.goto('/admin?tab=analytics');
    await page.getByTestId('chart-sign-ins').locator('svg.recharts-surface').first().waitFor();
    await page.getByTestId('chart-events').locator('svg.recharts-surface').first().waitFor();
    await page.goto('/admin?tab=settings');
    await page.getByText('Settings coming soon.').waitFor();
    // The seventh tab mounts the audit pipeline's viewer.
    await page.getByRole('tab', { name: 'Audit Log' }).click();
    await page.getByRole('tabpanel').getByText('Audit Log', { exact: true }).first().waitFor();
  });

  it('lets a user see and revoke their own sessions in the Sessions section of /account (/sessions leads there)', async () => {
    const user = await createUser(e2e.hub.hub, { email: 'own.sessions@hub.test' });
    await sessionCookieFor(e2e.hub.hub, user); // a second session elsewhere
    const mine = await e2e.newPage();
    await addSessionCookie(e2e, mine, await sessionCookieFor(e2e.hub.hub, user));
    await mine.goto('/sessions');
    await mine.waitForURL((u) => u.pathname === '/account' && u.searchParams.get('tab') === 'sessions');
    await mine.getByTestId('my-session').nth(1).waitFor();
    expect(await mine.getByTestId('my-session').count()).toBe(2);
    await mine
      .getByTestId('my-session')
      .filter({ hasNotText: 'This browser' })
      .getByRole('button', { name: 'Revoke' })
      .click();
    await expectToast(mine, 'Session revoked successfully');
    await mine.waitForFunction(() => document.querySelectorAll('[data-testid="my-session"]').length === 1);
    const live = await e2e.hub.hub.db.select().from(platformUsers).where(eq(platformUsers.id, user.id));
    expect(live[0].isActive).toBe(true);
  });
  it('shows the spec error toasts when the server refuses', async () => {
    const failing = await e2e.newPage();
    await signInAs(e2e, failing, ['user', 'platform_admin']);
    const refuse = {
      status: 403,
      contentType: 'application/json',
      body: '{"error":{"code":"forbidden","message":"no"}}',
    };
    await failing.route('**/api/admin/overview', (r) => r.fulfill(refuse));
    await failing.route('**/api/admin/users?*', (r) => r.fulfill(refuse));
    await failing.route('**/api/admin/credential-grants', (r) => r.fulfill(refuse));
    await failing.goto('/admin');
    await expectToast(failing, 'Failed to load admin data securely');
    await failing.goto('/admin?tab=users');
    await expectToast(failing, 'Failed to load users');
    await failing.goto('/admin?tab=security-audit');
    await expectToast(failing, 'Failed to load security audit data');
  });
});
