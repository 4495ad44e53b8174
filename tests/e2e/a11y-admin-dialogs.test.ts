import type { Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { E2E } from './harness';
import { authSessions } from '../../src/server/db/schema/index';
import { signInAs } from './admin-helpers';
import { axeProblems, calmMotion, focusReturnsTo, scrollsSideways, settle, show } from './a11y';
import { SWEEP_MS, startAdminSweep } from './a11y-admin';

/**
 * Signed in as a super admin: every dialog at 1440 px and 375 px has nothing serious or
 * critical for axe and hands focus back to its opener; the shell links what the role may open.
 */
describe('accessibility of the administrator dialogs and shell', () => {
  let e2e: E2E;
  let page: Page;
  beforeAll(async () => {
    e2e = await startAdminSweep();
    page = e2e.page;
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it(
    'every dialog at both widths: no serious or critical violations, nothing scrolls sideways, ' +
      'and focus returns to the control that opened it',
    async () => {
      const problems: string[] = [];
      const lostFocus: string[] = [];
      const check = async (name: string, width: number, ok: boolean) => {
        if (!ok) lostFocus.push(`${name} @${width}`);
      };
      for (const width of [1440, 375]) {
        await page.setViewportSize({ width, height: 900 });
        const scan = (name: string) => async () => {
          problems.push(...(await axeProblems(page, `${name} @${width}`)));
          if (await scrollsSideways(page)) problems.push(`${name} @${width}: scrolls sideways`);
        };

        await show(page, '/admin?tab=users');
        await check(
          'Edit User',
          width,
          await focusReturnsTo(page, page.getByRole('button', { name: 'Edit alice@acme.test' }), scan('Edit User')),
        );
        await check(
          'Manage Roles',
          width,
          await focusReturnsTo(
            page,
            page.getByRole('button', { name: 'Manage roles of alice@acme.test' }),
            async () => {
              await page.getByRole('switch', { name: 'Platform Admin' }).click();
              await page.getByText('You have unsaved changes to role assignments').waitFor();
              await scan('Manage Roles')();
            },
          ),
        );

        await show(page, '/admin?tab=security');
        await check(
          'Request Credential Access',
          width,
          await focusReturnsTo(
            page,
            page.getByRole('button', { name: 'Request Credential Access' }).first(),
            scan('Request Credential Access'),
          ),
        );

        await show(page, '/admin?tab=security-audit');
        await page.getByLabel('Application').click();
        await page.getByRole('option', { name: 'Role Builder' }).click();
        await page.getByLabel('Justification', { exact: true }).fill('Checking the webhook configuration');
        await check(
          'Confirm Credential Access Request',
          width,
          await focusReturnsTo(
            page,
            page.getByRole('button', { name: 'Request Access' }),
            scan('Confirm Credential Access Request'),
            () => page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click(),
          ),
        );

        await show(page, '/admin?tab=audit-log');
        await check(
          'Audit event',
          width,
          await focusReturnsTo(page, page.getByTestId('audit-row').first(), scan('Audit event drawer')),
        );

        await show(page, '/admin?tab=integrations');
        await check(
          'Add webhook',
          width,
          await focusReturnsTo(page, page.getByRole('button', { name: 'Add webhook' }), async () => {
            const dialog = page.getByRole('dialog');
            await dialog.getByRole('button', { name: 'Create webhook' }).click();
            await dialog.locator('[data-slot="field-error"]').first().waitFor();
            await scan('Add webhook')();
          }),
        );

        await show(page, '/oauth-admin');
        await check(
          'Create OAuth Client',
          width,
          await focusReturnsTo(page, page.getByRole('button', { name: 'Create Client' }).first(), async () => {
            await scan('Create OAuth Client')();
            const dialog = page.getByRole('dialog');
            await dialog.getByLabel('Application Name *').fill(`Partner ${width}`);
            await dialog.getByLabel('Application URL *').fill('https://partner.example');
            await dialog.getByLabel('Redirect URIs * (one per line)').fill('https://partner.example/cb');
            await dialog.getByRole('button', { name: 'Create Client' }).click();
            await dialog.getByTestId('new-client-id').waitFor();
            await scan('Client created')();
          }),
        );
        // Issue 31: the FAPI 2.0 fields of a registered client, in their own dialog.
        await check(
          'Security profile',
          width,
          await focusReturnsTo(
            page,
            page.getByRole('button', { name: 'Security profile…' }).first(),
            scan('Security profile'),
          ),
        );
      }
      expect(problems).toEqual([]);
      expect(lostFocus).toEqual([]);
    },
    SWEEP_MS,
  );

  it('the app shell links what an administrator may open, marks where they are, and shows breadcrumbs on nested screens', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await show(page, '/admin?tab=audit-log');
    const hub = page.getByRole('navigation', { name: 'Hub' });
    const links = await hub
      .getByRole('link')
      .evaluateAll((els) =>
        els.map((a) => [a.textContent?.trim(), a.getAttribute('href'), a.getAttribute('aria-current')]),
      );
    expect(links).toEqual([
      ['Admin', '/admin', null],
      ['OAuth Admin', '/oauth-admin', null],
      ['Audit Log', '/admin?tab=audit-log', 'page'],
      ['Account', '/account', null],
      ['Sessions', '/account?tab=sessions', null],
      ['Connected apps', '/account?tab=apps', null],
    ]);
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    expect((await crumbs.textContent())?.replace(/\s+/g, ' ')).toBe('AdminAudit Log');
    expect(await page.title()).toBe('Audit Log · Admin · Ecosystem Hub');
    await hub.getByRole('link', { name: 'OAuth Admin' }).click();
    await page.getByRole('heading', { level: 1, name: 'OAuth Administration' }).waitFor();
    expect(await hub.getByRole('link', { name: 'OAuth Admin' }).getAttribute('aria-current')).toBe('page');
    expect(await page.title()).toBe('OAuth Clients · OAuth Admin · Ecosystem Hub');
    await page.getByRole('navigation', { name: 'Modules' }).getByRole('link', { name: 'IP Filters' }).click();
    await page.getByRole('heading', { level: 1, name: 'IP Filters' }).waitFor();
    expect(await page.title()).toBe('IP Filters · Ecosystem Hub');
  });

  it(
    'the MFA reset confirmation and the step-up dialog at both widths; focus returns to the control that opened them',
    async () => {
      const problems: string[] = [];
      const lostFocus: string[] = [];
      // A second administrator whose sign-in was 11 minutes ago: role changes ask again.
      const stale = await e2e.newPage();
      await calmMotion(stale);
      const admin = await signInAs(e2e, stale, ['user', 'super_admin'], { email: 'stale.admin@hub.test' });
      await e2e.hub.hub.db
        .update(authSessions)
        .set({ authTime: new Date(Date.now() - 11 * 60_000) })
        .where(eq(authSessions.userId, admin.id));
      for (const width of [1440, 375]) {
        await page.setViewportSize({ width, height: 900 });
        await show(page, '/admin?tab=users');
        const back = await focusReturnsTo(
          page,
          page.getByRole('button', { name: 'Reset two-step verification of carol@initech.test' }),
          async () => {
            problems.push(...(await axeProblems(page, `Reset two-step verification @${width}`)));
          },
          () => page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click(),
        );
        if (!back) lostFocus.push(`Reset two-step verification @${width}`);

        await stale.setViewportSize({ width, height: 900 });
        await stale.goto('/admin?tab=users');
        await settle(stale);
        await stale.getByRole('button', { name: 'Manage roles of bob@globex.test' }).click();
        await stale.getByRole('switch', { name: 'Platform Admin' }).click();
        await stale.getByRole('button', { name: 'Save Roles' }).click();
        const stepUp = stale.getByRole('dialog', { name: 'Confirm it’s you' });
        await stepUp.waitFor();
        problems.push(...(await axeProblems(stale, `Confirm it's you @${width}`)));
        if (await scrollsSideways(stale)) problems.push(`Confirm it's you @${width}: scrolls sideways`);
        await stepUp.getByRole('button', { name: 'Cancel' }).click();
        await stepUp.waitFor({ state: 'detached' });
        await stale.keyboard.press('Escape');
        await stale.getByRole('dialog').waitFor({ state: 'detached' });
      }
      await stale.close();
      expect(problems).toEqual([]);
      expect(lostFocus).toEqual([]);
    },
    SWEEP_MS,
  );
});
