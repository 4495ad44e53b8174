import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { createTestHub, type TestHub, type TestHubOptions } from '../helpers/test-hub';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const WEB_ROOT = path.resolve(import.meta.dirname, '../../dist/web');
/**
 * How long any one wait of a page may take before the test fails: a watchdog, not a clock
 * (see vitest.config.ts). Every browser context of the tests gets it.
 */
export const PAGE_WATCHDOG_MS = 120_000;

export interface E2E {
  hub: TestHub;
  baseUrl: string;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** A fresh browser context (separate cookies), e.g. for a second user. */
  newPage(): Promise<Page>;
  close(): Promise<void>;
}

/**
 * A real hub listening on a free localhost port (serving the built SPA, on PGlite) and a
 * headless Debian Chromium with a fresh profile, driven by playwright-core.
 */
export async function startE2E(options: TestHubOptions = {}): Promise<E2E> {
  // The hub's public URL is the one the browser uses (CSRF origin, cookies, issuer).
  const hub = await createTestHub('pglite', { realClock: true, webRoot: WEB_ROOT, ...options, listen: true });
  const baseUrl = hub.baseUrl!;
  // chromium.launch always starts from a fresh temporary profile (Playwright's own --user-data-dir).
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const contexts: BrowserContext[] = [];
  const newContext = async () => {
    const ctx = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 900 } });
    // A watchdog, not a clock: every wait is on a condition, and on a machine busy with a second
    // suite one navigation or render can take far longer than Playwright's 30 s default.
    ctx.setDefaultTimeout(PAGE_WATCHDOG_MS);
    ctx.setDefaultNavigationTimeout(PAGE_WATCHDOG_MS);
    contexts.push(ctx);
    return ctx;
  };
  const context = await newContext();
  const page = await context.newPage();
  return {
    hub,
    baseUrl,
    browser,
    context,
    page,
    async newPage() {
      return (await newContext()).newPage();
    },
    async close() {
      for (const c of contexts) await c.close().catch(() => {});
      await browser.close().catch(() => {});
      await hub.close();
    },
  };
}
