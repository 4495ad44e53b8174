import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Hub } from '../../hub';
import { matchesIfNoneMatch, precompute, type PrecomputedDocument } from '../../http/precomputed';
import { buildSecurityHeaders } from '../../plugins/security-headers';
import { oauthRuntime } from '../runtime';
import { discoveryDocument } from './discovery';

export const DISCOVERY_PATH = '/.well-known/openid-configuration';
export const JWKS_PATH = '/oauth/jwks';
/** Discovery changes only with a deploy (or the public URL): verifiers may keep it five minutes. */
const DISCOVERY_MAX_AGE_S = 300;

const discoveryCache = new WeakMap<Hub, PrecomputedDocument & { issuer: string }>();

/** The discovery document as bytes, built once per issuer (the public URL is read per call: e2e tests learn their port late). */
export function discoveryAnswer(hub: Hub): PrecomputedDocument {
  const cached = discoveryCache.get(hub);
  if (cached && cached.issuer === hub.config.publicUrl) return cached;
  const doc = {
    ...precompute(JSON.stringify(discoveryDocument(hub)), 'application/json; charset=utf-8', DISCOVERY_MAX_AGE_S),
    issuer: hub.config.publicUrl,
  };
  discoveryCache.set(hub, doc);
  return doc;
}

/** The JWKS as bytes, rebuilt only when the key set (or which keys are still published) changes. */
export async function jwksAnswer(hub: Hub): Promise<PrecomputedDocument> {
  return oauthRuntime(hub).keys.jwksDocument();
}

/** The JWKS bytes when they are ready and current, without waiting; undefined otherwise. */
function jwksAnswerNow(hub: Hub): PrecomputedDocument | undefined {
  return oauthRuntime(hub).keys.jwksDocumentNow();
}

/** What the fast path reports of each answer: the access log and metrics (observability/http.ts). */
export type FastPathObserver = (
  req: IncomingMessage,
  route: string,
  status: number,
  requestId: string,
  startedAt: number,
) => void;

/**
 * The fast path in front of the router for the two documents every verifier polls: a GET of
 * exactly /.well-known/openid-configuration or /oauth/jwks is answered from the precomputed
 * bytes with the same headers the routes send (tests/server/oauth/well-known.test.ts compares
 * them), 304 when If-None-Match matches; the answer gets a request id, an access-log line and
 * its metrics like any other. Anything else — another method, a query string, another spelling
 * of the path, a JWKS not loaded yet — goes to Fastify as usual.
 */
export function createWellKnownFastPath(
  hub: Hub,
  requestId: (req: IncomingMessage) => string,
  observe: FastPathObserver,
) {
  const common = buildSecurityHeaders(hub.config);
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if (req.method !== 'GET') return false;
    const route = req.url;
    const doc = route === DISCOVERY_PATH ? discoveryAnswer(hub) : route === JWKS_PATH ? jwksAnswerNow(hub) : null;
    if (!doc) return false;
    const startedAt = performance.now();
    const id = requestId(req);
    const draining = hub.lifecycle.draining ? { connection: 'close' } : undefined;
    let status = 200;
    if (matchesIfNoneMatch(req.headers['if-none-match'], doc.etag)) {
      status = 304;
      res.writeHead(304, {
        ...common,
        'x-request-id': id,
        'cache-control': doc.headers['cache-control'],
        etag: doc.etag,
        ...draining,
      });
      res.end();
    } else {
      res.writeHead(200, {
        ...common,
        'x-request-id': id,
        ...doc.headers,
        'content-length': Buffer.byteLength(doc.body),
        ...draining,
      });
      res.end(doc.body);
    }
    observe(req, route!, status, id, startedAt);
    return true;
  };
}
