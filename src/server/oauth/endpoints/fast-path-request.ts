import type { IncomingMessage, ServerResponse } from 'node:http';
import { isIP } from 'node:net';
import type { Hub } from '../../hub';
import { buildSecurityHeaders } from '../../plugins/security-headers';

/** A form the fast paths read (a token, a code and its verifier, a redirect URI) fits in this; longer goes to the router. */
const MAX_BODY = 8192;
/**
 * The bytes whose form decoding no parser can disagree on: base64url, the JWT's dots, `=` and `&`,
 * and `%` escapes where the caller decodes them (never `+`). A body with anything else goes to the router.
 */
const PLAIN_FORM = /^[A-Za-z0-9._~=&%-]*$/;
/** What a decoded value may hold: printable ASCII (anything else is the input sanitizer's to judge). */
const PRINTABLE = /^[\x20-\x7e]*$/;

/**
 * The requests a fast path before routing may take (introspect-fast-path.ts, token-fast-path.ts):
 * a POST of exactly `path`, a form of known length with no transfer or content encoding, a client
 * authenticated by client_secret_basic, no browser (cookie, origin: the session and CSRF hooks
 * decide those), no DPoP proof unless `options.dpop` (the token endpoint checks one with the route's
 * own function, token-fast-path.ts), and a caller's address read as Fastify reads it (callerAddress).
 */
export function takesFastPath(hub: Hub, req: IncomingMessage, path: string, options: { dpop?: boolean } = {}): boolean {
  if (req.method !== 'POST' || req.url !== path) return false;
  const { headers } = req;
  const length = Number(headers['content-length']);
  return (
    headers['content-type'] === 'application/x-www-form-urlencoded' &&
    length > 0 &&
    length <= MAX_BODY &&
    headers['transfer-encoding'] === undefined &&
    headers['content-encoding'] === undefined &&
    headers.cookie === undefined &&
    headers.origin === undefined &&
    (options.dpop === true || headers.dpop === undefined) &&
    callerAddress(hub, req) !== undefined &&
    /^basic /i.test(headers.authorization ?? '')
  );
}

/**
 * Reads the body a fast path took, then calls `then` with it and whether it is whole (the length
 * the request declared). A request aborted half-way has no one left to answer.
 */
export function readBody(
  req: IncomingMessage,
  res: ServerResponse,
  then: (body: Buffer, whole: boolean) => void,
): void {
  const length = Number(req.headers['content-length']);
  const chunks: Buffer[] = [];
  let size = 0;
  req.on('data', (chunk: Buffer) => {
    size += chunk.length;
    chunks.push(chunk);
  });
  req.on('error', () => res.destroy());
  req.on('end', () => then(Buffer.concat(chunks), size === length));
}

/**
 * The form's fields, each at most once and each one of `keys`; undefined for any other form.
 * With `decode`, `%` escapes are decoded (strictly: a malformed one, or a value that is not
 * printable ASCII, leaves the form to the router).
 */
export function readPlainForm(
  body: Buffer,
  keys: ReadonlySet<string>,
  decode = false,
): Record<string, string> | undefined {
  const text = body.toString('latin1');
  if (!PLAIN_FORM.test(text) || (!decode && text.includes('%'))) return undefined;
  const form: Record<string, string> = {};
  for (const pair of text.split('&')) {
    const i = pair.indexOf('=');
    const key = i < 0 ? pair : pair.slice(0, i);
    if (!keys.has(key) || key in form) return undefined;
    const raw = i < 0 ? '' : pair.slice(i + 1);
    if (!raw.includes('%')) form[key] = raw;
    else {
      try {
        form[key] = decodeURIComponent(raw);
      } catch {
        return undefined;
      }
      if (!PRINTABLE.test(form[key])) return undefined;
    }
  }
  return form;
}

/** The headers the OAuth routes send with a JSON answer that must not be cached, as a flat list. */
export function noStoreJsonHeaders(hub: Hub): string[] {
  return Object.entries({
    ...buildSecurityHeaders(hub.config),
    'cache-control': 'no-store',
    pragma: 'no-cache',
    'content-type': 'application/json; charset=utf-8',
  }).flat();
}

/** Sends a fast path's JSON answer with those headers, its length and request id (and `Connection: close` while draining). */
export function sendJson(
  hub: Hub,
  res: ServerResponse,
  common: readonly string[],
  requestId: string,
  answer: unknown,
): void {
  const json = Buffer.from(JSON.stringify(answer));
  const headers = [...common, 'content-length', String(json.length), 'x-request-id', requestId];
  if (hub.lifecycle.draining) headers.push('connection', 'close');
  res.writeHead(200, headers);
  res.end(json);
}

/**
 * The caller's address as Fastify's `request.ip` gives it for this hub: the socket's, or — behind
 * a trusted proxy (HUB_TRUST_PROXY, every hop trusted) — the left-most X-Forwarded-For entry, as
 * proxy-addr picks it. Undefined when that entry is not a plain IP address: such a request is the
 * route's, which reads the header itself. So a hub behind a balancer takes the fast paths too.
 */
export function callerAddress(hub: Hub, req: IncomingMessage): string | null | undefined {
  const forwarded = req.headers['x-forwarded-for'];
  if (!hub.config.trustProxy || forwarded === undefined) return req.socket.remoteAddress ?? null;
  const first = (Array.isArray(forwarded) ? forwarded.join(',') : forwarded).split(',')[0]!.trim();
  return isIP(first) ? first : undefined;
}
