import { existsSync, readdirSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import Fastify, { LogController } from 'fastify';
import type { FastifyInstance } from 'fastify';
import { errorBody } from './errors';
import { PROJECT_ROOT } from './paths';
import type { Hub } from './hub';
import { loggerOptions } from './logging';
import { guardEcosystemAdmin } from './plugins/admin-guard';
import { meSecurityRoutes } from './me/security-routes';
import { registerCsrf } from './plugins/csrf';
import { registerDrain } from './plugins/drain';
import { registerErrorHandler } from './plugins/errors';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerRouteAuth, registerSession } from './plugins/session';
import { impersonationRoutes } from './admin/impersonation-routes';
import { registerInputSanitizer } from './plugins/sanitize';
import { registerContracts } from './http/contract';
import { registerOpenApi } from './http/openapi';
import { canonicalUrl, pathOf } from './http/path';
import { healthRoutes } from './health/routes';
import { createIntrospectFastPath } from './oauth/endpoints/introspect-fast-path';
import { createTokenFastPath } from './oauth/endpoints/token-fast-path';
import { registerReplayedBody, withReplayedBody } from './http/replayed-body';
import { fastPathObserver, metricsRoutes, registerObservability, requestIdGenerator } from './observability/http';
import { authRoutes } from './auth/routes';
import { setupRoutes } from './setup/routes';
import { roleAdminRoutes } from './roles/admin-routes';
import { oauthRoutes } from './oauth/routes';
import { deviceRoutes } from './oauth/device/routes';
import { createWellKnownFastPath } from './oauth/endpoints/well-known';
import { oauthClientAdminRoutes } from './oauth/clients/admin-routes';
import { registrationAdminRoutes, registrationRoutes } from './oauth/registration/routes';
import { crossPlatformRoutes } from './cross-platform/routes';
import { adminRoutes } from './admin/routes';
import { masterKeyAdminRoutes } from './master-keys/routes';
import { meRoutes } from './me/routes';
import { mePrivacyRoutes } from './me/privacy-routes';
import { erasureAdminRoutes } from './admin/erasure-routes';
import { auditRoutes } from './audit/routes';
import { auditAdminRoutes } from './audit/admin-routes';
import { federationRoutes } from './federation/routes';
import { myOrgRoutes, orgRoutes } from './orgs/routes';
import { orgAdminRoutes } from './orgs/admin-routes';
import { scimRoutes } from './scim/routes';
import { webhookAdminRoutes } from './events/webhooks/routes';
import { ssfAdminRoutes, ssfRoutes } from './events/ssf/routes';
import { auditSinkAdminRoutes } from './events/siem/routes';
import { setPageFont } from './oauth/pages';

/** The app's variable Inter (Latin) as the web build names it (fontsource's file, fingerprinted by Vite). */
const APP_FONT_FILE = /^inter-latin-wght-normal-[\w-]+\.woff2$/;

export const DEFAULT_WEB_ROOT = path.join(PROJECT_ROOT, 'dist/web');
const LANDING_HTML = 'landing.html';

export interface BuildAppOptions {
  /** Where the built SPA lives; null serves no SPA (API-only tests). */
  webRoot?: string | null;
  /** Where log lines go; defaults to stdout. */
  logStream?: NodeJS.WritableStream;
}

/** Paths that always answer JSON, never the SPA. */
const API_PREFIXES = ['/api/', '/oauth/', '/.well-known/'];

/**
 * The whole HTTP surface as one Fastify instance. It never listens: main.ts does, and tests
 * call `inject()` on it.
 */
export async function buildApp(hub: Hub, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(hub.config.logLevel, options.logStream),
    trustProxy: hub.config.trustProxy,
    bodyLimit: 256 * 1024,
    // One spelling per path before anything routes or decides on it (http/path.ts).
    rewriteUrl: (req) => canonicalUrl(req.url ?? '/'),
    genReqId: requestIdGenerator(hub.config.trustProxy),
    // One access-log line per request, written by observability/http.ts (log lines carry `reqId`).
    logController: new LogController({ disableRequestLogging: true }),
    // While draining (SIGTERM), requests on connections already open are still served.
    return503OnClosing: false,
  });

  // The first onRequest hook: once the drain refuses (SIGTERM), new requests get 503 before any work.
  const drain = registerDrain(app);

  // Discovery and JWKS from precomputed bytes before routing (oauth/endpoints/well-known.ts):
  // only a listening hub goes through here; inject() takes the routes, which send the same.
  // While the drain refuses, they go through Fastify too, to be refused like every new request.
  const requestId = requestIdGenerator(hub.config.trustProxy);
  const observe = fastPathObserver(app, hub);
  const fastPath = createWellKnownFastPath(hub, requestId, observe);
  const routed = app.server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  const route = (req: IncomingMessage, res: ServerResponse) => {
    for (const listener of routed) listener.call(app.server, req, res);
  };
  // Introspection of a token this node holds, likewise (oauth/endpoints/introspect-fast-path.ts);
  // what it reads but does not answer reaches the routes with its body (http/replayed-body.ts).
  const replay = (req: IncomingMessage, res: ServerResponse, body: Buffer) => route(withReplayedBody(req, body), res);
  const introspectFastPath = createIntrospectFastPath(hub, requestId, observe, replay);
  // And the token endpoint's grants that commit (oauth/endpoints/token-fast-path.ts): anything else reaches the route.
  const tokenFastPath = createTokenFastPath(hub, requestId, observe, replay);
  app.server.removeAllListeners('request');
  app.server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (drain.refusing || !(fastPath(req, res) || tokenFastPath(req, res) || introspectFastPath(req, res)))
      route(req, res);
  });
  registerReplayedBody(app);

  registerContracts(app);
  registerObservability(app, hub);
  registerErrorHandler(app, hub);
  registerSecurityHeaders(app, hub.config);
  await app.register(cookie);
  await app.register(formbody);
  registerSession(app, hub);
  registerCsrf(app, hub);
  registerRouteAuth(app, hub);
  registerInputSanitizer(app);
  await registerOpenApi(app, hub);

  await app.register(healthRoutes, { prefix: '/api', hub });
  await app.register(metricsRoutes, { hub });
  await app.register(authRoutes, { prefix: '/api/auth', hub });
  await app.register(setupRoutes, { prefix: '/api/setup', hub });
  await app.register(crossPlatformRoutes, { prefix: '/api', hub });
  await app.register(meRoutes, { prefix: '/api/me', hub });
  await app.register(meSecurityRoutes, { prefix: '/api/me', hub });
  await app.register(impersonationRoutes, { hub });
  await app.register(mePrivacyRoutes, { prefix: '/api/me', hub });
  await app.register(auditRoutes, { prefix: '/api/audit', hub });
  await app.register(oauthRoutes, { hub });
  await app.register(deviceRoutes, { prefix: '/api/device', hub });
  await app.register(registrationRoutes, { hub });
  await app.register(federationRoutes, { hub });
  await app.register(orgRoutes, { hub });
  await app.register(myOrgRoutes, { prefix: '/api/me', hub });
  await app.register(ssfRoutes, { hub });
  await app.register(scimRoutes, { hub });
  await app.register(
    async (admin) => {
      // Every route in this scope requires an effective ecosystem admin, checked on the server.
      guardEcosystemAdmin(admin, hub);
      await admin.register(adminRoutes, { hub });
      await admin.register(roleAdminRoutes, { hub });
      await admin.register(oauthClientAdminRoutes, { hub });
      await admin.register(registrationAdminRoutes, { hub });
      await admin.register(auditAdminRoutes, { hub });
      await admin.register(orgAdminRoutes, { hub });
      await admin.register(webhookAdminRoutes, { hub });
      await admin.register(ssfAdminRoutes, { hub });
      await admin.register(auditSinkAdminRoutes, { hub });
      await admin.register(erasureAdminRoutes, { hub });
      await admin.register(masterKeyAdminRoutes, { hub });
    },
    { prefix: '/api/admin' },
  );

  const webRoot = options.webRoot === undefined ? DEFAULT_WEB_ROOT : options.webRoot;
  const indexHtml = webRoot && existsSync(path.join(webRoot, 'index.html'));
  // `/` with the landing page's first screen already in it (vite.config.ts prerenderLanding), when the build wrote it.
  const landingHtml = indexHtml && existsSync(path.join(webRoot, LANDING_HTML));
  if (webRoot && indexHtml) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      // The build writes .br and .gz next to each asset (vite.config.ts): served with
      // Content-Encoding and Vary: Accept-Encoding to browsers that accept them, never as routes.
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz'],
      setHeaders(res, filePath) {
        // Vite fingerprints everything under /assets, so it can be cached forever; anything
        // else (index.html, the favicon) is revalidated on every use so a deploy shows at once.
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    // The server's own pages (a refused sign-in, consent) in the app's typeface, from the same build.
    const assets = path.join(webRoot, 'assets');
    const font = existsSync(assets) ? readdirSync(assets).find((f) => APP_FONT_FILE.test(f)) : undefined;
    setPageFont(font ? `/assets/${font}` : null);
  }

  app.setNotFoundHandler((request, reply) => {
    const url = pathOf(request.url);
    const isApi = API_PREFIXES.some((p) => url.startsWith(p) || `${url}/` === p);
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !isApi;
    if (wantsPage && indexHtml) {
      // The SPA owns every other path and renders its own 404 page for unknown ones.
      return reply.sendFile(url === '/' && landingHtml ? LANDING_HTML : 'index.html');
    }
    // Under /oauth/ even a wrong address answers in RFC 6749 §5.2 shape: clients parse only that.
    if (url.startsWith('/oauth/'))
      return reply
        .code(404)
        .send({ error: 'invalid_request', error_description: `No endpoint ${request.method} ${url}.` });
    return reply.code(404).send(errorBody('not_found', `No route for ${request.method} ${url}`));
  });

  return app;
}
