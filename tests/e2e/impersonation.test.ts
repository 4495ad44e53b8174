import { describe, expect, it } from 'vitest';
import { useE2E } from './harness';
import { signInAs } from './admin-helpers';
import { createUser, sessionCookieFor } from '../helpers/fixtures';
import { addSessionCookie } from './hub-sign-in';
import { devOutbox } from '../../src/server/auth/mailer';

const SHOTS = process.env.E2E_SCREENSHOTS_DIR;

/**
 * Issue 42: "View as this user" in a real browser. A support administrator starts it (the API
 * the admin screen calls), every page then shows the banner "You are viewing as … — End", and
 * End brings the administrator's own session back.
 */
describe('the impersonation banner in a real browser', () => {
  const e2e = useE2E();

  it('shows who is viewed as on every page, at 375 and 1440 px, and End returns to the administrator', async () => {
    const page = e2e.page;
    const admin = await signInAs(e2e, page, ['user', 'platform_admin', 'support'], { fullName: 'Sam Support' });
    const target = await createUser(e2e.hub.hub, { email: 'casey@hub.test', fullName: 'Casey Candidate' });
    await page.goto('/account');
    const started = await page.evaluate(async (id) => {
      const res = await fetch(`/api/admin/users/${id}/impersonation`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-hub-csrf': '1' },
        body: JSON.stringify({ justification: 'Ticket 4711: cannot find the job alert', minutes: 30 }),
      });
      return res.status;
    }, target.id);
    expect(started).toBe(200);

    await page.goto('/account');
    const banner = page.getByTestId('impersonation-banner');
    await banner.getByText(/You are viewing as Casey Candidate \(casey@hub\.test\)/).waitFor();
    await page.getByTestId('signed-in-as').getByText('casey@hub.test').waitFor();
    for (const width of [375, 1440]) {
      await page.setViewportSize({ width, height: 800 });
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/impersonation-banner-${width}.png` });
    }
    // On another page too, and it cannot be dismissed but by End.
    await page.goto('/');
    await banner.waitFor();
    await banner.getByRole('button', { name: 'End' }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/admin'));
    await expect.poll(() => banner.count()).toBe(0);
    await page.getByTestId('signed-in-as').getByText(admin.email).waitFor();

    // The person sees it in their account's activity.
    const own = await e2e.newPage();
    await addSessionCookie(e2e, own, await sessionCookieFor(e2e.hub.hub, target));
    await own.goto('/account?tab=sessions');
    await own
      .getByTestId('my-impersonations')
      .getByText(/Sam Support viewed your account as you/)
      .waitFor();
    if (SHOTS) await own.screenshot({ path: `${SHOTS}/impersonation-activity-1440.png`, fullPage: true });
  });

  it('a super admin turns on sign-in by email; a person signs in with the mailed code (375 and 1440 px)', async () => {
    const adminPage = await e2e.newPage();
    await signInAs(e2e, adminPage, ['user', 'super_admin']);
    await adminPage.goto('/admin?tab=settings');
    const card = adminPage.getByTestId('sign-in-settings');
    await card.getByRole('switch', { name: 'Sign-in by a 6-digit code sent by mail' }).click();
    await expect
      .poll(() =>
        card.getByRole('switch', { name: 'Sign-in by a 6-digit code sent by mail' }).getAttribute('aria-checked'),
      )
      .toBe('true');
    for (const width of [375, 1440]) {
      await adminPage.setViewportSize({ width, height: 900 });
      if (SHOTS) await card.screenshot({ path: `${SHOTS}/sign-in-settings-${width}.png` });
    }

    const person = await createUser(e2e.hub.hub, { email: 'dana@hub.test', fullName: 'Dana' });
    const page = await e2e.newPage();
    await page.goto('/auth');
    const panel = page.getByTestId('email-sign-in');
    await panel.getByLabel('Email for a sign-in mail').fill(person.email);
    await panel.getByRole('button', { name: 'Email me a code' }).click();
    await expect.poll(() => devOutbox.find((m) => m.to === person.email)?.code).toMatch(/^\d{6}$/);
    await panel.getByLabel('Code from the mail').fill(devOutbox.find((m) => m.to === person.email)!.code!);
    for (const width of [375, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/email-sign-in-${width}.png`, fullPage: true });
    }
    await panel.getByRole('button', { name: 'Sign in with the code' }).click();
    await page.waitForURL((u) => u.pathname === '/account');
    await page.getByTestId('signed-in-as').getByText(person.email).waitFor();
  });
});
