import { describe, expect, it } from 'vitest';
import { useE2E } from './harness';
import { signInAs } from './admin-helpers';
import { createUser } from '../helpers/fixtures';

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
  });
});
