import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { E2E } from './harness';
import { SHELL_ONLY, axeProblems, eachTab, scrollsSideways, settle, show } from './a11y';
import { ROUTES, SWEEP_MS, startAdminSweep } from './a11y-admin';
import { MODULES } from './routes-screens';

/** What each screen shows once its data is in (the seed's records, the spec's headings). */
const SHOWS: Record<string, string> = {
  '/admin': 'Total Users',
  '/admin?tab=users': 'User Management',
  '/admin?tab=security': 'Registered Applications',
  '/admin?tab=security-audit': 'Time-Limited Credential Access',
  '/admin?tab=analytics': 'Sign-ins per day',
  '/admin?tab=settings': 'Settings coming soon.',
  '/admin?tab=identity-providers': 'No identity providers yet',
  '/admin?tab=organizations': 'Organization roles',
  '/account?tab=organizations': 'Create an organization',
  '/admin?tab=integrations': 'No webhooks yet',
  '/oauth-admin': 'Builds structured role definitions',
  '/oauth-admin?tab=sessions': 'Revoke',
  '/account?tab=sessions': 'Your sessions',
};

/**
 * Signed in as a super admin: axe finds nothing serious or critical on any screen at 1440 px
 * and 375 px; nothing scrolls sideways on a phone, on any tab; wide tables adapt. The dialogs
 * are a11y-admin-dialogs.test.ts: two files, so the two halves run on two workers at once.
 */
describe('accessibility and phone layout of the administrator screens', () => {
  let e2e: E2E;
  let page: Page;
  beforeAll(async () => {
    e2e = await startAdminSweep();
    page = e2e.page;
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it.each([1440, 375])(
    'every screen at %i px, with its records',
    async (width) => {
      await page.setViewportSize({ width, height: 900 });
      const problems: string[] = [];
      for (const route of ROUTES) {
        await show(page, route);
        if (SHOWS[route]) await page.getByText(SHOWS[route], { exact: true }).first().waitFor();
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
        await show(page, route);
        tabs += await eachTab(page, async (tab) => {
          if (await scrollsSideways(page)) overflowing.push(`${route} [${tab}]`);
        });
      }
      await page.getByRole('button', { name: 'Expand sidebar' }).click();
      await page.getByRole('navigation', { name: 'Hub' }).waitFor();
      if (await scrollsSideways(page)) overflowing.push('open sidebar');
      expect(overflowing).toEqual([]);
      // The admin's 10 tabs (Organizations, then Integrations, the last), OAuth admin's 3 (Dynamic registration), the
      // modules' (System Health's fifth, Backups, for admins: issue 45).
      expect(tabs).toBe(10 + 3 + 8 * 4 + 5 + 5);
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
});
