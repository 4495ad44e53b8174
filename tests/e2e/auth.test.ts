import { beforeAll, describe, expect, it } from 'vitest';
import { useE2E } from './harness';
import { createUser, FIXTURE_PASSWORD } from '../helpers/fixtures';
import { ensureSetupKey } from '../../src/server/setup/setup-key';

const SETUP_KEY = 'e2e-setup-key-0123456789';

describe('accounts in a real browser', () => {
  const e2e = useE2E({ config: { setupKey: SETUP_KEY } });
  beforeAll(async () => {
    await ensureSetupKey(e2e.hub.hub);
  });

  it('signs up (strength bar moves, toast shows), lands on /account, signs out, signs in again, signs out', async () => {
    const page = await e2e.newPage();
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await page.getByLabel('Full name').fill('Ada Lovelace');
    await page.getByLabel('Email').fill('ada@example.test');

    const password = page.getByLabel('Password', { exact: true });
    const label = page.getByTestId('password-strength-label');
    await password.fill('ab');
    expect(await label.textContent()).toBe('Weak');
    await password.fill('abXY');
    expect(await label.textContent()).toBe('Fair');
    await password.fill('abXY9');
    expect(await label.textContent()).toBe('Good');
    await page
      .getByText('Password should not contain')
      .count()
      .then((n) => expect(n).toBe(0));
    await password.fill('Orbit-Lantern-5820!');
    expect(await label.textContent()).toBe('Strong');
    expect(await page.getByRole('progressbar').getAttribute('data-score')).toBe('4');

    // The flow continues after 1.5 s, not at once: where the page is when the toast appears is
    // read in the page itself, by an observer that sees the toast (no clock in the test).
    let whereAtToast = '';
    await page.exposeFunction('reportWhereAtToast', (path: string) => (whereAtToast ||= path));
    await page.evaluate((text) => {
      new MutationObserver((_, observer) => {
        if (!document.body.textContent?.includes(text)) return;
        observer.disconnect();
        (window as unknown as { reportWhereAtToast(path: string): void }).reportWhereAtToast(location.pathname);
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    }, 'Account created successfully!');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('Account created successfully! Please check your email to verify your account.').waitFor();
    await expect.poll(() => whereAtToast).toBe('/auth');
    // A plain user's home is their account (issue 13), never an Access Denied page.
    await page.waitForURL(`${e2e.baseUrl}/account`);
    await page.getByTestId('signed-in-as').filter({ hasText: 'ada@example.test' }).waitFor();

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/auth(\?|$)/);
    await page.getByRole('tab', { name: 'Sign In' }).waitFor();
    expect(await page.getByRole('button', { name: 'Sign out' }).count()).toBe(0);
    // Signed out for real: the guard sends /admin back to /auth.
    await page.goto('/admin');
    await page.waitForURL(/\/auth\?next=%2Fadmin$/);

    await page.getByLabel('Email').fill('ADA@example.test');
    await page.getByLabel('Password').fill('Orbit-Lantern-5820!');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    // `next` named an admin screen this user may not open: home instead.
    await page.waitForURL(`${e2e.baseUrl}/account`);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/auth(\?|$)/);
    await page.close();
  });

  it('five failed sign-ins show the remaining attempts, then the block message', async () => {
    const user = await createUser(e2e.hub.hub, { email: 'blocked.person@example.test' });
    const page = await e2e.newPage();
    await page.goto('/auth');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill('Wrong-Password-55!');
    const alert = page.getByRole('alert').filter({ hasText: /attempts|Too many/ });
    for (const remaining of [4, 3, 2, 1]) {
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await alert.filter({ hasText: `Invalid email or password. ${remaining} attempts remaining.` }).waitFor();
    }
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await alert.filter({ hasText: 'Too many failed attempts. Please try again in 10 minutes.' }).waitFor();
    // Even the right password is refused during the block.
    await page.getByLabel('Password').fill(FIXTURE_PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await alert.filter({ hasText: /Too many failed attempts\. Please try again in (10|9) minutes\./ }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth');
    await page.close();
  });

  it('keeps app_id and redirect_url through sign-in to /auth-redirect, and sends a signed-in visitor onward at once', async () => {
    const user = await createUser(e2e.hub.hub);
    const page = await e2e.newPage();
    await page.goto('/auth?app_id=demo-app&redirect_url=https%3A%2F%2Fapp.example%2Fcb&app_name=Demo');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(FIXTURE_PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL(
      /\/auth-redirect\?app_id=demo-app&redirect_url=https%3A%2F%2Fapp\.example%2Fcb&app_name=Demo/,
    );
    await page.goto('/auth');
    await page.waitForURL(`${e2e.baseUrl}/account`);
    await page.close();
  });

  it('setup panel: asks for the key, creates the admins showing each password once, deletes all behind a confirm dialog', async () => {
    const page = await e2e.newPage();
    await page.goto('/?setup=true');
    await page.getByLabel('Setup key').fill('not-the-key-at-all');
    await page.getByRole('button', { name: /Create system administrators/ }).click();
    await page.getByText('The confirmation key is not valid.').first().waitFor();

    await page.getByLabel('Setup key').fill(SETUP_KEY);
    await page.getByRole('button', { name: /Create system administrators/ }).click();
    const results = page.getByRole('list', { name: 'Setup results' });
    await results.waitFor();
    expect(await results.getByText('created').count()).toBe(3);
    expect(await results.getByText('Password (shown once):').count()).toBe(3);

    await page.getByRole('button', { name: /Delete all users/ }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('Delete all users?').waitFor();
    await dialog.getByRole('button', { name: 'Delete everything' }).click();
    const cleared = page.getByLabel('Cleared');
    await cleared.waitFor();
    expect(await cleared.textContent()).toMatch(/platform_users\d+/);
    await page.close();
  });
});
