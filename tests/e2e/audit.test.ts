import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { startE2E, type E2E } from './harness';
import { auditRow, createUser, sessionCookieFor } from '../helpers/fixtures';
import { auditLogs } from '../../src/server/db/schema/index';
import { AUDIT_TAB_SESSION_KEY } from '../../src/shared/audit-queue';
import { addSessionCookie } from './hub-sign-in';

/**
 * Polls `fn` until it returns true. No deadline of its own: the test's timeout is the only
 * watchdog, and nothing is asserted about elapsed time (the machine may be loaded).
 */
async function until(fn: () => Promise<boolean>, step = 100): Promise<boolean> {
  while (!(await fn())) await new Promise((r) => setTimeout(r, step));
  return true;
}

describe('audit log in a real browser', () => {
  let e2e: E2E;
  let cookie: string;

  beforeAll(async () => {
    e2e = await startE2E();
    const { hub } = e2e.hub;
    const admin = await createUser(hub, { roles: ['super_admin'] });
    cookie = await sessionCookieFor(hub, admin);
    for (let i = 0; i < 5; i++)
      await hub.audit.recordRows([
        auditRow({ eventType: 'sign_in_success', severity: 'low', userId: admin.id, details: { seq: i } }),
      ]);
    // A row edited behind the hub's back: verification in the browser will find it.
    const [victim] = await hub.db.select().from(auditLogs).orderBy(asc(auditLogs.id)).limit(1);
    await hub.db
      .update(auditLogs)
      .set({ details: { seq: 'forged' } })
      .where(eq(auditLogs.id, victim.id));
  });
  afterAll(async () => {
    await e2e?.close();
  });

  async function openAuditTab(page: Page) {
    await addSessionCookie(e2e, page, cookie);
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Audit Log' }).click();
    await page.getByTestId('audit-row').first().waitFor();
  }

  const rowsOf = (type: string) =>
    e2e.hub.hub.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.eventType, type), eq(auditLogs.source, 'client')))
      .orderBy(asc(auditLogs.id));

  /**
   * Runs the page's timers on a clock the test moves, at most a fifteenth as fast as the real one:
   * a 30-second tick of the page cannot come within 450 s, past the test's 300 s timeout, whatever
   * the machine's load. The steps are paced by the real time gone, not counted: a step is a CDP call,
   * which took a tenth of a second or more on a CPU-starved CI machine, and 1 ms per call (as this
   * was) left the page's own short timers — the chain's verification, the filter — minutes behind
   * (the test ran out of its 300 s there once). Stops when the returned function is called.
   */
  async function slowClock(page: Page): Promise<() => Promise<void>> {
    // pauseAt only moves forward, and the installed clock runs until the pause arrives: a target
    // just ahead of it ("now + 1 ms") was behind it by then on a busy machine. So the clock starts
    // ten minutes back and pauses at the real time; the page is still blank, so the jump fires nothing.
    const now = Date.now();
    await page.clock.install({ time: now - 600_000 });
    await page.clock.pauseAt(now);
    let running = true;
    let moved = 0;
    const ticking = (async () => {
      while (running) {
        const step = Math.max(1, Math.floor((Date.now() - now) / 15) - moved);
        moved += step;
        // A closed page ends the ticking (a failed test must not leave it running).
        await page.clock.runFor(step).catch(() => (running = false));
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    return async () => {
      running = false;
      await ticking;
    };
  }

  it('shows a browser-raised critical event in the Audit Log tab at once (not on the 30 s flush), newest first, raw JSON', async () => {
    const { page } = e2e;
    // The admin flow sends low events every 30 s of the page's time; a critical one goes at once.
    // On the slow clock the tick cannot come during this test, so what arrives went at once,
    // and what is queued stays queued until the page is left.
    const stopClock = await slowClock(page);
    await openAuditTab(page);
    // Newest first: the seeded sign-ins are listed with the highest seq on top.
    await page.getByRole('button', { name: 'Verify chain' }).click();
    await page.getByText(/Audit chain broken at event #\d+/).waitFor();
    const firstRow = page.getByTestId('audit-row').first();
    await firstRow.getByText('audit_chain_broken').waitFor();
    const stored = await rowsOf('audit_chain_broken');
    expect(stored).toHaveLength(1);
    expect(stored[0].severity).toBe('critical');
    expect(stored[0].sessionId).toHaveLength(8);

    // The drawer shows the row's raw JSON.
    await firstRow.click();
    const raw = page.getByTestId('audit-raw-json');
    await raw.waitFor();
    const json = JSON.parse((await raw.textContent()) ?? '{}');
    expect(json).toMatchObject({
      id: stored[0].id,
      event_type: 'audit_chain_broken',
      source: 'client',
      severity: 'critical',
    });
    await page.keyboard.press('Escape');

    // Filters live in the URL.
    await page.getByLabel('Event type').fill('sign_in_success');
    await page.getByLabel('Event type').press('Enter');
    await page.waitForURL(/type=sign_in_success/);
    await until(async () => (await page.getByTestId('audit-row').count()) === 5);
    expect(await page.getByTestId('audit-row').count()).toBe(5);

    // The drawer view above waits in the admin queue (low severity); leaving the page sends it by beacon.
    expect(await rowsOf('audit_event_viewed')).toHaveLength(0);
    await page.goto('about:blank');
    await stopClock();
    expect(await until(async () => (await rowsOf('audit_event_viewed')).length === 1)).toBe(true);
    expect((await rowsOf('audit_event_viewed'))[0].details).toMatchObject({ audit_id: stored[0].id });
    // The admin page logged each tab it showed (admin_panel_access, spec §3) through the same flow.
    const access = await rowsOf('admin_panel_access');
    expect(access.map((r) => (r.details as { tab: string }).tab)).toEqual(
      expect.arrayContaining(['overview', 'audit-log']),
    );
    expect(access.every((r) => r.sessionId === stored[0].sessionId)).toBe(true);
  });

  it('keeps events queued while the API is down and delivers each exactly once when it is back', async () => {
    const page = await e2e.newPage();
    let isDown = true;
    let refused = 0;
    await page.route('**/api/audit/events', (route) => {
      if (isDown) {
        refused += 1;
        return route.abort('connectionrefused');
      }
      return route.continue();
    });
    const inFlight = new Set<unknown>();
    const isEvents = (r: { url(): string }) => r.url().includes('/api/audit/events');
    page.on('request', (r) => isEvents(r) && inFlight.add(r));
    page.on('requestfinished', (r) => inFlight.delete(r));
    page.on('requestfailed', (r) => inFlight.delete(r));
    await openAuditTab(page);
    const tabSession = await page.evaluate((key) => sessionStorage.getItem(key), AUDIT_TAB_SESSION_KEY);
    expect(tabSession).toBeTruthy();

    // Admin flow: three detail views (queued), then a critical event whose flush fails.
    const rows = page.getByTestId('audit-row');
    const viewedIds: number[] = [];
    for (let i = 0; i < 3; i++) {
      await rows.nth(i).click();
      const json = JSON.parse((await page.getByTestId('audit-raw-json').textContent()) ?? '{}');
      viewedIds.push(json.id);
      await page.keyboard.press('Escape');
    }
    await page.getByRole('button', { name: 'Verify chain' }).click();
    await page
      .getByText(/Audit chain broken at event #\d+/)
      .first()
      .waitFor();
    // The security-event flow's 5-second tick (startup event) fails too.
    expect(await until(async () => refused >= 2)).toBe(true);
    const brokenBefore = (await rowsOf('audit_chain_broken')).length;
    const viewedBefore = (await rowsOf('audit_event_viewed')).length;

    // Back up: the next critical event flushes everything queued; the next tick sends the startup event.
    isDown = false;
    await page.getByRole('button', { name: 'Verify chain' }).click();
    const delivered = await until(async () => {
      const viewed = await rowsOf('audit_event_viewed');
      const startup = await e2e.hub.hub.db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.eventType, 'config_change'), eq(auditLogs.sessionId, tabSession!)));
      return (
        viewed.length >= viewedBefore + 3 &&
        startup.length >= 1 &&
        (await rowsOf('audit_chain_broken')).length >= brokenBefore + 2
      );
    });
    expect(delivered).toBe(true);
    // A duplicate could only come from a request already on its way (a delivered batch is never
    // sent again): count once none is in flight.
    expect(await until(async () => inFlight.size === 0)).toBe(true);

    const viewed = (await rowsOf('audit_event_viewed')).slice(viewedBefore);
    expect(viewed.map((r) => (r.details as { audit_id: number }).audit_id)).toEqual(viewedIds);
    expect((await rowsOf('audit_chain_broken')).length).toBe(brokenBefore + 2);
    const startup = await e2e.hub.hub.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.eventType, 'config_change'), eq(auditLogs.sessionId, tabSession!)));
    expect(startup).toHaveLength(1);
    expect(startup[0].details).toMatchObject({ action: 'app_startup', session_id: tabSession });
    // Nothing was dropped on the way.
    const dropped = await e2e.hub.hub.db
      .select({ n: sql<number>`count(*)` })
      .from(auditLogs)
      .where(eq(auditLogs.eventType, 'audit_events_dropped'));
    expect(Number(dropped[0].n)).toBe(0);
  });
});
