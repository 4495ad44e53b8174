/**
 * One autocannon run in its own process (so the load generator never shares an event loop with
 * the server it measures). Input: one JSON argument; output: one JSON line.
 */
import autocannon from 'autocannon';

const opts = JSON.parse(process.argv[2]) as {
  url: string;
  body: string;
  headers: Record<string, string>;
  connections: number;
  duration: number;
};
const result = await autocannon({
  url: opts.url,
  method: 'POST',
  body: opts.body,
  headers: opts.headers,
  connections: opts.connections,
  duration: opts.duration,
});
console.log(
  JSON.stringify({
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    total: result.requests.total,
    ok: result['2xx'],
  }),
);
