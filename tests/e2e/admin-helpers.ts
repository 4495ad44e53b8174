import type { Page } from 'playwright-core';
import type { E2E } from './harness';
import { addSessionCookie } from './hub-sign-in';
import { createUser, sessionCookieFor } from '../helpers/fixtures';
import type { PlatformRole } from '../../src/shared/roles';

/** Signs a new user in on a page's browser context without the UI; returns the user. */
export async function signInAs(
  e2e: E2E,
  page: Page,
  roles: PlatformRole[],
  extra: Parameters<typeof createUser>[1] = {},
) {
  const user = await createUser(e2e.hub.hub, { ...extra, roles });
  await addSessionCookie(e2e, page, await sessionCookieFor(e2e.hub.hub, user));
  return user;
}

/** Waits for a sonner toast holding this exact text. */
export async function expectToast(page: Page, text: string) {
  await page.locator('[data-sonner-toast]').getByText(text, { exact: true }).first().waitFor();
}
