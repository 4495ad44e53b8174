import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Hub } from '../../hub';
import { buildSecurityHeaders } from '../../plugins/security-headers';
import { basicClientNow } from '../client-auth';
import { introspectFromCaches } from './introspect';
import type { FastPathObserver } from './well-known';

const INTROSPECT_PATH = '/oauth/introspect';
/** A form of a token (≤ 4096 characters, longer is never ours) and a type hint fits in this. */
const MAX_BODY = 8192;
/**
 * The bytes whose form decoding no parser can disagree on: base64url, the JWT's dots, `=` and `&`
 * (no `%`, no `+`). A body with anything else goes to the router.
 */
const PLAIN_FORM = /^[A-Za-z0-9._~=&-]*$/;

/**
 * The fast path in front of the router for the introspection of an access token this node holds:
 * a POST of exactly /oauth/introspect, a form of `token` (and `token_type_hint`) only, the client
 * authenticated by client_secret_basic from the client cache, the token's claims and its session
 * in the caches — then the answer is `introspectFromCaches`'s, with the headers the route sends
 * (tests/server/oauth/introspect-fast-path.test.ts compares them), a request id, an access-log
 * line and the metrics. Anything else — another client authentication, a refusal, a token whose
 * state must be read — goes to the router with the body as it came (`route`), where every error
 * is answered and audited as before. Returns false when it did not take the request at all.
 */
export function createIntrospectFastPath(
  hub: Hub,
  requestId: (req: IncomingMessage) => string,
  observe: FastPathObserver,
  route: (req: IncomingMessage, res: ServerResponse, body: Buffer) => void,
) {
  const common = Object.entries({
    ...buildSecurityHeaders(hub.config),
    'cache-control': 'no-store',
    pragma: 'no-cache',
    'content-type': 'application/json; charset=utf-8',
  }).flat();
  /** The answer from the caches, or undefined for the route to give. */
  const answerOf = (req: IncomingMessage, body: Buffer): Record<string, unknown> | undefined => {
    const form = readForm(body);
    const client = form && basicClientNow(hub, req.headers.authorization);
    return form?.token && client ? introspectFromCaches(hub, client, form.token) : undefined;
  };
  const send = (req: IncomingMessage, res: ServerResponse, found: Record<string, unknown>, startedAt: number) => {
    const id = requestId(req);
    const json = Buffer.from(JSON.stringify(found));
    const headers = [...common, 'content-length', String(json.length), 'x-request-id', id];
    if (hub.lifecycle.draining) headers.push('connection', 'close');
    res.writeHead(200, headers);
    res.end(json);
    observe(req, INTROSPECT_PATH, 200, id, startedAt);
  };
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if (req.method !== 'POST' || req.url !== INTROSPECT_PATH) return false;
    const { headers } = req;
    const length = Number(headers['content-length']);
    if (
      headers['content-type'] !== 'application/x-www-form-urlencoded' ||
      !(length > 0 && length <= MAX_BODY) ||
      headers['transfer-encoding'] !== undefined ||
      headers['content-encoding'] !== undefined ||
      // A browser's request (cookie, origin) goes through the session and CSRF hooks as usual.
      headers.cookie !== undefined ||
      headers.origin !== undefined ||
      // A DPoP proof must be checked and its jti spent (oauth/dpop.ts): the route does that.
      headers.dpop !== undefined ||
      !/^basic /i.test(headers.authorization ?? '')
    )
      return false;
    const startedAt = performance.now();
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      chunks.push(chunk);
    });
    // A request aborted half-way has no one left to answer (without a listener it would throw).
    req.on('error', () => res.destroy());
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      let found: Record<string, unknown> | undefined;
      try {
        found = size === length ? answerOf(req, body) : undefined;
      } catch {
        found = undefined; // whatever went wrong, the route answers it as it always would
      }
      // Fastify reads the same bytes again and decides as it always does (a wrong length too).
      if (found) send(req, res, found, startedAt);
      else route(req, res, body);
    });
    return true;
  };
}

/** `token` and `token_type_hint`, each at most once, nothing else; undefined for any other form. */
function readForm(body: Buffer): { token?: string } | undefined {
  const text = body.toString('latin1');
  if (!PLAIN_FORM.test(text)) return undefined;
  const form: Record<string, string> = {};
  for (const pair of text.split('&')) {
    const i = pair.indexOf('=');
    const key = i < 0 ? pair : pair.slice(0, i);
    if ((key !== 'token' && key !== 'token_type_hint') || key in form) return undefined;
    form[key] = i < 0 ? '' : pair.slice(i + 1);
  }
  return form;
}
