import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { useE2E } from './harness';
import { createUser, FIXTURE_PASSWORD } from '../helpers/fixtures';
import { signInOnHub } from './hub-sign-in';
import type { PersonalDataExport } from '../../src/shared/api/privacy';

/** Where the journey's screenshots go (looked at by hand; not kept in the repository). */
const SHOTS = process.env.E2E_SCREENSHOT_DIR;

/**
 * Issue 41 in a real browser: /account → Privacy downloads the person's data and schedules the
 * erasure; signing in again during the grace period says so and keeps the account.
 */
describe('/account → Privacy in a real browser', () => {
  const e2e = useE2E();

  it('downloads my data, schedules the deletion with the typed email, and keeps the account', async () => {
    const user = await createUser(e2e.hub.hub, { email: 'leaving.person@hub.test', fullName: 'Leaving Person' });
    const page = await e2e.newPage();
    await page.goto('/auth');
    await signInOnHub(page, user.email, { password: FIXTURE_PASSWORD });
    await page.waitForURL((u) => u.pathname === '/account');
    await page.goto('/account?tab=privacy');
    await page.getByRole('heading', { level: 2, name: 'Your data' }).waitFor();

    // The export: a JSON file with the person's own profile.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download my data' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('ecosystem-hub-personal-data.json');
    const data = JSON.parse(await readFile((await download.path())!, 'utf8')) as PersonalDataExport;
    expect(data.profile).toMatchObject({ id: user.id, email: user.email, full_name: 'Leaving Person' });
    expect(data.tables.auth_sessions?.length).toBeGreaterThan(0);

    // A typed confirmation that is not the email is refused in the browser, and nothing is scheduled.
    const confirm = page.getByLabel(/To confirm, type your email address/);
    await confirm.fill('someone.else@hub.test');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await page.getByText('Type your email address exactly to confirm.').waitFor();
    expect((await e2e.hub.client.get('/api/me/deletion', { cookie: await cookieOf(page) })).json().scheduled).toBe(
      false,
    );

    await confirm.fill(user.email);
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const notice = page.getByTestId('deletion-scheduled');
    await notice.waitFor();
    await expect.poll(() => notice.textContent()).toMatch(/Your account will be deleted on .+\. Until then/);
    const status = (await e2e.hub.client.get('/api/me/deletion', { cookie: await cookieOf(page) })).json();
    expect(status.scheduled).toBe(true);
    if (SHOTS) {
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.screenshot({ path: `${SHOTS}/privacy-1440.png`, fullPage: true });
      await page.setViewportSize({ width: 375, height: 800 });
      await page.screenshot({ path: `${SHOTS}/privacy-375.png`, fullPage: true });
    }

    // Signing in again during the grace period says so on /account, with the way to keep the account.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((u) => u.pathname === '/auth');
    await signInOnHub(page, user.email, { password: FIXTURE_PASSWORD });
    await page.waitForURL((u) => u.pathname === '/account');
    const banner = page.getByTestId('deletion-scheduled');
    await banner.waitFor();
    if (SHOTS) {
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.screenshot({ path: `${SHOTS}/privacy-signed-in-1440.png` });
    }
    await banner.getByRole('button', { name: 'Keep my account' }).click();
    await banner.waitFor({ state: 'detached' });
    expect((await e2e.hub.client.get('/api/me/deletion', { cookie: await cookieOf(page) })).json().scheduled).toBe(
      false,
    );
    await page.goto('/account?tab=privacy');
    await page.getByRole('button', { name: 'Delete my account' }).waitFor();
    await page.close();
  });
});

async function cookieOf(page: import('playwright-core').Page): Promise<string> {
  const found = (await page.context().cookies()).find((c) => c.name === 'hub_session');
  return `hub_session=${found!.value}`;
}
