import type { Page } from 'playwright-core';
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { useE2E } from './harness';
import { signInAs } from './admin-helpers';
import { createUser, FIXTURE_PASSWORD } from '../helpers/fixtures';
import { devOutbox } from '../../src/server/auth/mailer';
import { signInOnHub } from './hub-sign-in';

const NEW_PASSWORD = 'Quartz-Meadow-2718!';

/** Every /api answer of 400 or more the page receives from now on (an error toast has one behind it). */
function failedApiCalls(page: Page): string[] {
  const failed: string[] = [];
  page.on('response', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/') && r.status() >= 400) failed.push(`${r.status()} ${url.pathname}`);
  });
  return failed;
}

/** The link of the mail the hub sent to `to` (the dev outbox: this hub runs in the test's process). */
async function mailedLink(to: string, subject: string): Promise<string> {
  const find = () => devOutbox.find((m) => m.to === to && m.subject === subject)?.link;
  await expect.poll(find).toBeTruthy();
  return find()!;
}

async function signInWithPassword(page: Page, email: string, password: string) {
  await page.goto('/auth');
  await signInOnHub(page, email, { password });
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL((u) => u.pathname === '/auth');
  await page.getByRole('tab', { name: 'Sign In' }).waitFor();
}

/**
 * Issue 13's journeys of a person's own account in a real browser, on one hub: a plain user's
 * home, a forgotten password, and an authenticator app (codes computed with otplib, as a phone
 * would).
 */
describe('your own account in a real browser', () => {
  const e2e = useE2E();

  it('a plain user signs in and lands on /account: no Access Denied, no error toast, no refused request', async () => {
    const user = await createUser(e2e.hub.hub, { email: 'plain.person@hub.test', fullName: 'Plain Person' });
    const page = await e2e.newPage();
    const failed = failedApiCalls(page);
    await signInWithPassword(page, user.email, FIXTURE_PASSWORD);
    await page.waitForURL((u) => u.pathname === '/account');
    await page.getByRole('heading', { level: 1, name: 'Your Account' }).waitFor();
    // The profile is the user's own, read from GET /api/me.
    await expect.poll(() => page.getByLabel('Full name').inputValue()).toBe('Plain Person');
    await expect.poll(() => page.title()).toBe('Profile · Account · Ecosystem Hub');
    // The landing page's way in leads home too.
    await page.goto('/');
    await page.getByRole('link', { name: 'Open your account' }).click();
    await page.waitForURL((u) => u.pathname === '/account');
    await page.getByLabel('Full name').waitFor();
    expect(await page.getByText('Access Denied').count()).toBe(0);
    expect(await page.locator('[data-sonner-toast][data-type="error"]').count()).toBe(0);
    expect(failed).toEqual([]);
    await page.close();
  });

  it('forgot password: the mailed link (from the dev outbox) sets a new password, which then signs in', async () => {
    const user = await createUser(e2e.hub.hub, { email: 'forgetful@hub.test' });
    const page = await e2e.newPage();
    await page.goto('/auth');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL((u) => u.pathname === '/forgot-password');
    await expect.poll(() => page.title()).toBe('Forgot Password · Ecosystem Hub');
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();

    const link = new URL(await mailedLink(user.email, 'Reset your password'));
    expect(link.pathname).toBe('/reset-password');
    await page.goto(link.pathname + link.search);
    await page.getByRole('heading', { level: 1, name: 'Choose a new password' }).waitFor();
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.waitForURL((u) => u.pathname === '/auth');
    await page.getByText('Your password has been changed. Sign in with your new password.').waitFor();

    // The link was single-use: opened again, the server refuses and the page says so.
    await page.goto(link.pathname + link.search);
    await page.getByLabel('New password', { exact: true }).fill('Another-Password-3141!');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByTestId('form-error').waitFor();
    await page.getByRole('link', { name: 'Ask for a new link' }).waitFor();

    await signInWithPassword(page, user.email, FIXTURE_PASSWORD);
    await page.getByText(/Invalid email or password/).waitFor();
    await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/account');
    await page.close();
  });

  it('authenticator app: enrol with a code from the shown key, save the recovery codes, sign out, sign in with a code', async () => {
    const page = await e2e.newPage();
    const user = await signInAs(e2e, page, ['user'], { email: 'two.step@hub.test' });
    await page.goto('/account?tab=security');
    await page.getByRole('heading', { name: /Authenticator app/ }).waitFor();
    await expect.poll(() => page.title()).toBe('Security · Account · Ecosystem Hub');
    expect(await page.getByTestId('totp-status').textContent()).toBe('Off');
    await page.getByRole('button', { name: 'Set up authenticator app' }).click();
    // The QR code is drawn in the page (a data: image, no request to anyone).
    const qr = page.getByTestId('totp-qr');
    await qr.waitFor();
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    const secret = (await page.getByTestId('totp-secret').textContent())!.replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);

    const enrolCode = await generate({ secret });
    await page.getByLabel('Code from the app').fill(enrolCode);
    await page.getByRole('button', { name: 'Turn on' }).click();
    const codes = page.getByTestId('recovery-code');
    await page.getByTestId('recovery-codes').waitFor();
    expect(await codes.count()).toBe(10);
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await page.getByTestId('recovery-codes').waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('totp-status').textContent()).toBe('On');
    expect(await page.getByTestId('recovery-codes-left').textContent()).toBe('10 recovery codes left.');

    await signOut(page);
    await signInWithPassword(page, user.email, FIXTURE_PASSWORD);
    await page.getByRole('heading', { name: 'Two-step verification' }).waitFor();
    await expect.poll(() => page.title()).toBe('Two-Step Verification · Ecosystem Hub');
    // Still signed out: the pending sign-in is no session.
    expect(await page.getByRole('button', { name: 'Sign out' }).count()).toBe(0);
    const field = page.getByLabel('Authentication code');
    expect(await field.getAttribute('autocomplete')).toBe('one-time-code');
    await page.getByRole('button', { name: 'Use a recovery code' }).waitFor();
    // Each step is accepted once: the enrolment used this step, so the phone's next code is used.
    const next = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
    await field.fill(next);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL((u) => u.pathname === '/account');
    await page.getByTestId('signed-in-as').filter({ hasText: user.email }).waitFor();
    await page.close();
  });
});
