import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { createTestHub, type TestHub, type TestHubOptions } from '../helpers/test-hub';
import { useFixture } from '../helpers/use-fixture';

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
 * A real hub listening on a free localhost port (serving the built SPA, on PGlite) and a fresh
 * context of the worker's headless Debian Chromium, driven by playwright-core.
 */
export async function startE2E(options: TestHubOptions = {}): Promise<E2E> {
  // The hub's public URL is the one the browser uses (CSRF origin, cookies, issuer).
  const hub = await createTestHub('pglite', { realClock: true, webRoot: WEB_ROOT, ...options, listen: true });
  const baseUrl = hub.baseUrl!;
  const browser = await sharedBrowser();
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
      await hub.close();
    },
  };
}

/** The hub and browser of the enclosing describe block: started before its own beforeAll, closed after its own afterAll. */
export function useE2E(options: TestHubOptions = {}): E2E {
  return useFixture(
    () => startE2E(options),
    (e2e) => e2e.close(),
  );
}

let browserOfWorker: Promise<Browser> | undefined;

/**
 * One headless Chromium per test worker, shared by its files (isolate: false keeps this module
 * between them): each file works in browser contexts of its own (own cookies, storage and
 * cache), which it closes. A launch costs ~3 CPU-seconds; the browser ends with the worker.
 * chromium.launch always starts from a fresh temporary profile (Playwright's own --user-data-dir).
 */
export function sharedBrowser(): Promise<Browser> {
  const launch = async () => {
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
        // The pages of a test run for seconds: V8's optimising compilers (Maglev, TurboFan) spend
        // more CPU on them than they save. Baseline code only (measured here: the signed-out
        // sweep 97 -> 73 CPU-seconds, routes 62 -> 56). What the page computes is the same.
        '--js-flags=--max-opt=1',
      ],
    });
    // A browser that crashed is replaced by the next file, not reused.
    browser.on('disconnected', () => {
      if (browserOfWorker === pending) browserOfWorker = undefined;
    });
    return browser;
  };
  const pending = browserOfWorker ?? launch();
  browserOfWorker = pending;
  pending.catch(() => {
    if (browserOfWorker === pending) browserOfWorker = undefined;
  });
  return pending;
}
