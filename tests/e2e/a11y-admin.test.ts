import type { Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from './harness';
import { createUser } from '../helpers/fixtures';
import { authSessions } from '../../src/server/db/schema/index';
import { signInAs } from './admin-helpers';
import { SHELL_ONLY, axeProblems, calmMotion, eachTab, focusReturnsTo, scrollsSideways, settle } from './a11y';
import { MODULES } from './routes-screens';

const ADMIN_TABS = ['users', 'security', 'security-audit', 'analytics', 'settings', 'audit-log'];
/**
 * Every screen an administrator opens: the dashboard's tabs, OAuth admin, own sessions, the
 * hand-off page, and a module screen in the signed-in shell (the module screens' content is
 * their /demo twins', which the signed-out sweep scans tab by tab; the tab test below checks
 * every module and tab fits a phone, signed in).
 */
const ROUTES = [
  '/admin',
  ...ADMIN_TABS.map((t) => `/admin?tab=${t}`),
  '/oauth-admin',
  '/oauth-admin?tab=sessions',
  '/account',
  '/account?tab=security',
  '/account?tab=sessions',
  '/account?tab=apps',
  '/auth-redirect',
  '/settings',
];
/** A watchdog, not a clock the test waits on: a sweep visits dozens of screens and a loaded CI machine is slow. */
const SWEEP_MS = 600_000;
const CSRF = { 'x-hub-csrf': '1' };

async function seed(e2e: E2E, page: Page) {
  await signInAs(e2e, page, ['user', 'super_admin'], { email: 'avery.admin@hub.test', fullName: 'Avery Admin' });
  await createUser(e2e.hub.hub, { email: 'alice@acme.test', fullName: 'Alice Zephyr', organization: 'Acme Corp' });
  await createUser(e2e.hub.hub, { email: 'bob@globex.test', fullName: null });
  // Someone with an authenticator app: a super admin may reset it.
  await createUser(e2e.hub.hub, { email: 'carol@initech.test', fullName: 'Carol Two-Step', mfa: true });
  const created = await page.request.post('/api/admin/oauth-clients', {
    headers: CSRF,
    data: {
      app_name: 'Role Builder',
      app_description: 'Builds structured role definitions',
      app_url: 'https://roles.example',
      redirect_uris: ['https://roles.example/callback'],
      allowed_origins: ['https://roles.example'],
    },
  });
  expect(created.status()).toBe(201);
  const appId = (await created.json()).client.id as string;
  // A second administrator's request waits in the approval queue.
  const other = await e2e.newPage();
  await signInAs(e2e, other, ['user', 'platform_admin'], { email: 'quinn.admin@hub.test' });
  const requested = await other.request.post('/api/admin/credential-requests', {
    headers: CSRF,
    data: {
      mode: 'time_limited',
      app_id: appId,
      credential_type: 'api_key',
      justification: 'Rotating the partner key after an incident',
      time_limit_minutes: 30,
    },
  });
  expect(requested.status()).toBeLessThan(300);
  await other.close();
  // One event reported by a browser, next to the server's own.
  const reported = await page.request.post('/api/audit/events', {
    headers: CSRF,
    data: { events: [{ event_type: 'permission_denied', severity: 'high', details: { url: '/admin' } }] },
  });
  expect(reported.status()).toBeLessThan(300);
}

/**
 * Signed in as a super admin: axe finds nothing serious or critical on any screen, tab or
 * dialog at 1440 px and 375 px; nothing scrolls sideways on a phone; wide tables adapt;
 * dialogs hand focus back; the shell links what the role may open. One hub, one browser.
 */
describe('accessibility and phone layout, signed in as an administrator', () => {
  let e2e: E2E;
  let page: Page;
  beforeAll(async () => {
    e2e = await startE2E();
    await calmMotion(e2e.page);
    page = e2e.page;
    await seed(e2e, page);
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it.each([1440, 375])(
    'every screen at %i px',
    async (width) => {
      await page.setViewportSize({ width, height: 900 });
      const problems: string[] = [];
      for (const route of ROUTES) {
        await page.goto(route);
        await settle(page);
        const isModule = MODULES.includes(route.slice(1));
        problems.push(...(await axeProblems(page, `${route} @${width}`, isModule ? SHELL_ONLY : undefined)));
        if (await scrollsSideways(page)) problems.push(`${route} @${width}: scrolls sideways`);
      }
      expect(problems).toEqual([]);
    },
    SWEEP_MS,
  );

  it(
    'nothing scrolls sideways at 375 px on any tab of any screen, nor with the sidebar open',
    async () => {
      await page.setViewportSize({ width: 375, height: 800 });
      const overflowing: string[] = [];
      let tabs = 0;
      for (const route of ['/admin', '/oauth-admin', ...MODULES.map((m) => `/${m}`)]) {
        await page.goto(route);
        await settle(page);
        tabs += await eachTab(page, async (tab) => {
          if (await scrollsSideways(page)) overflowing.push(`${route} [${tab}]`);
        });
      }
      await page.getByRole('button', { name: 'Expand sidebar' }).click();
      await page.getByRole('navigation', { name: 'Hub' }).waitFor();
      if (await scrollsSideways(page)) overflowing.push('open sidebar');
      expect(overflowing).toEqual([]);
      expect(tabs).toBe(7 + 2 + 9 * 4 + 5);
    },
    SWEEP_MS,
  );

  it('wide tables on a phone: users become cards, the audit log scrolls in its own box with a cue', async () => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/admin?tab=users');
    await settle(page);
    const row = page.getByTestId('user-row').filter({ hasText: 'alice@acme.test' });
    const box = (await row.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    // Stacked: each cell names its column, and the row is taller than one line.
    expect(await row.locator('[data-label="Organization"]').textContent()).toBe('Acme Corp');
    expect(box.height).toBeGreaterThan(100);

    await page.goto('/admin?tab=audit-log');
    await settle(page);
    await page.getByTestId('audit-row').first().waitFor();
    const scroller = page.getByRole('region', { name: 'Audit events' });
    await scroller.waitFor();
    expect(await scroller.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    expect(await page.getByTestId('scroll-cue').textContent()).toContain('Scroll sideways for more');
    expect(await scrollsSideways(page)).toBe(false);
    // The box scrolls by keyboard.
    await scroller.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => scroller.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  });

  it(
    'every dialog at both widths: no serious or critical violations, and focus returns to the control that opened it',
    async () => {
      const problems: string[] = [];
      const lostFocus: string[] = [];
      const check = async (name: string, width: number, ok: boolean) => {
        if (!ok) lostFocus.push(`${name} @${width}`);
      };
      for (const width of [1440, 375]) {
        await page.setViewportSize({ width, height: 900 });
        const scan = (name: string) => async () => {
          problems.push(...(await axeProblems(page, `${name} @${width}`)));
        };

        await page.goto('/admin?tab=users');
        await settle(page);
        await check(
          'Edit User',
          width,
          await focusReturnsTo(page, page.getByRole('button', { name: 'Edit alice@acme.test' }), scan('Edit User')),
        );
        await check(
          'Manage Roles',
          width,
          await focusReturnsTo(
            page,
            page.getByRole('button', { name: 'Manage roles of alice@acme.test' }),
            async () => {
              await page.getByRole('switch', { name: 'Platform Admin' }).click();
              await page.getByText('You have unsaved changes to role assignments').waitFor();
              await scan('Manage Roles')();
            },
          ),
        );

        await page.goto('/admin?tab=security');
        await settle(page);
        await check(
          'Request Credential Access',
          width,
          await focusReturnsTo(
            page,
            page.getByRole('button', { name: 'Request Credential Access' }).first(),
            scan('Request Credential Access'),
          ),
        );

        await page.goto('/admin?tab=security-audit');
        await settle(page);
        await page.getByLabel('Application').click();
        await page.getByRole('option', { name: 'Role Builder' }).click();
        await page.getByLabel('Justification', { exact: true }).fill('Checking the webhook configuration');
        await check(
          'Confirm Credential Access Request',
          width,
          await focusReturnsTo(
            page,
            page.getByRole('button', { name: 'Request Access' }),
            scan('Confirm Credential Access Request'),
            () => page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click(),
          ),
        );

        await page.goto('/admin?tab=audit-log');
        await settle(page);
        await check(
          'Audit event',
          width,
          await focusReturnsTo(page, page.getByTestId('audit-row').first(), scan('Audit event drawer')),
        );

        await page.goto('/oauth-admin');
        await settle(page);
        await check(
          'Create OAuth Client',
          width,
          await focusReturnsTo(page, page.getByRole('button', { name: 'Create Client' }).first(), async () => {
            await scan('Create OAuth Client')();
            const dialog = page.getByRole('dialog');
            await dialog.getByLabel('Application Name *').fill(`Partner ${width}`);
            await dialog.getByLabel('Application URL *').fill('https://partner.example');
            await dialog.getByLabel('Redirect URIs * (one per line)').fill('https://partner.example/cb');
            await dialog.getByRole('button', { name: 'Create Client' }).click();
            await dialog.getByTestId('new-client-id').waitFor();
            await scan('Client created')();
          }),
        );
      }
      expect(problems).toEqual([]);
      expect(lostFocus).toEqual([]);
    },
    SWEEP_MS,
  );

  it('the app shell links what an administrator may open, marks where they are, and shows breadcrumbs on nested screens', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/admin?tab=audit-log');
    await settle(page);
    const hub = page.getByRole('navigation', { name: 'Hub' });
    const links = await hub
      .getByRole('link')
      .evaluateAll((els) =>
        els.map((a) => [a.textContent?.trim(), a.getAttribute('href'), a.getAttribute('aria-current')]),
      );
    expect(links).toEqual([
      ['Admin', '/admin', null],
      ['OAuth Admin', '/oauth-admin', null],
      ['Audit Log', '/admin?tab=audit-log', 'page'],
      ['Account', '/account', null],
      ['Sessions', '/account?tab=sessions', null],
    ]);
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    expect((await crumbs.textContent())?.replace(/\s+/g, ' ')).toBe('AdminAudit Log');
    expect(await page.title()).toBe('Audit Log · Admin · Ecosystem Hub');
    await hub.getByRole('link', { name: 'OAuth Admin' }).click();
    await page.getByRole('heading', { level: 1, name: 'OAuth Administration' }).waitFor();
    expect(await hub.getByRole('link', { name: 'OAuth Admin' }).getAttribute('aria-current')).toBe('page');
    expect(await page.title()).toBe('OAuth Clients · OAuth Admin · Ecosystem Hub');
    await page.getByRole('navigation', { name: 'Modules' }).getByRole('link', { name: 'IP Filters' }).click();
    await page.getByRole('heading', { level: 1, name: 'IP Filters' }).waitFor();
    expect(await page.title()).toBe('IP Filters · Ecosystem Hub');
  });

  it(
    'the MFA reset confirmation and the step-up dialog at both widths; focus returns to the control that opened them',
    async () => {
      const problems: string[] = [];
      const lostFocus: string[] = [];
      // A second administrator whose sign-in was 11 minutes ago: role changes ask again.
      const stale = await e2e.newPage();
      await calmMotion(stale);
      const admin = await signInAs(e2e, stale, ['user', 'super_admin'], { email: 'stale.admin@hub.test' });
      await e2e.hub.hub.db
        .update(authSessions)
        .set({ authTime: new Date(Date.now() - 11 * 60_000) })
        .where(eq(authSessions.userId, admin.id));
      for (const width of [1440, 375]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto('/admin?tab=users');
        await settle(page);
        const back = await focusReturnsTo(
          page,
          page.getByRole('button', { name: 'Reset two-step verification of carol@initech.test' }),
          async () => {
            problems.push(...(await axeProblems(page, `Reset two-step verification @${width}`)));
          },
          () => page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click(),
        );
        if (!back) lostFocus.push(`Reset two-step verification @${width}`);

        await stale.setViewportSize({ width, height: 900 });
        await stale.goto('/admin?tab=users');
        await settle(stale);
        await stale.getByRole('button', { name: 'Manage roles of bob@globex.test' }).click();
        await stale.getByRole('switch', { name: 'Platform Admin' }).click();
        await stale.getByRole('button', { name: 'Save Roles' }).click();
        const stepUp = stale.getByRole('dialog', { name: "Confirm it's you" });
        await stepUp.waitFor();
        problems.push(...(await axeProblems(stale, `Confirm it's you @${width}`)));
        if (await scrollsSideways(stale)) problems.push(`Confirm it's you @${width}: scrolls sideways`);
        await stepUp.getByRole('button', { name: 'Cancel' }).click();
        await stepUp.waitFor({ state: 'detached' });
        await stale.keyboard.press('Escape');
        await stale.getByRole('dialog').waitFor({ state: 'detached' });
      }
      await stale.close();
      expect(problems).toEqual([]);
      expect(lostFocus).toEqual([]);
    },
    SWEEP_MS,
  );
});
