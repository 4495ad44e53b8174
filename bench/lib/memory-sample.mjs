/**
 * Preloaded into a benchmarked hub when BENCH_MEMORY is set (`node --import`; plain JavaScript):
 * samples the process's memory every 100 ms and, at exit, writes to
 * `$BENCH_MEMORY/memory-<pid>.json` the sample taken at the highest RSS (process.memoryUsage():
 * rss, heapTotal, heapUsed, external, arrayBuffers; V8's spaces: new, old, code, large object;
 * what is neither, i.e. malloc, native modules, stacks, code), the highest value of each field,
 * and the garbage collections seen (count and pause per kind). What holds a peak is then read off
 * one line: a young generation, an old generation of garbage V8 has not collected yet, buffers
 * outside the heap, or malloc.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PerformanceObserver, constants } from 'node:perf_hooks';
import v8 from 'node:v8';

const dir = process.env.BENCH_MEMORY;
if (dir) {
  const MB = 2 ** 20;
  const kinds = {
    [constants.NODE_PERFORMANCE_GC_MINOR]: 'minor',
    [constants.NODE_PERFORMANCE_GC_MAJOR]: 'major',
    [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
    [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weakcb',
  };
  const gc = {};
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const kind = kinds[e.detail?.kind] ?? 'other';
      gc[kind] ??= { count: 0, ms: 0 };
      gc[kind].count += 1;
      gc[kind].ms += e.duration;
    }
  }).observe({ entryTypes: ['gc'] });

  const sample = () => {
    const m = process.memoryUsage();
    const spaces = Object.fromEntries(
      v8.getHeapSpaceStatistics().map((s) => [s.space_name.replace(/_space$/, ''), s.space_size / MB]),
    );
    const heapSpaces = Object.values(spaces).reduce((a, b) => a + b, 0);
    return {
      at: new Date().toISOString(),
      rss: m.rss / MB,
      heapTotal: m.heapTotal / MB,
      heapUsed: m.heapUsed / MB,
      external: m.external / MB,
      arrayBuffers: m.arrayBuffers / MB,
      ...Object.fromEntries(Object.entries(spaces).map(([k, v]) => [`space.${k}`, v])),
      outsideHeap: (m.rss - m.heapTotal) / MB,
      heapSpaces,
    };
  };
  let atPeak = sample();
  const max = { ...atPeak };
  const timer = setInterval(() => {
    const s = sample();
    if (s.rss > atPeak.rss) atPeak = s;
    for (const [k, v] of Object.entries(s)) if (typeof v === 'number' && v > (max[k] ?? 0)) max[k] = v;
  }, 100);
  timer.unref();
  const round = (o) =>
    Object.fromEntries(Object.entries(o).map(([k, v]) => [k, typeof v === 'number' ? +v.toFixed(1) : v]));
  process.on('exit', () => {
    mkdirSync(dir, { recursive: true });
    const gcRounded = Object.fromEntries(
      Object.entries(gc).map(([k, v]) => [k, { count: v.count, ms: Math.round(v.ms) }]),
    );
    writeFileSync(
      path.join(dir, `memory-${process.pid}.json`),
      JSON.stringify({ atPeak: round(atPeak), max: round(max), gc: gcRounded, execArgv: process.execArgv }, null, 1),
    );
  });
}
