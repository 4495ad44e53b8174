/**
 * `npm run bench:web`: the landing page's first render on a slow phone, measured properly.
 * Builds the SPA for production, serves it from a throw-away hub, then loads `/` (and any
 * routes given as arguments) BENCH_RUNS times (default 7) in Chromium under Lighthouse's mobile
 * profile through CDP (150 ms round trip, 1.6 Mbps down, 750 kbps up, CPU ×4), a fresh page
 * and an empty cache each time. Prints bytes and requests (deterministic) and the median and
 * worst of: when the h1 entered the page, first contentful paint, largest contentful paint.
 *
 *   npm run bench:web               the landing page
 *   npm run bench:web -- /demo /auth   other public routes too
 */
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import buildWeb from '../tests/e2e/build-web';
import { CHROMIUM_PATH } from '../tests/e2e/harness';
import { measureLoad, modelledNetworkMs, renderBlocking, SLOW_PHONE, type PageLoad } from '../tests/e2e/page-load';
import { createTestHub } from '../tests/helpers/test-hub';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const routes = process.argv.slice(2).filter((a) => a.startsWith('/'));
if (routes.length === 0) routes.push('/');

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

async function main() {
  await buildWeb();
  const root = path.resolve(import.meta.dirname, '..');
  const t = await createTestHub('pglite', { realClock: true, webRoot: path.join(root, 'dist/web'), listen: true });
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  console.log(
    `${new Date().toISOString()} · ${os.cpus()[0]?.model} ×${os.cpus().length} · load ${os.loadavg()[0].toFixed(1)} · ` +
      `Node ${process.version} · ${RUNS} runs per route · profile: ${SLOW_PHONE.latencyMs} ms RTT, ` +
      `${SLOW_PHONE.downloadKbps} kbps down, CPU ×${SLOW_PHONE.cpuSlowdown}\n`,
  );
  try {
    for (const route of routes) {
      const loads: PageLoad[] = [];
      for (let i = 0; i < RUNS; i++) {
        const context = await browser.newContext({ baseURL: t.baseUrl, viewport: { width: 375, height: 800 } });
        const page = await context.newPage();
        loads.push(await measureLoad(page, route, SLOW_PHONE));
        await context.close();
      }
      const first = loads[0];
      const blocking = renderBlocking(first);
      const heading = loads.map((l) => l.headingShown);
      const fcp = loads.map((l) => l.firstContentfulPaint ?? NaN);
      const lcp = loads.map((l) => l.largestContentfulPaint ?? NaN);
      console.log(`${route}`);
      console.log(
        `  render-blocking: ${blocking.length} requests, ${kb(blocking.reduce((n, r) => n + r.bytes, 0))} on the wire, ` +
          `${Math.max(...blocking.map((r) => r.depth))} levels; all requests: ${first.requests.length}, ` +
          `${kb(first.requests.reduce((n, r) => n + r.bytes, 0))}`,
      );
      console.log(`  network model (bytes and depth alone): ${modelledNetworkMs(first, SLOW_PHONE)} ms`);
      console.log(
        `  h1 on the page: median ${Math.round(median(heading))} ms, worst ${Math.round(Math.max(...heading))} ms`,
      );
      console.log(
        `  first contentful paint: median ${Math.round(median(fcp))} ms, worst ${Math.round(Math.max(...fcp))} ms`,
      );
      console.log(
        `  largest contentful paint: median ${Math.round(median(lcp))} ms, worst ${Math.round(Math.max(...lcp))} ms\n`,
      );
    }
  } finally {
    await browser.close();
    await t.close();
  }
}

// Exits once measured: the throw-away hub's handles outlived its close and kept the process up (2026-11-28).
main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
