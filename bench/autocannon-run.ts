/**
 * One autocannon run in its own process (so the load generator never shares an event loop with
 * the server it measures). Input: one JSON argument; output: one JSON line.
 * With `bodiesFile` (one form body a line) every request takes the next body in rotation,
 * starting at a random place: e.g. 10,000 distinct tokens for introspection.
 * With `dpop` every request carries a fresh DPoP proof (RFC 9449: a new jti each time), so the
 * server pays for one proof check per request, as in production. The proofs are signed before the
 * timed run starts (enough for the run at up to PROOFS_PER_S requests a second; past that, each is
 * signed as it is sent), so that the load generator's own signing does not take CPU from the
 * server it measures on the same cores: a bearer and a DPoP run then offer the server the same
 * load, and their CPU per request compares the server's work alone.
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
  /**
   * A DPoP proof per request: the private JWK (EC: ES256, RSA: PS256) and the request's htm/htu;
   * `perSecond` proofs per second of the run are signed ahead (default PROOFS_PER_S).
   */
  dpop?: { privateJwk: Record<string, string>; htm: string; htu: string; perSecond?: number };
  /** Requests per second offered in all, instead of as many as the server answers. */
  overallRate?: number;
};
const bodies = opts.bodiesFile ? readFileSync(opts.bodiesFile, 'utf8').split('\n').filter(Boolean) : undefined;
let next = bodies ? Math.floor(Math.random() * bodies.length) : 0;
const method = opts.method ?? 'POST';
const dpop = opts.dpop;
/** Proofs signed ahead, per second of the run (their `iat` stays inside the hub's 60 s window). */
const PROOFS_PER_S = 6_000;
const ready: string[] = [];
if (dpop) {
  const n = Math.min(opts.amount ?? Infinity, opts.duration * (dpop.perSecond ?? PROOFS_PER_S));
  for (let i = 0; i < n; i++) ready.push(proof(dpop.privateJwk, dpop.htm, dpop.htu));
}
let nextProof = 0;
const result = await autocannon({
  url: opts.url,
  method,
  ...(method === 'POST' ? { body: opts.body } : {}),
  headers: opts.headers,
  connections: opts.connections,
  ...(opts.overallRate ? { overallRate: opts.overallRate } : {}),
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
                      dpop: ready[nextProof++] ?? proof(dpop.privateJwk, dpop.htm, dpop.htu),
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
