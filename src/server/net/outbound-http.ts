import http from 'node:http';
import https from 'node:https';
import type { IncomingHttpHeaders } from 'node:http';
import { checkOutboundUrl, OutboundRefusedError, pinnedLookup, type OutboundPolicy, type Resolver } from './outbound';

/**
 * One HTTP exchange through the outbound policy (net/outbound.ts): node:http rather than fetch,
 * because its `lookup` hook lets the connection go only to the address the policy checked. A 3xx
 * is an answer like any other (never followed); the answer is read up to `maxBytes`.
 */

export interface OutboundRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** The whole exchange, connect to last byte. */
  timeoutMs: number;
  /** The most of the answer that is read. */
  maxBytes: number;
  /** `fail` (default): a longer answer is an error; `truncate`: the first maxBytes are kept. */
  overflow?: 'fail' | 'truncate';
  /** Extra trust anchors for https (a SIEM receiver's own CA). */
  ca?: string | null;
  signal?: AbortSignal;
}

/** For a receiver whose status is the whole answer: its first KiB is read, the rest dropped. */
export const STATUS_ONLY = { maxBytes: 1024, overflow: 'truncate' } as const satisfies Partial<OutboundRequest>;

export interface OutboundResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export class OutboundResponseTooLarge extends Error {
  constructor() {
    super('the answer is larger than allowed');
  }
}

/**
 * Kept-alive sockets, one pool per policy (its resolver, and whether private targets are
 * allowed): a socket is made through the pinned lookup of the policy it serves, so it is connected
 * to an address that policy accepted, and only requests under the same policy reuse it. A
 * receiver that takes many deliveries is not connected to (and TLS-handshaken with) for each.
 */
const pools = new WeakMap<Resolver, Map<boolean, { http: http.Agent; https: https.Agent }>>();
/** An idle kept-alive socket is closed after this long. */
const IDLE_SOCKET_MS = 15_000;

function agentFor(policy: OutboundPolicy, protocol: string): http.Agent {
  let byPrivate = pools.get(policy.resolver);
  if (!byPrivate) pools.set(policy.resolver, (byPrivate = new Map()));
  let agents = byPrivate.get(policy.allowPrivate);
  if (!agents) {
    const options = { keepAlive: true, timeout: IDLE_SOCKET_MS };
    byPrivate.set(policy.allowPrivate, (agents = { http: new http.Agent(options), https: new https.Agent(options) }));
  }
  return protocol === 'https:' ? agents.https : agents.http;
}

/** Sends one request; rejects with OutboundRefusedError, a network error or a limit. */
export function outboundRequest(
  target: string | URL,
  request: OutboundRequest,
  policy: OutboundPolicy,
): Promise<OutboundResponse> {
  const checked = checkOutboundUrl(target, policy);
  if ('refused' in checked) return Promise.reject(new OutboundRefusedError(checked.refused));
  const url = checked.url;
  const client = url.protocol === 'https:' ? https : http;
  const body = request.body ?? null;
  return new Promise((resolve, reject) => {
    const req = client.request(url, {
      method: request.method ?? 'GET',
      lookup: pinnedLookup(policy),
      headers: {
        ...request.headers,
        ...(body !== null ? { 'content-length': String(Buffer.byteLength(body)) } : {}),
      },
      ...(request.ca && url.protocol === 'https:' ? { ca: request.ca } : {}),
      agent: agentFor(policy, url.protocol),
    });
    let settled = false;
    const deadline = setTimeout(() => req.destroy(new Error('timeout')), request.timeoutMs);
    const onAbort = () => req.destroy(new Error('aborted'));
    request.signal?.addEventListener('abort', onAbort, { once: true });
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      request.signal?.removeEventListener('abort', onAbort);
      outcome();
    };
    req.on('error', (e) => settle(() => reject(e)));
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const finish = () =>
        settle(() => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('data', (chunk: Buffer) => {
        if (settled) return;
        const room = request.maxBytes - size;
        size += chunk.length;
        if (size <= request.maxBytes) return void chunks.push(chunk);
        if (request.overflow === 'truncate') {
          if (room > 0) chunks.push(chunk.subarray(0, room));
          finish();
        } else settle(() => reject(new OutboundResponseTooLarge()));
        res.destroy();
      });
      res.on('end', finish);
      res.on('error', (e) => settle(() => reject(e)));
    });
    req.end(body ?? undefined);
  });
}

function headersOf(init: HeadersInit | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  new Headers(init).forEach((value, name) => (out[name] = value));
  return out;
}

type FetchInit = { method?: string; headers?: HeadersInit; body?: unknown; signal?: AbortSignal | null };

async function bodyOf(body: unknown): Promise<string | Buffer | undefined> {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return body;
  if (body instanceof URLSearchParams) return body.toString();
  if (body instanceof ArrayBuffer) return Buffer.from(body);
  if (ArrayBuffer.isView(body)) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  return Buffer.from(await new Response(body as BodyInit).arrayBuffer());
}

/**
 * A fetch for libraries that take one (openid-client's `customFetch`): the same policy and limits
 * as every other outbound call, redirects answered, never followed.
 */
export function outboundFetch(policy: OutboundPolicy, limits: { timeoutMs: number; maxBytes: number }) {
  return async (url: string, init: FetchInit = {}): Promise<Response> => {
    const answer = await outboundRequest(
      url,
      {
        method: init.method,
        headers: headersOf(init.headers),
        body: await bodyOf(init.body),
        signal: init.signal ?? undefined,
        ...limits,
      },
      policy,
    );
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      for (const v of Array.isArray(value) ? value : [value ?? '']) headers.append(name, v);
    }
    const empty = answer.status === 204 || answer.status === 205 || answer.status === 304 || init.method === 'HEAD';
    return new Response(empty ? null : new Uint8Array(answer.body), { status: answer.status, headers });
  };
}
