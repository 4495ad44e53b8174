import { hasReplayedBody } from '../http/replayed-body';
import type { FastifyInstance } from 'fastify';
import { errorBody } from '../errors';
import { pathOf } from '../http/path';

/**
 * The drain on SIGTERM, lossless for a balancer that only sees connection errors and status codes.
 *
 * Closing the listening socket loses requests: a connection the kernel accepted into the backlog
 * but the process never did is reset after the balancer sent its request, and a balancer does not
 * replay a POST it may have delivered (nginx answered 502). So the listener stays open while
 * traffic still arrives, and every NEW request is answered at once — in the first `onRequest`
 * hook, before the body is read, a session resolved or a statement sent — with 503,
 * `Connection: close` and `Retry-After`: the balancer retries it on another node (safe because
 * nothing was done), a direct client retries after a second. Requests that had passed that hook
 * before the refusal began run to their end. The listener closes once no request has arrived for
 * a quiet period (the balancer has stopped sending), or at the latest after the maximum drain.
 */
export interface DrainSettings {
  /** Keep serving normally this long after SIGTERM (readiness already fails): HUB_SHUTDOWN_DELAY_MS. */
  delayMs: number;
  /** Close the listener after this long without a refused request: HUB_DRAIN_QUIET_MS. */
  quietMs: number;
  /** ... or at the latest this long after the refusal began: HUB_DRAIN_MAX_MS. */
  maxMs: number;
  /** After the listener closed, the longest in-flight requests may take: HUB_SHUTDOWN_TIMEOUT_MS. */
  timeoutMs: number;
}

interface DrainState {
  refusing: boolean;
  /** When the last refused request arrived (performance.now()). */
  lastRefusedAt: number;
}

const states = new WeakMap<FastifyInstance, DrainState>();

/** Health probes are answered as usual while draining: they tell the truth and do not delay the close. */
const PROBES = new Set(['/api/health', '/api/health/live', '/api/health/ready']);

/** Retry-After of a refusal: the other nodes serve now, so a client may retry almost at once. */
const RETRY_AFTER_SECONDS = '1';

/**
 * Installs the refusal hook. Call it before any other `onRequest` hook is added (hooks run in
 * the order they were added). The returned state tells the raw request listener to route even
 * the precomputed answers through Fastify while refusing, so they are refused too.
 */
export function registerDrain(app: FastifyInstance): Readonly<DrainState> {
  const state: DrainState = { refusing: false, lastRefusedAt: 0 };
  states.set(app, state);
  app.addHook('onRequest', async (request, reply) => {
    // A request a fast path read before the drain began reaches the routes now: in flight, served.
    if (!state.refusing || hasReplayedBody(request.raw)) return;
    const path = pathOf(request.url);
    if ((request.method === 'GET' || request.method === 'HEAD') && PROBES.has(path)) return;
    state.lastRefusedAt = performance.now();
    // OAuth clients parse only RFC 6749 §5.2 errors; everything else gets the hub's error shape.
    const body = path.startsWith('/oauth/')
      ? { error: 'temporarily_unavailable', error_description: 'This node is shutting down; retry the request.' }
      : errorBody('draining', 'This node is shutting down; retry the request.');
    // The access log line and the HTTP metrics are still written (onResponse), from what is known already.
    // A string skips the route's response serializer: the refusal must not depend on its schemas.
    return reply
      .code(503)
      .header('connection', 'close')
      .header('retry-after', RETRY_AFTER_SECONDS)
      .header('x-request-id', request.id)
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(body));
  });
  return state;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Drains and closes `app` (the caller has already set `hub.lifecycle.draining`, so readiness
 * fails): serve normally for `delayMs`, then refuse new requests until `quietMs` pass without
 * one (at most `maxMs`), then close the listener and the idle keep-alive connections and wait
 * for the requests in flight, cutting what remains after `timeoutMs`.
 */
export async function drainApp(app: FastifyInstance, settings: DrainSettings): Promise<void> {
  const state = states.get(app);
  if (!state) throw new Error('drainApp: registerDrain was not called on this app');
  if (settings.delayMs > 0) await sleep(settings.delayMs);
  const startedAt = performance.now();
  state.refusing = true;
  state.lastRefusedAt = startedAt;
  for (;;) {
    const now = performance.now();
    const quietLeft = state.lastRefusedAt + settings.quietMs - now;
    const maxLeft = startedAt + settings.maxMs - now;
    if (quietLeft <= 0 || maxLeft <= 0) break;
    await sleep(Math.min(quietLeft, maxLeft));
  }
  app.log.info({ refusingMs: Math.round(performance.now() - startedAt) }, 'drain: closing the listener');
  const cut = setTimeout(() => {
    app.log.warn('shutdown timeout: closing the remaining connections');
    app.server.closeAllConnections();
  }, settings.timeoutMs);
  cut.unref();
  try {
    // Stops listening, closes idle keep-alive connections, waits for the requests in flight.
    await app.close();
  } finally {
    clearTimeout(cut);
  }
}
