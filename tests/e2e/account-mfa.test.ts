import type { CDPSession, Page } from 'playwright-core';
import { generate } from 'otplib';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useE2E } from './harness';
import { expectToast, signInAs } from './admin-helpers';
import { createUser, FIXTURE_PASSWORD, FIXTURE_TOTP_SECRET } from '../helpers/fixtures';
import { authSessions } from '../../src/server/db/schema/index';
import { signInOnHub } from './hub-sign-in';

/**
 * Chromium's virtual authenticator (CDP WebAuthn domain): a platform authenticator with
 * discoverable credentials and user verification, as a phone's or laptop's passkey would be.
 */
async function addVirtualAuthenticator(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return cdp;
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL((u) => u.pathname === '/auth');
  await page.getByRole('tab', { name: 'Sign In' }).waitFor();
}

/**
 * Issue 13's second factors in a real browser: passkeys with Chromium's virtual authenticator
 * (the hub browsed at http://localhost, since WebAuthn needs a domain), administrators sent to
 * enrolment, and the step-up dialog before a role change.
 */
describe('passkeys, administrator MFA and step-up in a real browser', () => {
  const e2e = useE2E({ publicHost: 'localhost' });

  it('an administrator without a second factor is taken to enrolment, adds a passkey, then signs in with it alone', async () => {
    const page = await e2e.newPage();
    await addVirtualAuthenticator(page);
    const admin = await signInAs(e2e, page, ['user', 'platform_admin'], { email: 'new.admin@hub.test', mfa: false });

    await page.goto('/admin');
    await page.waitForURL((u) => u.pathname === '/account' && u.searchParams.get('tab') === 'security');
    const required = page.getByTestId('mfa-required');
    await required.getByText('Administrators need a second factor.').waitFor();
    expect(await page.locator('[data-sonner-toast][data-type="error"]').count()).toBe(0);

    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await page.getByTestId('passkey').first().waitFor();
    await required.waitFor({ state: 'detached' });
    await page.getByRole('navigation', { name: 'Hub' }).getByRole('link', { name: 'Admin', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor();
    await page.getByText('Total Users').waitFor();

    // Signed out, the passkey alone signs in: no email typed, no password.
    await signOut(page);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.waitForURL((u) => u.pathname === '/admin');
    await page.getByTestId('signed-in-as').filter({ hasText: admin.email }).waitFor();
    await page.close();
  });

  it('a user registers a passkey, signs out, and signs in with it: alone, or as the second step after the password', async () => {
    const page = await e2e.newPage();
    await addVirtualAuthenticator(page);
    const user = await signInAs(e2e, page, ['user'], { email: 'pass.key@hub.test' });
    await page.goto('/account?tab=security');
    await page.getByText('No passkeys yet').waitFor();
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await expectToast(page, 'Passkey added');
    expect(await page.getByTestId('passkey').count()).toBe(1);

    await signOut(page);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.waitForURL((u) => u.pathname === '/account');
    await page.getByTestId('signed-in-as').filter({ hasText: user.email }).waitFor();

    // With a passkey on the account, the password alone is no longer enough.
    await signOut(page);
    await signInOnHub(page, user.email);
    await page.getByRole('heading', { name: 'Two-step verification' }).waitFor();
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await page.waitForURL((u) => u.pathname === '/account');

    // Removing it 11 minutes later asks to confirm with the passkey first, then removes it.
    await e2e.hub.hub.db
      .update(authSessions)
      .set({ authTime: new Date(Date.now() - 11 * 60_000) })
      .where(eq(authSessions.userId, user.id));
    await page.goto('/account?tab=security');
    await page.getByRole('button', { name: 'Remove Passkey 1' }).click();
    const stepUp = page.getByRole('dialog', { name: 'Confirm it’s you' });
    await stepUp.getByRole('button', { name: 'Use a passkey' }).click();
    await expectToast(page, 'Passkey removed');
    await page.getByText('No passkeys yet').waitFor();
    await stepUp.waitFor({ state: 'detached' });
    await page.close();
  });

  it('changing roles after more than 10 minutes asks again in a dialog, then saves without a second click', async () => {
    const page = await e2e.newPage();
    const admin = await signInAs(e2e, page, ['user', 'super_admin'], { email: 'step.up@hub.test' });
    const target = await createUser(e2e.hub.hub, { email: 'promote.me@hub.test' });
    // The sign-in was 11 minutes ago.
    await e2e.hub.hub.db
      .update(authSessions)
      .set({ authTime: new Date(Date.now() - 11 * 60_000) })
      .where(eq(authSessions.userId, admin.id));

    await page.goto('/admin?tab=users');
    await page.getByRole('button', { name: `Manage roles of ${target.email}` }).click();
    await page.getByRole('switch', { name: 'Platform Admin' }).click();
    await page.getByRole('button', { name: 'Save Roles' }).click();

    const stepUp = page.getByRole('dialog', { name: 'Confirm it’s you' });
    await stepUp.waitFor();
    await stepUp.getByLabel('Password').fill(FIXTURE_PASSWORD);
    await stepUp.getByLabel('Authentication code').fill(await generate({ secret: FIXTURE_TOTP_SECRET }));
    await stepUp.getByRole('button', { name: 'Confirm' }).click();
    await expectToast(page, 'User roles updated successfully');
    await stepUp.waitFor({ state: 'detached' });
    const row = page.getByTestId('user-row').filter({ hasText: target.email });
    await row.getByText('Platform Admin').waitFor();
    await page.close();
  });
});
