import { randomUUID, timingSafeEqual, createHash } from 'node:crypto';
import http from 'node:http';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Hub } from '../hub';
import { errorBody } from '../errors';
import { contracts } from '../http/contract';
import { apiErrorSchema } from '../../shared/api/errors';
import { resolvedAuth } from '../plugins/session';
import { redactUrl } from '../logging';
import { DISCOVERY_PATH, JWKS_PATH } from '../oauth/endpoints/well-known';

/** A request id from the balancer is kept when it is short and plain; anything else is replaced. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{8,64}$/;

/**
 * Fastify's `genReqId`: the balancer's X-Request-Id when the hub trusts its proxy (HUB_TRUST_PROXY),
 * else a fresh UUID. The id is returned in X-Request-Id, is on every log line of the request
 * (`reqId`) and goes into the audit rows the request writes (actor.audit.requestId).
 */
export function requestIdGenerator(trustProxy: boolean) {
  return (req: IncomingMessage): string => {
    const incoming = req.headers['x-request-id'];
    if (trustProxy && typeof incoming === 'string' && REQUEST_ID.test(incoming)) return incoming;
    return randomUUID();
  };
}

function sameToken(given: string, expected: string): boolean {
  // Hash both so the comparison is constant-time whatever the lengths.
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/**
 * Request id header, one JSON access-log line per request (request id, method, route pattern,
 * URL with sensitive query values redacted, status, latency, user id — never headers or bodies), HTTP metrics, and while
 * the process drains (SIGTERM) `Connection: close` on every answer so clients and the balancer
 * stop reusing this node's connections.
 */
export function registerObservability(app: FastifyInstance, hub: Hub) {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('onSend', async (_request, reply) => {
    if (hub.lifecycle.draining) reply.header('connection', 'close');
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const status = reply.statusCode;
    const seconds = reply.elapsedTime / 1000;
    const labels = { method: request.method, route, status: String(status) };
    hub.metrics.httpRequests.inc(labels);
    hub.metrics.httpDuration.observe(labels, seconds);
    if (route === '/oauth/introspect') hub.metrics.introspections.inc({ status: String(status) });
    const auth = await resolvedAuth(request)?.catch(() => null);
    request.log.info(
      {
        method: request.method,
        route,
        url: redactUrl(request.url),
        status,
        latency_ms: Math.round(reply.elapsedTime * 10) / 10,
        user_id: auth?.user.id ?? null,
      },
      'request',
    );
  });
}

/** The answers before routing whose latency is sampled (their count never is). */
const SAMPLED_ROUTES = new Set([DISCOVERY_PATH, JWKS_PATH]);

/**
 * The same request id, access-log line and metrics for answers given before routing
 * (oauth/endpoints/well-known.ts): no Fastify request exists for those.
 */
export function fastPathObserver(app: FastifyInstance, hub: Hub) {
  // The fast paths serve three routes: each (method, route, status)'s metric children are looked up once.
  const children = new Map<string, { count: { n: number }; duration: { observe(v: number): void }; seen: number }>();
  return (req: IncomingMessage, route: string, status: number, requestId: string, startedAt: number) => {
    const method = req.method ?? 'GET';
    const key = `${method} ${route} ${status}`;
    let metrics = children.get(key);
    if (!metrics) {
      const labels = { method, route, status: String(status) };
      metrics = { count: hub.metrics.httpTally(labels), duration: hub.metrics.httpDuration.labels(labels), seen: 0 };
      children.set(key, metrics);
    }
    metrics.count.n += 1;
    // Discovery and JWKS answer in microseconds from bytes built once: their latency is sampled
    // (1 answer in 16 observed), their count is exact. Grants and introspections observe every answer.
    const sampled = !SAMPLED_ROUTES.has(route) || (metrics.seen++ & 15) === 0;
    const seconds = sampled ? (performance.now() - startedAt) / 1000 : 0;
    if (sampled) metrics.duration.observe(seconds);
    if (route === '/oauth/introspect') hub.metrics.introspections.inc({ status: String(status) });
    app.log.info(
      {
        reqId: requestId,
        method,
        route,
        status,
        latency_ms: Math.round((performance.now() - startedAt) * 10) / 10,
        user_id: null,
        // Answered before routing: tells these lines apart when a route's answer looks wrong.
        fast_path: true,
      },
      'request',
    );
  };
}

const metricsText = {
  description: 'Prometheus text exposition (version 0.0.4)',
  content: { 'text/plain': { schema: z.string() } },
};

/**
 * /metrics on the main port, behind `Authorization: Bearer <HUB_METRICS_TOKEN>`; without a token
 * configured it answers 404 there (serve it on HUB_METRICS_PORT instead).
 */
export async function metricsRoutes(app: FastifyInstance, opts: { hub: Hub }) {
  const { hub } = opts;
  contracts(app).get(
    '/metrics',
    {
      schema: {
        hide: false,
        headers: z.looseObject({ authorization: z.string().max(512).optional() }),
        response: { 200: metricsText, 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const token = hub.config.metricsToken;
      if (!token) return reply.code(404).send(errorBody('not_found', 'No route for GET /metrics'));
      const given = request.headers.authorization?.match(/^Bearer (.+)$/)?.[1] ?? '';
      if (!sameToken(given, token)) {
        reply.header('www-authenticate', 'Bearer realm="metrics"');
        return reply.code(401).send(errorBody('unauthenticated', 'A valid metrics token is required.'));
      }
      reply.type(hub.metrics.contentType);
      return hub.metrics.scrape();
    },
  );
}

/** A plain HTTP server for /metrics alone (HUB_METRICS_PORT), for scrapers on a private network. */
export async function startMetricsServer(hub: Hub, port: number, host: string): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res
        .writeHead(404, { 'content-type': 'application/json' })
        .end(JSON.stringify(errorBody('not_found', 'Not found')));
      return;
    }
    hub.metrics.scrape().then(
      (text) => res.writeHead(200, { 'content-type': hub.metrics.contentType }).end(text),
      () => res.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}
