/**
 * One autocannon run in its own process (so the load generator never shares an event loop with
 * the server it measures). Input: one JSON argument; output: one JSON line.
 * With `bodiesFile` (one form body a line) every request takes the next body in rotation,
 * starting at a random place: e.g. 10,000 distinct tokens for introspection.
 * With `dpop` every request carries a fresh DPoP proof (RFC 9449: a new jti each time), signed
 * here with node:crypto, so the server pays for one proof check per request, as in production.
 */
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { proof } from './lib/dpop-proof';

const opts = JSON.parse(process.argv[2]) as {
  url: string;
  method?: 'GET' | 'POST';
  body: string;
  bodiesFile?: string;
  headers: Record<string, string>;
  connections: number;
  duration: number;
  /** Stop after this many requests instead of after `duration`. */
  amount?: number;
  /** A DPoP proof per request: the private JWK (ES256) and the request's htm/htu. */
  dpop?: { privateJwk: Record<string, string>; htm: string; htu: string };
};
const bodies = opts.bodiesFile ? readFileSync(opts.bodiesFile, 'utf8').split('\n').filter(Boolean) : undefined;
let next = bodies ? Math.floor(Math.random() * bodies.length) : 0;
const method = opts.method ?? 'POST';
const dpop = opts.dpop;
const result = await autocannon({
  url: opts.url,
  method,
  ...(method === 'POST' ? { body: opts.body } : {}),
  headers: opts.headers,
  connections: opts.connections,
  ...(opts.amount ? { amount: opts.amount } : { duration: opts.duration }),
  ...(bodies || dpop
    ? {
        requests: [
          {
            method,
            setupRequest: (req: Record<string, unknown>) => ({
              ...req,
              ...(bodies ? { body: bodies[next++ % bodies.length] } : {}),
              ...(dpop
                ? {
                    headers: {
                      ...(req.headers as Record<string, string>),
                      dpop: proof(dpop.privateJwk, dpop.htm, dpop.htu),
                    },
                  }
                : {}),
            }),
          },
        ],
      }
    : {}),
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
