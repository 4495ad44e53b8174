import { beforeAll, describe, expect, it } from 'vitest';
import { useE2E } from './harness';
import { axeProblems, calmMotion, eachTab, focused, scrollsSideways, settle, show } from './a11y';
import { MODULES } from './routes-screens';

/** Every public route of spec §2, as a signed-out visitor sees it (plus the setup panel and a 404). */
const ROUTES = [
  '/',
  '/?setup=true',
  '/auth',
  // The link screen of issue 27 as a visitor without a waiting identity sees it (expired).
  '/auth?link=acme',
  '/forgot-password',
  '/reset-password?token=sample-token',
  '/account/confirm-email',
  // Issue 29: the invitation mail's link, signed out (sign in or sign up, then back).
  '/invitations/accept?token=sample-token',
  '/demo',
  '/demo/admin',
  ...MODULES.map((m) => `/demo/${m}`),
  '/final-todo',
  '/no-such-page',
];
/** A watchdog, not a clock the test waits on: a sweep visits dozens of screens and a loaded CI machine is slow. */
const SWEEP_MS = 600_000;

/**
 * Signed out: axe (WCAG 2.2 AA, best practices) finds nothing serious or critical on any public
 * route, tab or dialog at 1440 px and 375 px, and nothing scrolls sideways on a phone. One hub,
 * one browser, one page for the whole file.
 */
describe('accessibility and phone layout, signed out', () => {
  const e2e = useE2E();
  beforeAll(async () => {
    await calmMotion(e2e.page);
  });

  /** Each screen's <title>, collected by the sweep at 1440 px. */
  const titles = new Map<string, string>();
  /** Screens with tabs: every tab panel is scanned at 1440 px (at 375 px demo.test.ts checks each tab fits). */
  const hasTabs = (route: string) => (route.startsWith('/demo/') && route !== '/demo/admin') || route === '/final-todo';

  it.each([1440, 375])(
    'every public route at %i px (at 1440 px every tab of the demo screens and the checklist too)',
    async (width) => {
      const { page } = e2e;
      await page.setViewportSize({ width, height: 900 });
      const problems: string[] = [];
      let tabs = 0;
      for (const route of ROUTES) {
        await show(page, route);
        problems.push(...(await axeProblems(page, `${route} @${width}`)));
        if (await scrollsSideways(page)) problems.push(`${route} @${width}: scrolls sideways`);
        if (width !== 1440) continue;
        titles.set(route, await page.title());
        // /demo/admin is /demo/fulfils' screen: its tabs are scanned there.
        if (hasTabs(route))
          tabs += await eachTab(page, async (tab) => {
            if (tab === (await page.getByRole('tab').first().textContent())) return; // scanned with the page
            problems.push(...(await axeProblems(page, `${route} [${tab}] @${width}`, '[role="tabpanel"]')));
          });
      }
      expect(problems).toEqual([]);
      // Nine modules with 4 tabs, Settings with 5, the checklist 2.
      if (width === 1440) expect(tabs).toBe(9 * 4 + 5 + 2);
    },
    SWEEP_MS,
  );

  it(
    'the dialogs: New Mining Job on each of its tabs, and the setup confirmation; focus returns to the opener',
    async () => {
      const { page } = e2e;
      const problems: string[] = [];
      for (const width of [1440, 375]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto('/demo/data-mining');
        await settle(page);
        const open = page.getByRole('button', { name: 'New Mining Job' });
        await open.click();
        const dialog = page.getByRole('dialog');
        await dialog.waitFor();
        for (const tab of ['Basic Info', 'Data Source', 'Algorithm', 'Schedule']) {
          await dialog.getByRole('tab', { name: tab }).click();
          await dialog.getByRole('tab', { name: tab, selected: true }).waitFor();
          problems.push(...(await axeProblems(page, `New Mining Job [${tab}] @${width}`)));
          if (await scrollsSideways(page)) problems.push(`New Mining Job [${tab}] @${width}: scrolls sideways`);
        }
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });
        // Radix moves focus back after the dialog unmounts: wait for it, never read it at once.
        await expect.poll(() => focused(page)).toBe('BUTTON New Mining Job');

        await page.goto('/?setup=true');
        await settle(page);
        await page.getByLabel('Setup key').fill('not-the-key');
        const wipe = page.getByRole('button', { name: 'Delete all users' });
        await wipe.click();
        const confirm = page.getByRole('alertdialog');
        await confirm.waitFor();
        problems.push(...(await axeProblems(page, `Delete all users? @${width}`)));
        await confirm.getByRole('button', { name: 'Cancel' }).click();
        await confirm.waitFor({ state: 'detached' });
        await expect.poll(() => focused(page)).toBe('BUTTON Delete all users');
      }
      expect(problems).toEqual([]);
    },
    SWEEP_MS,
  );

  it('the scanner itself: reports a control planted without a name, and only inside the part it is told to scan', async () => {
    const { page } = e2e;
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/');
    await settle(page);
    expect(await axeProblems(page, 'clean')).toEqual([]);
    await page.evaluate(() => {
      const planted = document.createElement('button');
      planted.id = 'planted';
      document.querySelector('main')!.append(planted);
    });
    const found = await axeProblems(page, 'planted');
    expect(found).toEqual([expect.stringMatching(/^planted: button-name \(critical\) #planted — /)]);
    expect(await axeProblems(page, 'header only', 'header')).toEqual([]);
  });

  it('gives every screen a title of its own', async () => {
    const { page } = e2e;
    expect(titles.size).toBe(ROUTES.length);
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await page.waitForFunction(() => document.title === 'Sign Up · Ecosystem Hub');
    for (const title of titles.values()) expect(title).toMatch(/(^| · )Ecosystem Hub$/);
    expect(titles.get('/demo/role-builder')).toBe('Role Builder · Demo · Ecosystem Hub');
    expect(titles.get('/auth')).toBe('Sign In · Ecosystem Hub');
    expect(titles.get('/no-such-page')).toBe('Page not found · Ecosystem Hub');
    // /demo/admin is the core marketplace screen itself (spec §2), so it shares /demo/fulfils' title.
    titles.delete('/demo/admin');
    expect(new Set(titles.values()).size).toBe(titles.size);
  });
});
