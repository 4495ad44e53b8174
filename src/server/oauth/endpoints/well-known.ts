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

/** The discovery document as bytes, built once per issuer (the public URL is read per call: e2e tests learn their port late). */
export function discoveryAnswer(hub: Hub): PrecomputedDocument {
  const cached = hub.caches.discovery;
  if (cached.document?.issuer === hub.config.publicUrl) return cached.document;
  cached.document = {
    ...precompute(JSON.stringify(discoveryDocument(hub)), 'application/json; charset=utf-8', DISCOVERY_MAX_AGE_S),
    issuer: hub.config.publicUrl,
  };
  return cached.document;
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
  // Per document (a new one only when its bytes change): the body as bytes and every header but
  // the request id as one flat list, so an answer builds no header object and encodes nothing.
  const prepared = new WeakMap<PrecomputedDocument, { body: Buffer; ok: string[]; notModified: string[] }>();
  const prepare = (doc: PrecomputedDocument) => {
    let p = prepared.get(doc);
    if (!p) {
      const body = Buffer.from(doc.body);
      const flat = (headers: Record<string, string | number>) =>
        Object.entries(headers).flatMap(([k, v]) => [k, String(v)]);
      p = {
        body,
        ok: flat({ ...common, ...doc.headers, 'content-length': body.length }),
        notModified: flat({ ...common, 'cache-control': doc.headers['cache-control'], etag: doc.etag }),
      };
      prepared.set(doc, p);
    }
    return p;
  };
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if (req.method !== 'GET') return false;
    const route = req.url;
    const doc = route === DISCOVERY_PATH ? discoveryAnswer(hub) : route === JWKS_PATH ? jwksAnswerNow(hub) : null;
    if (!doc) return false;
    const startedAt = performance.now();
    const id = requestId(req);
    const { body, ok, notModified } = prepare(doc);
    const fresh = matchesIfNoneMatch(req.headers['if-none-match'], doc.etag);
    const headers = [...(fresh ? notModified : ok), 'x-request-id', id];
    if (hub.lifecycle.draining) headers.push('connection', 'close');
    const status = fresh ? 304 : 200;
    res.writeHead(status, headers);
    if (fresh) res.end();
    else res.end(body);
    observe(req, route!, status, id, startedAt);
    return true;
  };
}
