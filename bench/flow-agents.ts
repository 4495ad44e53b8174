/**
 * bench:flow's load generator, in its own process: N agents, each a signed-in browser (its
 * cookies given), each running code + PKCE flows back to back for `duration` seconds.
 * Input: one JSON argument; output: one JSON line (flows/s, latency of a whole flow, errors).
 */
import { CookieJar } from './lib/http';
import { oneFlow, type FlowTarget } from './lib/flow';

const opts = JSON.parse(process.argv[2]) as { target: FlowTarget; cookies: string[]; duration: number };
const latencies: number[] = [];
let errors = 0;
let firstError: string | null = null;
const end = performance.now() + opts.duration * 1000;
const started = performance.now();
await Promise.all(
  opts.cookies.map(async (cookie) => {
    const jar = new CookieJar(cookie);
    while (performance.now() < end) {
      const t0 = performance.now();
      try {
        await oneFlow(opts.target, jar);
        latencies.push(performance.now() - t0);
      } catch (e) {
        errors += 1;
        firstError ??= String(e);
      }
    }
  }),
);
const elapsed = (performance.now() - started) / 1000;
latencies.sort((a, b) => a - b);
const pct = (p: number) =>
  latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] : 0;
console.log(
  JSON.stringify({
    flows: latencies.length,
    rps: latencies.length / elapsed,
    p50: Math.round(pct(0.5) * 10) / 10,
    p99: Math.round(pct(0.99) * 10) / 10,
    errors,
    firstError,
  }),
);
