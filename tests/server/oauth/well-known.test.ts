import { describe, expect, it } from 'vitest';
import { TEST_DATABASES } from '../../helpers/test-hub';
import { oauthRuntime } from '../../../src/server/oauth/runtime';
import { useTestHub } from '../../helpers/use-test-hub';

const PATHS = ['/.well-known/openid-configuration', '/oauth/jwks'] as const;
/** Headers that belong to the connection or the moment, not to the answer. */
const TRANSPORT = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/**
 * Discovery and the JWKS are precomputed bytes with a strong ETag and Cache-Control: a
 * conditional GET is a 304, a key rotation changes the JWKS bytes and ETag, and the fast path a
 * listening hub takes before routing answers exactly what the routes answer.
 */
describe.each(TEST_DATABASES)('discovery and JWKS as precomputed documents [%s]', (kind) => {
  const t = useTestHub(kind, { listen: true });

  const base = () => t.hub.config.publicUrl;
  const headersOf = (h: Headers | Record<string, unknown>) =>
    Object.fromEntries(
      (h instanceof Headers ? [...h.entries()] : Object.entries(h))
        .filter(([k]) => !TRANSPORT.has(k.toLowerCase()))
        .map(([k, v]) => [k.toLowerCase(), String(v)]),
    );

  /** hub_http_requests_total for GET <path> 200. */
  const answered = async (path: string) => {
    const line = (await t.hub.metrics.scrape())
      .split('\n')
      .find(
        (l) => l.startsWith('hub_http_requests_total{') && l.includes(`route="${path}"`) && l.includes('status="200"'),
      );
    return line ? Number(line.split(' ').pop()) : 0;
  };

  it.each(PATHS)('%s: ETag, Cache-Control, CORS, and 304 on a current If-None-Match', async (path) => {
    const first = await t.client.get(path);
    expect(first.statusCode).toBe(200);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(first.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
    expect(first.headers['access-control-allow-origin']).toBe('*');
    expect(first.json()).toBeTypeOf('object');
    const again = await t.client.get(path);
    expect(again.body).toBe(first.body);
    expect(again.headers.etag).toBe(etag);
    for (const inm of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const cond = await t.client.get(path, { headers: { 'if-none-match': inm } });
      expect(cond.statusCode).toBe(304);
      expect(cond.body).toBe('');
      expect(cond.headers.etag).toBe(etag);
    }
    const stale = await t.client.get(path, { headers: { 'if-none-match': '"stale"' } });
    expect(stale.statusCode).toBe(200);
    expect(stale.body).toBe(first.body);
  });

  it.each(PATHS)('%s: the fast path answers the same bytes and headers as the route', async (path) => {
    const routed = await t.client.get(path);
    const countedBefore = await answered(path);
    // Fetch until the JWKS is loaded in this process (the route loads it; the fast path never waits).
    const fast = await fetch(`${base()}${path}`);
    const fastBody = await fast.text();
    expect(fast.status).toBe(200);
    expect(fastBody).toBe(routed.body);
    const fastHeaders = headersOf(fast.headers);
    const routedHeaders = headersOf(routed.headers as Record<string, unknown>);
    // Every answer has its own request id; the rest is the same.
    expect(fastHeaders['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(fastHeaders['x-request-id']).not.toBe(routedHeaders['x-request-id']);
    expect({ ...fastHeaders, 'x-request-id': '' }).toEqual({ ...routedHeaders, 'x-request-id': '' });
    // Counted like a routed answer, under the route's pattern.
    expect(await answered(path)).toBe(countedBefore + 1);
    const cond = await fetch(`${base()}${path}`, { headers: { 'if-none-match': String(routed.headers.etag) } });
    expect(cond.status).toBe(304);
    expect(await cond.text()).toBe('');
    // A query string goes through the router: same document.
    expect(await (await fetch(`${base()}${path}?x=1`)).text()).toBe(routed.body);
  });

  it('a key rotation changes the JWKS bytes and ETag; the old ETag no longer matches', async () => {
    const before = await t.client.get('/oauth/jwks');
    await oauthRuntime(t.hub).keys.rotate('ES256', { force: true });
    const after = await t.client.get('/oauth/jwks');
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.body).not.toBe(before.body);
    const old = await fetch(`${base()}/oauth/jwks`, { headers: { 'if-none-match': String(before.headers.etag) } });
    expect(old.status).toBe(200);
    expect(await old.text()).toBe(after.body);
  });
});
