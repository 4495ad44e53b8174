import type { Page } from 'playwright-core';

/** Lighthouse's mobile profile ("slow 4G" on a mid-range phone), which issue 14 measured with. */
export const SLOW_PHONE = { latencyMs: 150, downloadKbps: 1600, uploadKbps: 750, cpuSlowdown: 4 };
export type Throttle = typeof SLOW_PHONE;

export interface LoadedRequest {
  url: string;
  type: string;
  /** Bytes on the wire, headers included (CDP encodedDataLength). */
  bytes: number;
  encoding: string | null;
  /** 1 for the document, 2 for what it references, 3 for what those load, … */
  depth: number;
  /** Started before the first screen's heading was on the page. */
  critical: boolean;
}

export interface PageLoad {
  requests: LoadedRequest[];
  /** Milliseconds from navigation start. */
  firstContentfulPaint: number | null;
  largestContentfulPaint: number | null;
  /** When the screen's level-one heading entered the page: the first render of real content. */
  headingShown: number;
}

interface Pending {
  url: string;
  type: string;
  initiator: string | null;
  start: number;
  encoding: string | null;
  bytes: number;
}

/**
 * Loads `path` in a fresh page with CDP watching the network (optionally throttled to a slow
 * phone) and reports every request with its transferred bytes and dependency depth, plus when
 * the heading appeared. Byte counts and depths are deterministic; times are what this machine
 * measured, for reporting.
 */
export async function measureLoad(page: Page, path: string, throttle?: Throttle): Promise<PageLoad> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (throttle) {
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: throttle.latencyMs,
      downloadThroughput: (throttle.downloadKbps * 1000) / 8,
      uploadThroughput: (throttle.uploadKbps * 1000) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle.cpuSlowdown });
  }
  const pending = new Map<string, Pending>();
  let navigationStart = 0;
  cdp.on('Network.requestWillBeSent', (e) => {
    // A script's own fetches (dynamic imports, their modulepreload links) name the script.
    const stack = e.initiator.stack?.callFrames?.[0]?.url ?? e.initiator.stack?.parent?.callFrames?.[0]?.url;
    if (!navigationStart && e.type === 'Document') navigationStart = e.timestamp;
    pending.set(e.requestId, {
      url: e.request.url,
      type: e.type ?? 'Other',
      initiator: stack ?? e.initiator.url ?? null,
      start: e.timestamp,
      encoding: null,
      bytes: 0,
    });
  });
  cdp.on('Network.responseReceived', (e) => {
    const p = pending.get(e.requestId);
    const headers = Object.fromEntries(Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), v]));
    if (p) p.encoding = (headers['content-encoding'] as string | undefined) ?? null;
  });
  cdp.on('Network.loadingFinished', (e) => {
    const p = pending.get(e.requestId);
    if (p) p.bytes = e.encodedDataLength;
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __headingShown?: number };
    new MutationObserver((_, observer) => {
      if (document.querySelector('h1')) {
        w.__headingShown = performance.now();
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  });

  await page.goto(path);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForLoadState('networkidle');
  const timing = await page.evaluate(async () => {
    const lcp = await new Promise<number | null>((resolve) => {
      new PerformanceObserver((list) => {
        const entries = list.getEntries();
        resolve(entries.length ? entries[entries.length - 1].startTime : null);
      }).observe({ type: 'largest-contentful-paint', buffered: true });
      setTimeout(() => resolve(null), 1000);
    });
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null;
    return { fcp, lcp, heading: (window as unknown as { __headingShown: number }).__headingShown };
  });
  if (throttle) {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
  }
  await cdp.detach();

  const headingAt = navigationStart + timing.heading / 1000;
  const depthOf = new Map<string, number>();
  const list = [...pending.values()].sort((a, b) => a.start - b.start);
  for (const r of list) {
    const parent = r.initiator ? depthOf.get(r.initiator) : undefined;
    if (!depthOf.has(r.url)) depthOf.set(r.url, r.type === 'Document' ? 1 : (parent ?? 1) + 1);
  }
  return {
    requests: list.map((r) => ({
      url: r.url,
      type: r.type,
      bytes: r.bytes,
      encoding: r.encoding,
      depth: depthOf.get(r.url)!,
      critical: r.start <= headingAt,
    })),
    firstContentfulPaint: timing.fcp,
    largestContentfulPaint: timing.lcp,
    headingShown: timing.heading,
  };
}

/** What the first render waits for: the document, its styles and scripts (fonts swap in later). */
const RENDER_BLOCKING = new Set(['Document', 'Stylesheet', 'Script']);

export function renderBlocking(load: PageLoad): LoadedRequest[] {
  return load.requests.filter((r) => r.critical && RENDER_BLOCKING.has(r.type));
}

/**
 * Time the network alone needs to deliver what the first render waits for, on `throttle`: one
 * round trip to connect, then per dependency level a round trip plus the level's bytes at the
 * line's speed. A deterministic lower bound from bytes and depth, whatever the machine's load.
 */
export function modelledNetworkMs(load: PageLoad, throttle: Throttle): number {
  const levels = new Map<number, number>();
  for (const r of renderBlocking(load)) levels.set(r.depth, (levels.get(r.depth) ?? 0) + r.bytes);
  const bytesPerMs = (throttle.downloadKbps * 1000) / 8 / 1000;
  let ms = throttle.latencyMs;
  for (const bytes of levels.values()) ms += throttle.latencyMs + bytes / bytesPerMs;
  return Math.round(ms);
}
