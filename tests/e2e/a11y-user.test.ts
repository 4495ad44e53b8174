import type { Page } from 'playwright-core';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from './harness';
import { createUser, FIXTURE_PASSWORD } from '../helpers/fixtures';
import { signInAs } from './admin-helpers';
import { SHELL_ONLY, axeProblems, calmMotion, focusReturnsTo, scrollsSideways, settle, show } from './a11y';
import { MODULES } from './routes-screens';

/**
 * What a signed-in user without an admin role opens: own sessions, the refusals, the hand-off
 * page, and a module screen in the user's shell (module content is the /demo twins', scanned
 * signed out; only the shell's links depend on the role).
 */
const ROUTES = [
  '/account',
  '/account?tab=security',
  '/account?tab=sessions',
  '/account?tab=apps',
  '/account?tab=organizations',
  '/admin',
  '/oauth-admin',
  '/auth-redirect',
  '/device',
  '/health',
];
/** A watchdog, not a clock the test waits on: a sweep visits dozens of screens and a loaded CI machine is slow. */
const SWEEP_MS = 600_000;

/**
 * Signed in as a plain user: axe finds nothing serious or critical at 1440 px and 375 px
 * (Access Denied screens included), the shell offers only what the role may open, and signing
 * out forgets where this user was.
 */
describe('accessibility and navigation, signed in as a plain user', () => {
  let e2e: E2E;
  let page: Page;
  beforeAll(async () => {
    e2e = await startE2E();
    page = e2e.page;
    await calmMotion(page);
    await signInAs(e2e, page, ['user'], { email: 'uma.user@hub.test', fullName: 'Uma User' });
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it.each([1440, 375])(
    'every screen a user can reach at %i px',
    async (width) => {
      await page.setViewportSize({ width, height: 900 });
      const problems: string[] = [];
      for (const route of ROUTES) {
        await show(page, route);
        const isModule = MODULES.includes(route.slice(1));
        problems.push(...(await axeProblems(page, `${route} @${width}`, isModule ? SHELL_ONLY : undefined)));
        if (await scrollsSideways(page)) problems.push(`${route} @${width}: scrolls sideways`);
      }
      expect(problems).toEqual([]);
    },
    SWEEP_MS,
  );

  it('links only what a user may open; the admin screens say Access Denied in the spec words', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/health');
    await settle(page);
    const hub = page.getByRole('navigation', { name: 'Hub' });
    expect(await hub.getByRole('link').allTextContents()).toEqual(['Account', 'Sessions', 'Connected apps']);
    expect(await page.getByRole('link', { name: /^(Admin|OAuth Admin|Audit Log)$/ }).count()).toBe(0);
    // Issue 32: the module screen opens (its route is guarded, not role-checked), but a plain
    // user's navigation does not offer the internal modules.
    await page.getByRole('heading', { level: 1, name: 'System Health' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Modules' }).count()).toBe(0);
    await page.goto('/oauth-admin');
    await page.getByRole('heading', { level: 1, name: 'Access Denied' }).waitFor();
    await page.getByText('You need ecosystem administrator privileges to access this page.').waitFor();
    expect(await page.title()).toBe('Access Denied · Ecosystem Hub');
  });

  it("signing out forgets the page: the next person to sign in lands on their own start, not the last user's", async () => {
    const next = await createUser(e2e.hub.hub, { email: 'next.person@hub.test', roles: ['user'] });
    const shared = await e2e.newPage();
    await signInAs(e2e, shared, ['user'], { email: 'first.person@hub.test' });
    await shared.goto('/settings?tab=private');
    await shared.getByRole('heading', { level: 1, name: 'Settings Admin' }).waitFor();
    await shared.getByRole('button', { name: 'Sign out' }).click();
    await shared.waitForURL((u) => u.pathname === '/auth');
    await shared.getByRole('tab', { name: 'Sign In' }).waitFor();
    expect(new URL(shared.url()).search).toBe('');

    await shared.getByLabel('Email').fill(next.email);
    await shared.getByLabel('Password').fill(FIXTURE_PASSWORD);
    await shared.getByRole('button', { name: 'Sign In', exact: true }).click();
    await shared.waitForURL((u) => u.pathname !== '/auth');
    expect(new URL(shared.url()).pathname).toBe('/account');
    await shared.close();
  });

  it(
    "the account's second-factor screens and dialogs at both widths: enrolment, recovery codes, " +
      "the password confirmations, the sign-in's MFA step",
    async () => {
      const problems: string[] = [];
      const lostFocus: string[] = [];
      const check = async (where: string) => {
        problems.push(...(await axeProblems(page, where)));
        if (await scrollsSideways(page)) problems.push(`${where}: scrolls sideways`);
      };
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto('/account?tab=security');
      await settle(page);
      await page.getByRole('button', { name: 'Set up authenticator app' }).click();
      await page.getByTestId('totp-qr').waitFor();
      for (const width of [1440, 375]) {
        await page.setViewportSize({ width, height: 900 });
        await check(`authenticator enrolment @${width}`);
      }
      const secret = (await page.getByTestId('totp-secret').textContent())!.replace(/\s+/g, '');
      await page.getByLabel('Code from the app').fill(await generate({ secret }));
      await page.getByRole('button', { name: 'Turn on' }).click();
      await page.getByTestId('recovery-codes').waitFor();
      for (const width of [1440, 375]) {
        await page.setViewportSize({ width, height: 900 });
        await check(`recovery codes @${width}`);
      }
      await page.getByRole('button', { name: 'I have saved them' }).click();
      for (const width of [1440, 375]) {
        await page.setViewportSize({ width, height: 900 });
        for (const [opener, name] of [
          ['New recovery codes', 'Get new recovery codes?'],
          ['Turn off', 'Turn off the authenticator app?'],
        ]) {
          const back = await focusReturnsTo(page, page.getByRole('button', { name: opener, exact: true }), () =>
            check(`${name} @${width}`),
          );
          if (!back) lostFocus.push(`${name} @${width}`);
        }
      }

      // The MFA step of this user's next sign-in (a fresh, signed-out browser context).
      const visitor = await e2e.newPage();
      await calmMotion(visitor);
      await visitor.goto('/auth');
      await visitor.getByLabel('Email').fill('uma.user@hub.test');
      await visitor.getByLabel('Password', { exact: true }).fill(FIXTURE_PASSWORD);
      await visitor.getByRole('button', { name: 'Sign In', exact: true }).click();
      await visitor.getByRole('heading', { name: 'Two-step verification' }).waitFor();
      for (const width of [1440, 375]) {
        await visitor.setViewportSize({ width, height: 900 });
        problems.push(...(await axeProblems(visitor, `MFA step @${width}`)));
        if (await scrollsSideways(visitor)) problems.push(`MFA step @${width}: scrolls sideways`);
      }
      await visitor.getByRole('button', { name: 'Use a recovery code' }).click();
      await visitor.getByLabel('Recovery code').waitFor();
      problems.push(...(await axeProblems(visitor, 'MFA step, recovery code @375')));
      await visitor.close();

      expect(problems).toEqual([]);
      expect(lostFocus).toEqual([]);
    },
    SWEEP_MS,
  );
});
