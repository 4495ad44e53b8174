import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, sessionCookieFor } from '../helpers/fixtures';
import { startE2E, type E2E } from './harness';
import { GUARDED_SCREENS, MODULES, PUBLIC_SCREENS, type ScreenExpectation } from './routes-screens';
import { addSessionCookie } from './hub-sign-in';

async function expectScreen(page: Page, route: string, want: ScreenExpectation) {
  const h1 = page.getByRole('heading', { level: 1 }).first();
  await h1.waitFor();
  const text = (await h1.textContent())?.trim() ?? '';
  if (typeof want.heading === 'string') expect(text, route).toBe(want.heading);
  else expect(text, route).toMatch(want.heading);
  // The screen's own tablist (the first one on the page); dialogs are closed.
  if (want.tabs.length > 0) await page.getByRole('tab').first().waitFor();
  const tabs = await page
    .getByRole('tablist')
    .first()
    .getByRole('tab')
    .allTextContents()
    .catch(() => []);
  if (want.tabs.length > 0)
    expect(
      tabs.map((t) => t.trim()),
      route,
    ).toEqual(want.tabs);
  else expect(await page.getByRole('tablist').count(), route).toBe(0);
}

const path = (page: Page) => new URL(page.url()).pathname;

describe('every route of spec §2', () => {
  let e2e: E2E;
  let adminPage: Page;
  beforeAll(async () => {
    e2e = await startE2E();
    const admin = await createUser(e2e.hub.hub, { fullName: 'Route Admin', roles: ['user', 'super_admin'] });

    adminPage = await e2e.newPage();
    await addSessionCookie(e2e, adminPage, await sessionCookieFor(e2e.hub.hub, admin));
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('shows each public screen with its heading and tabs to a signed-out visitor', async () => {
    const { page } = e2e;
    for (const [route, want] of Object.entries(PUBLIC_SCREENS)) {
      await page.goto(route);
      await expectScreen(page, route, want);
      expect(path(page), route).toBe(route);
    }
    await page.goto('/');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain('Sign in once');
    await page.goto('/auth');
    await expectScreen(page, '/auth', { heading: 'Ecosystem Hub', tabs: ['Sign In', 'Sign Up'] });
    await page.goto('/no/such/route');
    await expectScreen(page, '404', { heading: 'Oops! Page not found', tabs: [] });
  });

  it('sends a signed-out visitor from every guarded route to /auth (the /demo twins stay open)', async () => {
    const { page } = e2e;
    for (const route of [...MODULES.map((m) => `/${m}`), '/admin', '/oauth-admin', '/auth-redirect']) {
      await page.goto(route);
      await page.waitForURL((u) => u.pathname === '/auth');
      await page.getByRole('tab', { name: 'Sign In' }).waitFor();
      expect(path(page), route).toBe('/auth');
    }
  });

  it('shows every module screen and its /demo twin to a signed-in admin', async () => {
    for (const [route, want] of Object.entries(GUARDED_SCREENS)) {
      if (!MODULES.includes(route.slice(1))) continue;
      await adminPage.goto(route);
      await expectScreen(adminPage, route, want);
      expect(path(adminPage), route).toBe(route);
      // The guarded shell names the signed-in user; its sidebar links the guarded routes.
      expect(await adminPage.getByTestId('sidebar-user').textContent()).toContain('Route Admin');
      expect(
        await adminPage
          .getByRole('navigation', { name: 'Modules' })
          .getByRole('link', { name: 'Settings' })
          .getAttribute('href'),
      ).toBe('/settings');
    }
    for (const [route, want] of Object.entries(PUBLIC_SCREENS)) {
      await adminPage.goto(route);
      await expectScreen(adminPage, route, want);
    }
  });

  it('shows the other guarded screens to a signed-in admin', async () => {
    for (const route of ['/oauth-admin', '/auth-redirect', '/admin']) {
      await adminPage.goto(route);
      await expectScreen(adminPage, route, GUARDED_SCREENS[route]);
      expect(path(adminPage), route).toBe(route);
    }
  });

  it('sends a signed-in admin onward from /auth', async () => {
    await adminPage.goto('/auth');
    await adminPage.waitForURL((u) => u.pathname !== '/auth');
    expect(path(adminPage)).toBe('/admin');
  });
});
