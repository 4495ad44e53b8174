/// <reference types="vite/client" />
import AXE_SOURCE from 'axe-core/axe.min.js?raw';
import type { Locator, Page } from 'playwright-core';

/** WCAG 2.x A and AA (2.2 included) plus axe's best practices. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * Rules asserted whatever their impact: the issue names heading order and landmarks, which
 * axe rates moderate. Everything rated serious or critical is asserted too.
 */
const ALWAYS = new Set([
  'heading-order',
  'landmark-one-main',
  'landmark-no-duplicate-main',
  'landmark-unique',
  'page-has-heading-one',
  'region',
  'document-title',
]);

/**
 * The parts of a signed-in module screen that depend on who is signed in: the banner and the
 * shell's sidebar. The screen itself is the same component as its public /demo twin, which
 * the signed-out sweep scans on every tab.
 */
export const SHELL_ONLY = ['header', 'aside'];

interface Violation {
  id: string;
  impact?: string | null;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/**
 * One line per failing node: "where: rule (impact) selector — what to fix". `within` limits
 * the scan to part of the page (a tab panel that just opened).
 *
 * axe is put into each document once (evaluated over CDP, which the page's CSP does not
 * govern) and run in place: a sweep scans several tabs of one document, and re-injecting
 * 580 KB of script per scan, as @axe-core/playwright's builder did, was half of each scan's cost. The app has no
 * iframes, so nothing is lost by not descending into frames.
 */
export async function axeProblems(page: Page, where: string, within?: string | string[]): Promise<string[]> {
  const hasAxe = await page.evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function');
  if (!hasAxe) await page.evaluate(AXE_SOURCE);
  const include = typeof within === 'string' ? [within] : (within ?? []);
  const violations = await page.evaluate(
    async ({ tags, include }) => {
      const { axe } = window as unknown as {
        axe: { run(context: unknown, options: unknown): Promise<{ violations: Violation[] }> };
      };
      const context = include.length > 0 ? { include: include.map((selector) => [selector]) } : document;
      // Only violations are read: asking axe not to list every passing node keeps scans short.
      const result = await axe.run(context, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
      return result.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
      }));
    },
    { tags: TAGS, include },
  );
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical' || ALWAYS.has(v.id))
    .flatMap((v) =>
      v.nodes.map(
        (n) => `${where}: ${v.id} (${v.impact}) ${n.target.join(' ')} — ${n.failureSummary?.split('\n')[1]?.trim()}`,
      ),
    );
}

/**
 * Pages are checked as people who ask for reduced motion see them: no fade-ins, so axe never
 * measures a toast or skeleton halfway through its animation.
 */
export async function calmMotion(page: Page): Promise<void> {
  await page.emulateMedia({ reducedMotion: 'reduce' });
}

/**
 * Waits until a screen has rendered its data: a level-one heading is there and no loading
 * state or busy region is left (query skeletons, lazy chunks).
 */
export async function settle(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForFunction(
    () => !document.querySelector('[data-testid="loading-state"], [aria-busy="true"], [role="status"]:empty'),
  );
}

/**
 * Shows `route` as a person moving through the app gets it: by the app's own router (the History
 * API), not a new document, and waits until that screen has rendered its data. The app names the
 * address of the screen on show once it is committed (`<html data-shown-route>`, src/web/app.tsx),
 * so the screen before it is never mistaken for it, redirects on the way included.
 *
 * Why: a sweep over dozens of screens loaded each one anew, and a load costs the browser ~5× a
 * move within the app (~650 against ~120 ms of its CPU per screen, measured here) — on a CI machine
 * whose two cores the journeys keep busy, that was most of a sweep's time. A page not yet showing
 * the app is loaded with `page.goto`; so is one given `{ load: true }`: a page whose session changed
 * behind the app's back (a cookie added), which the app reads once per load.
 */
export async function show(page: Page, route: string, { load = false } = {}): Promise<void> {
  if (load) {
    await page.goto(route);
    return settle(page);
  }
  const how = await page.evaluate((to) => {
    const root = document.documentElement;
    if (root.dataset.shownRoute === undefined) return 'load';
    const target = new URL(to, location.href);
    // Already there (a second width, say): the router would not render the same address again.
    if (target.pathname + target.search === root.dataset.shownRoute) return 'here';
    delete root.dataset.shownRoute;
    history.pushState(null, '', target);
    dispatchEvent(new PopStateEvent('popstate'));
    return 'moved';
  }, route);
  if (how === 'load') await page.goto(route);
  else if (how === 'moved')
    await page.waitForFunction(
      () => document.documentElement.dataset.shownRoute === location.pathname + location.search,
    );
  await settle(page);
}

/** True when nothing on the page scrolls sideways. */
export async function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
}

/** Opens every tab of the screen's first tablist in turn and calls `visit` on each (the first included). */
export async function eachTab(page: Page, visit: (tab: string) => Promise<void>): Promise<number> {
  const tabs = page.getByRole('tablist').first().getByRole('tab');
  const count = await tabs.count();
  for (let i = 0; i < count; i++) {
    const tab = tabs.nth(i);
    await tab.click();
    await page.getByRole('tablist').first().getByRole('tab', { selected: true }).and(tab).waitFor();
    await page.waitForFunction(() => !document.querySelector('[data-testid="loading-state"]'));
    await visit(((await tab.textContent()) ?? `tab ${i}`).trim());
  }
  return count;
}

/**
 * The element that has focus, described well enough to compare ("BUTTON Edit alice@acme.test").
 * Focus moves after a render: compare it with `expect.poll(() => focused(page))`, never at once.
 */
export async function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return el ? `${el.tagName} ${el.getAttribute('aria-label') ?? el.textContent?.trim() ?? ''}` : 'none';
  });
}

/**
 * Clicks `opener`, runs `inside` while the dialog it opened is shown, closes it with `close`
 * (default Escape) and reports whether focus went back to the opener (WCAG 2.4.3).
 */
export async function focusReturnsTo(
  page: Page,
  opener: Locator,
  inside: () => Promise<void>,
  close: () => Promise<void> = () => page.keyboard.press('Escape'),
): Promise<boolean> {
  await opener.evaluate((el) => el.setAttribute('data-opener', 'true'));
  // The element just marked, not the locator again: a locator such as a list's `.first()` resolves
  // anew at each use, and a list that refetched meanwhile (delivered audit events refresh the Audit
  // Log) puts another row first, so the drawer would open from an element that is not the opener.
  const marked = page.locator('[data-opener="true"]');
  await marked.click();
  const dialog = page.locator('[role="dialog"], [role="alertdialog"]');
  await dialog.first().waitFor();
  await inside();
  await close();
  await dialog.first().waitFor({ state: 'detached' });
  // Radix moves focus right after the dialog unmounts: wait for it (the page's default
  // timeout is the only watchdog; a loaded machine may take seconds to run that task).
  const back = await page
    .waitForFunction(() => document.activeElement?.getAttribute('data-opener') === 'true')
    .then(
      () => true,
      () => false,
    );
  await page.evaluate(() =>
    document.querySelectorAll('[data-opener]').forEach((el) => el.removeAttribute('data-opener')),
  );
  return back;
}
