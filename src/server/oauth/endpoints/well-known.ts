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

/**
 * The fast path in front of the router for the two documents every verifier polls: a GET of
 * exactly /.well-known/openid-configuration or /oauth/jwks is answered from the precomputed
 * bytes with the same headers the routes send (tests/server/oauth/well-known.test.ts compares
 * them), 304 when If-None-Match matches. Anything else — another method, a query string,
 * another spelling of the path, a JWKS not loaded yet — goes to Fastify as usual.
 */
export function createWellKnownFastPath(hub: Hub) {
  const common = buildSecurityHeaders(hub.config);
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if (req.method !== 'GET') return false;
    const doc = req.url === DISCOVERY_PATH ? discoveryAnswer(hub) : req.url === JWKS_PATH ? jwksAnswerNow(hub) : null;
    if (!doc) return false;
    if (matchesIfNoneMatch(req.headers['if-none-match'], doc.etag)) {
      res.writeHead(304, { ...common, 'cache-control': doc.headers['cache-control'], etag: doc.etag });
      res.end();
      return true;
    }
    res.writeHead(200, { ...common, ...doc.headers, 'content-length': Buffer.byteLength(doc.body) });
    res.end(doc.body);
    return true;
  };
}
