import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboundFetch, outboundRequest, OutboundResponseTooLarge } from '../../../src/server/net/outbound-http';
import {
  OutboundRefusedError,
  pinnedLookup,
  type OutboundPolicy,
  type Resolver,
} from '../../../src/server/net/outbound';

/** A receiver on loopback that counts what reaches it, by path. */
let server: Server;
let base: string;
const hits = new Map<string, number>();

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = req.url ?? '/';
    hits.set(path, (hits.get(path) ?? 0) + 1);
    if (path === '/redirect') res.writeHead(302, { location: `${base}/target` }).end();
    else if (path === '/large') res.writeHead(200).end('x'.repeat(10_000));
    else if (path === '/silent')
      return; // never answers
    else res.writeHead(200, { 'content-type': 'application/json', 'x-two': 'b' }).end('{"ok":true}');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const stub = (answers: string[]): Resolver & { calls: string[] } => {
  const calls: string[] = [];
  const resolver = async (host: string) => {
    calls.push(host);
    const address = answers[Math.min(calls.length - 1, answers.length - 1)];
    return [{ address, family: address.includes(':') ? 6 : 4 }];
  };
  return Object.assign(resolver, { calls });
};
const policy = (allowPrivate: boolean, resolver: Resolver = stub(['127.0.0.1'])): OutboundPolicy => ({
  allowPrivate,
  isProduction: false,
  resolver,
});
const limits = { timeoutMs: 5_000, maxBytes: 1024 };

describe('outboundRequest', () => {
  it('refuses a loopback literal unless private targets are allowed, and sends nothing', async () => {
    const before = hits.get('/ping') ?? 0;
    await expect(outboundRequest(`${base}/ping`, limits, policy(false))).rejects.toMatchObject({ refusal: 'loopback' });
    expect(hits.get('/ping') ?? 0).toBe(before);
    const answer = await outboundRequest(`${base}/ping`, limits, policy(true));
    expect(answer.status).toBe(200);
    expect(answer.body.toString()).toBe('{"ok":true}');
  });

  it('refuses what the policy refuses before any lookup', async () => {
    const resolver = stub(['93.184.216.34']);
    for (const [url, refusal] of [
      ['http://public.example/', 'https_required'],
      ['ftp://public.example/', 'scheme'],
      ['https://user:pw@public.example/', 'credentials'],
      ['https://169.254.169.254/latest/meta-data', 'link_local'],
      ['https://[64:ff9b::a9fe:a9fe]/', 'translated'],
      ['https://localhost./', 'loopback'],
      ['not a url', 'not_a_url'],
    ] as const) {
      const error = await outboundRequest(url, limits, policy(false, resolver)).catch((e: unknown) => e);
      expect(error, url).toBeInstanceOf(OutboundRefusedError);
      expect((error as OutboundRefusedError).refusal, url).toBe(refusal);
    }
    expect(resolver.calls).toEqual([]);
  });

  it('in production, plain http is refused even to this machine', async () => {
    const error = await outboundRequest(`${base}/ping`, limits, { ...policy(true), isProduction: true }).catch(
      (e) => e,
    );
    expect((error as OutboundRefusedError).refusal).toBe('https_required');
  });

  it('connects a name to the address its one lookup was checked at', async () => {
    const refused = stub(['127.0.0.1']);
    const port = new URL(base).port;
    await expect(
      outboundRequest(`http://svc.localhost:${port}/ping`, limits, policy(false, refused)),
    ).rejects.toMatchObject({
      refusal: 'loopback',
    });
    const allowed = stub(['127.0.0.1']);
    const answer = await outboundRequest(`http://svc.localhost:${port}/ping`, limits, policy(true, allowed));
    expect(answer.status).toBe(200);
    expect(allowed.calls).toEqual(['svc.localhost']);
  });

  it('answers a redirect without following it', async () => {
    const answer = await outboundRequest(`${base}/redirect`, limits, policy(true));
    expect(answer.status).toBe(302);
    expect(hits.get('/target') ?? 0).toBe(0);
  });

  it('fails an answer over the size limit, or keeps its start when asked to', async () => {
    await expect(outboundRequest(`${base}/large`, limits, policy(true))).rejects.toBeInstanceOf(
      OutboundResponseTooLarge,
    );
    const kept = await outboundRequest(`${base}/large`, { ...limits, overflow: 'truncate' }, policy(true));
    expect(kept.status).toBe(200);
    expect(kept.body.length).toBe(1024);
  });

  it('ends an exchange that outlasts its time limit', async () => {
    await expect(outboundRequest(`${base}/silent`, { ...limits, timeoutMs: 100 }, policy(true))).rejects.toThrow(
      'timeout',
    );
  });
});

describe('pinnedLookup', () => {
  it('checks every answer it hands to the socket: a name that turns private between lookups is refused', async () => {
    // 93.184.216.34 is only classified here, never connected to.
    const lookup = pinnedLookup(policy(false, stub(['93.184.216.34', '10.0.0.7'])));
    const first = await new Promise<[unknown, unknown]>((r) => lookup('rebind.example', {}, (e, a) => r([e, a])));
    expect(first).toEqual([null, '93.184.216.34']);
    const second = await new Promise<[unknown, unknown]>((r) => lookup('rebind.example', {}, (e, a) => r([e, a])));
    expect(second[0]).toBeInstanceOf(OutboundRefusedError);
    expect((second[0] as OutboundRefusedError).refusal).toBe('private');
  });

  it('refuses a name when any one of its answers is not public', async () => {
    const resolver: Resolver = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '::ffff:169.254.169.254', family: 6 },
    ];
    const lookup = pinnedLookup(policy(false, resolver));
    const [error] = await new Promise<[unknown]>((r) => lookup('mixed.example', { all: true }, (e) => r([e])));
    expect((error as OutboundRefusedError).refusal).toBe('link_local');
  });
});

describe('outboundFetch (what openid-client is given as customFetch)', () => {
  it('answers as fetch does, under the same policy', async () => {
    const fetchOut = outboundFetch(policy(true), limits);
    const res = await fetchOut(`${base}/ping`, {
      method: 'POST',
      headers: { accept: 'application/json' },
      body: new URLSearchParams({ a: '1' }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-two')).toBe('b');
    expect(await res.json()).toEqual({ ok: true });
    const redirect = await fetchOut(`${base}/redirect`);
    expect(redirect.status).toBe(302);
    await expect(outboundFetch(policy(false), limits)(`${base}/ping`)).rejects.toBeInstanceOf(OutboundRefusedError);
  });
});
