import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useE2E } from './harness';
import { MODULES, PUBLIC_SCREENS } from './routes-screens';
import { show } from './a11y';

/** The only /api calls the app shell itself makes: the auth state and the security-event queue. */
const SHELL_CALLS = new Set(['GET /api/auth/session', 'POST /api/audit/events']);

function recordApiCalls(page: Page) {
  const calls: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/oauth/'))
      calls.push(`${r.method()} ${url.pathname}`);
  });
  return calls;
}

async function clickEveryTab(page: Page, each?: (tab: string) => Promise<void>) {
  const tabs = page.getByRole('tablist').first().getByRole('tab');
  const count = await tabs.count();
  for (let i = 0; i < count; i++) {
    await tabs.nth(i).click();
    await page.getByRole('tablist').first().getByRole('tab', { selected: true }).and(tabs.nth(i)).waitFor();
    await each?.((await tabs.nth(i).textContent()) ?? '');
  }
  return count;
}

const scrollWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe('demo mode and module screens', () => {
  const e2e = useE2E();

  it('makes no API calls from any demo screen or tab; only the app shell talks to the server', async () => {
    const page = await e2e.newPage();
    const calls = recordApiCalls(page);
    await page.goto('/demo');
    await page.getByRole('heading', { name: 'Ecosystem Demo Dashboard' }).waitFor();
    await page.waitForLoadState('networkidle');
    const atLoad = calls.length;
    expect(calls).toContain('GET /api/auth/session');
    // Walk every module through the sidebar (client-side navigation) and open every tab.
    const nav = page.getByRole('navigation', { name: 'Modules' });
    let tabsSeen = 0;
    const links = await nav
      .getByRole('link')
      .evaluateAll((els) => els.map((a) => [a.textContent ?? '', a.getAttribute('href') ?? '']));
    for (const [name, href] of [...links.slice(1), links[0]]) {
      await nav.getByRole('link', { name, exact: true }).click();
      await page.waitForURL((u) => u.pathname === href);
      await page.getByRole('heading', { level: 1, name: PUBLIC_SCREENS[href].heading, exact: true }).waitFor();
      tabsSeen += await clickEveryTab(page);
    }
    expect(tabsSeen).toBe(45); // 11 screens: ten with four tabs, Settings with five
    await page.waitForLoadState('networkidle');
    expect(calls.filter((c) => !SHELL_CALLS.has(c))).toEqual([]);
    // After the first load nothing but the shell's timed audit flush may reach the server.
    expect(calls.slice(atLoad).filter((c) => c !== 'POST /api/audit/events')).toEqual([]);
    await page.close();
  });

  it('has no horizontal scroll at 375 px on any demo screen, tab, open sidebar or dialog', async () => {
    const page = await e2e.newPage();
    await page.setViewportSize({ width: 375, height: 800 });
    for (const route of Object.keys(PUBLIC_SCREENS)) {
      await show(page, route);
      expect(await scrollWidth(page), route).toBeLessThanOrEqual(375);
      await clickEveryTab(page, async (tab) => {
        expect(await scrollWidth(page), `${route} ${tab}`).toBeLessThanOrEqual(375);
      });
    }
    // Phones start with the sidebar folded; unfolded it still fits.
    await page.goto('/demo/health');
    const toggle = page.getByRole('button', { name: 'Expand sidebar' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByRole('navigation', { name: 'Modules' }).isVisible()).toBe(false);
    await toggle.click();
    expect(await page.getByRole('navigation', { name: 'Modules' }).isVisible()).toBe(true);
    expect(await scrollWidth(page)).toBeLessThanOrEqual(375);
    await page.goto('/demo/data-mining');
    await page.getByRole('button', { name: 'New Mining Job' }).click();
    await page.getByRole('dialog').waitFor();
    await page.getByRole('dialog').getByRole('tab', { name: 'Schedule' }).click();
    expect(await scrollWidth(page)).toBeLessThanOrEqual(375);
    await page.close();
  });

  it('shows the demo user in a collapsible sidebar that links every /demo twin', async () => {
    const { page } = e2e;
    await page.goto('/demo');
    // The shell renders first, the screen's own chunk a moment later: wait for the screen.
    await page.getByRole('heading', { name: 'Ecosystem Demo Dashboard' }).waitFor();
    expect(await page.getByTestId('sidebar-user').textContent()).toContain('Demo User');
    const nav = page.getByRole('navigation', { name: 'Modules' });
    const hrefs = await nav.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs).toEqual(['/demo', '/demo/admin', ...MODULES.map((m) => `/demo/${m}`)]);
    for (const figure of ['5', '247', '1,234'])
      expect(await page.getByTestId('stat-card').filter({ hasText: figure }).count()).toBeGreaterThan(0);
    const sidebar = page.getByTestId('app-sidebar');
    const before = (await sidebar.boundingBox())!.width;
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    expect(await sidebar.getAttribute('data-state')).toBe('collapsed');
    expect((await sidebar.boundingBox())!.width).toBeLessThan(before / 2);
    // Folded, the links keep their names for screen readers and stay usable.
    await nav.getByRole('link', { name: 'IP Filters' }).click();
    await page.getByRole('heading', { name: 'IP Filters' }).waitFor();
    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    expect(await sidebar.getAttribute('data-state')).toBe('open');
  });

  it('is usable by keyboard: sidebar links with Enter, tabs with the arrow keys', async () => {
    const { page } = e2e;
    await page.goto('/demo');
    await page.getByRole('navigation', { name: 'Modules' }).getByRole('link', { name: 'System Health' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'System Health' }).waitFor();
    const tabs = page.getByRole('tab');
    await tabs.first().focus();
    await page.keyboard.press('ArrowRight');
    await page.getByRole('tab', { name: 'Server Metrics', selected: true }).waitFor();
    expect(await page.getByRole('tabpanel').textContent()).toContain('db-primary');
    await page.keyboard.press('End');
    await page.getByRole('tab', { name: 'Alerts & Incidents', selected: true }).waitFor();
    expect(await page.getByRole('tabpanel').textContent()).toContain('Response time > 500ms');
  });

  it('leaves the buttons without handlers inert', async () => {
    const { page } = e2e;
    // Console output of the page itself (the app shell's own warnings are other types).
    const logs: string[] = [];
    page.on('console', (m) => m.type() === 'log' && logs.push(m.text()));
    const cases: [string, string[]][] = [
      ['/demo/role-builder', ['Templates', 'New Role']],
      ['/demo/qrc', ['Reset', 'Run Check', 'View Details']],
      ['/demo/data-mining', ['Pause Q4 Skill Clusters', 'Start Salary Benchmarks 2026']],
    ];
    for (const [route, buttons] of cases) {
      await show(page, route);
      await page.getByRole('tab').first().waitFor();
      for (const name of buttons) {
        await page.getByRole('button', { name, exact: true }).first().click();
        expect(new URL(page.url()).pathname).toBe(route);
        expect(await page.getByRole('dialog').count()).toBe(0);
      }
    }
    expect(logs).toEqual([]);
  });

  it('shows the sample records and spec values on the screens', async () => {
    const { page } = e2e;
    await page.goto('/demo/sortstak');
    await page.getByRole('heading', { name: 'Data Pipeline Admin' }).waitFor();
    await page.getByRole('tab', { name: 'Data Quality' }).click();
    const rules = await page.getByTestId('validation-rule').allTextContents();
    expect(rules.map((r) => r.replace(/\s+/g, ' '))).toEqual([
      expect.stringMatching(/^Email Format Validation.*Active$/),
      expect.stringMatching(/^Duplicate Detection.*Active$/),
      expect.stringMatching(/^Cross-Platform Consistency.*Beta$/),
    ]);
    await page.goto('/demo/qrc');
    await page.getByRole('heading', { name: 'Quick Role Check' }).waitFor();
    expect(await page.getByRole('columnheader').allTextContents()).toEqual([
      'Candidate',
      'Role',
      'Result',
      'Score',
      'Time',
      'Issues',
      'Actions',
    ]);
    const checks = page.getByTestId('qrc-result');
    expect(await checks.count()).toBe(5);
    expect(await checks.getByRole('button', { name: 'View Details' }).count()).toBe(5);
    expect(new Set(await checks.locator('[data-slot="badge"]').allTextContents())).toEqual(
      new Set(['Pass', 'Conditional', 'Fail']),
    );
    await page.goto('/demo/settings');
    await page.getByRole('heading', { name: 'Settings Admin' }).waitFor();
    expect(await page.getByTestId('global-setting').filter({ hasText: '1000 req/min' }).count()).toBe(1);
    await page.getByRole('tab', { name: 'User Management' }).click();
    const roles = await page.getByTestId('admin-role').allTextContents();
    expect(roles.map((r) => r.match(/^(.*?)(?:Full|Administers|Helps|Reads)/)?.[1])).toEqual([
      'Super Admin',
      'Platform Admin',
      'Support',
      'Auditor',
    ]);
    expect(roles.map((r) => r.match(/(\d+) users/)?.[1])).toEqual(['2', '8', '15', '3']);
    await page.getByRole('tab', { name: 'Security & APIs' }).click();
    expect(await page.getByRole('switch', { name: 'Enforce 2FA for admins' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    expect(await page.getByRole('switch', { name: 'Session timeout' }).getAttribute('aria-checked')).toBe('true');
    expect(await page.getByRole('switch', { name: 'IP whitelist for admin panel' }).getAttribute('aria-checked')).toBe(
      'false',
    );
    await page.getByRole('tab', { name: 'Backup & Audit' }).click();
    const backups = (await page.getByTestId('backup').allTextContents()).join(' ');
    for (const r of ['30 days', '90 days', '7 years', '1 year']) expect(backups).toContain(`retention ${r}`);
    await page.goto('/demo/health');
    await page.getByRole('heading', { name: 'System Health' }).waitFor();
    await page.getByRole('tab', { name: 'Alerts & Incidents' }).click();
    const alertRules = (await page.getByTestId('alert-rule').allTextContents()).join(' ');
    for (const r of ['Response time > 500ms', 'Error rate > 1%', 'CPU usage > 90%', 'Disk space < 10%'])
      expect(alertRules).toContain(r);
  });
});
