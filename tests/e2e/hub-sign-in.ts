import type { Page } from 'playwright-core';
import { SESSION_COOKIE } from '../../src/server/auth/sessions';
import { cookieValue } from '../helpers/cookies';
import { FIXTURE_PASSWORD } from '../helpers/fixtures';
import type { E2E } from './harness';

/**
 * Signs in on the hub's /auth page, where a relying party (or the hub itself) sends the browser:
 * waits for the page, fills the form and submits it. Where the browser lands next is the caller's
 * to wait for. `hubOrigin` pins the page to the hub when a relying party has an /auth path too.
 */
export async function signInOnHub(
  page: Page,
  email: string,
  options: { password?: string; hubOrigin?: string } = {},
): Promise<void> {
  const { password = FIXTURE_PASSWORD, hubOrigin } = options;
  await page.waitForURL((u) => u.pathname === '/auth' && (hubOrigin === undefined || u.origin === hubOrigin));
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  // Exactly "Sign In": the tab also offers "Sign in with a passkey".
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** Signs the page's browser in without the UI, with a cookie as sessionCookieFor gives it. */
export async function addSessionCookie(e2e: E2E, page: Page, cookie: string): Promise<void> {
  await page.context().addCookies([{ name: SESSION_COOKIE, value: cookieValue(cookie), url: e2e.baseUrl }]);
}
