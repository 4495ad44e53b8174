import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from './harness';
import { axeProblems, calmMotion, eachTab, focused, scrollsSideways, settle } from './a11y';
import { MODULES } from './routes-screens';

/** Every public route of spec §2, as a signed-out visitor sees it (plus the setup panel and a 404). */
const ROUTES = [
  '/',
  '/?setup=true',
  '/auth',
  '/demo',
  '/demo/admin',
  ...MODULES.map((m) => `/demo/${m}`),
  '/final-todo',
  '/no-such-page',
];
const SWEEP_MS = 240_000;

/**
 * Signed out: axe (WCAG 2.2 AA, best practices) finds nothing serious or critical on any public
 * route, tab or dialog at 1440 px and 375 px, and nothing scrolls sideways on a phone. One hub,
 * one browser, one page for the whole file.
 */
describe('accessibility and phone layout, signed out', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
    await calmMotion(e2e.page);
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it.each([1440, 375])(
    'every public route at %i px',
    async (width) => {
      const { page } = e2e;
      await page.setViewportSize({ width, height: 900 });
      const problems: string[] = [];
      for (const route of ROUTES) {
        await page.goto(route);
        await settle(page);
        problems.push(...(await axeProblems(page, `${route} @${width}`)));
        if (await scrollsSideways(page)) problems.push(`${route} @${width}: scrolls sideways`);
      }
      expect(problems).toEqual([]);
    },
    SWEEP_MS,
  );

  it(
    'every tab of the demo screens and the checklist (axe at 1440 px, no sideways scroll at 375 px)',
    async () => {
      const { page } = e2e;
      const problems: string[] = [];
      let tabs = 0;
      for (const width of [1440, 375]) {
        await page.setViewportSize({ width, height: 900 });
        // /demo/admin is /demo/fulfils' screen: its tabs are scanned there.
        for (const route of ROUTES.filter(
          (r) => (r.startsWith('/demo/') && r !== '/demo/admin') || r === '/final-todo',
        )) {
          await page.goto(route);
          await settle(page);
          tabs += await eachTab(page, async (tab) => {
            const where = `${route} [${tab}] @${width}`;
            if (width === 1440) problems.push(...(await axeProblems(page, where, '[role="tabpanel"]')));
            else if (await scrollsSideways(page)) problems.push(`${where}: scrolls sideways`);
          });
        }
      }
      expect(problems).toEqual([]);
      // Per width: nine modules with 4 tabs, Settings with 5, the checklist 2.
      expect(tabs).toBe(2 * (9 * 4 + 5 + 2));
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
        expect(await focused(page)).toBe('BUTTON New Mining Job');

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
        expect(await focused(page)).toBe('BUTTON Delete all users');
      }
      expect(problems).toEqual([]);
    },
    SWEEP_MS,
  );

  it('gives every screen a title of its own', async () => {
    const { page } = e2e;
    const titles = new Map<string, string>();
    for (const route of ROUTES) {
      await page.goto(route);
      await settle(page);
      titles.set(route, await page.title());
    }
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
