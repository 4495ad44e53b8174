import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request, type IncomingMessage } from 'node:http';
import net from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/config';
import { PROJECT_ROOT } from '../../../src/server/paths';
import { drainApp } from '../../../src/server/plugins/drain';
import { countStatements } from '../../helpers/count-statements';
import { createTestHub, type TestHub } from '../../helpers/test-hub';
import { basic, form, FORM, registerClient, type RegisteredClient } from '../oauth/oauth-helpers';

/**
 * The drain on SIGTERM (src/server/plugins/drain.ts) on a listening hub: the listener stays open,
 * a new request is refused before any work, a request already accepted completes, and the
 * listener closes once the refusals stop.
 */
interface Answer {
  status: number;
  headers: IncomingMessage['headers'];
  body: string;
}

/** One request on a connection of its own, as a balancer without upstream keep-alive sends it. */
function send(url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  return new Promise<Answer>((resolve, reject) => {
    const req = request(url, { method: init.method ?? 'GET', headers: init.headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }),
      );
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

/** Whether a TCP connection to `port` is refused (the listener is closed). */
function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(false)));
    socket.once('error', (e: NodeJS.ErrnoException) => resolve(e.code === 'ECONNREFUSED'));
  });
}

describe('drain on SIGTERM', () => {
  let t: TestHub;
  let client: RegisteredClient;

  beforeEach(async () => {
    t = await createTestHub('pglite', { listen: true, realClock: true });
    client = await registerClient(t);
  });
  afterEach(async () => {
    await t?.close();
  });

  it('refuses a new request with 503 + Connection: close before any work, completes the one in flight, then closes', async () => {
    const port = Number(new URL(t.baseUrl!).port);
    const tokenBody = form({ grant_type: 'client_credentials', scope: 'read:profile' });

    // A token request in flight: its headers are in (onRequest has run), its body is not yet.
    const arrived = new Promise<void>((resolve) => t.app.server.once('request', () => resolve()));
    const inFlight = net.connect(port, '127.0.0.1');
    const raw: Buffer[] = [];
    inFlight.on('data', (c: Buffer) => raw.push(c));
    const inFlightEnded = new Promise<void>((resolve) => inFlight.once('end', resolve));
    inFlight.write(
      [
        'POST /oauth/token HTTP/1.1',
        `Host: 127.0.0.1:${port}`,
        `Authorization: ${basic(client)}`,
        `Content-Type: ${FORM['content-type']}`,
        `Content-Length: ${Buffer.byteLength(tokenBody)}`,
        '',
        '',
      ].join('\r\n'),
    );
    await arrived;

    // SIGTERM, as main.ts does it: readiness fails, the drain begins (no delay: the defaults).
    t.hub.lifecycle.draining = true;
    let closed = false;
    const drained = drainApp(t.app, { delayMs: 0, quietMs: 300, maxMs: 30_000, timeoutMs: 30_000 }).then(
      () => (closed = true),
    );

    const statements = countStatements();
    let refusals: Answer[];
    try {
      refusals = [
        await send(`${t.baseUrl}/oauth/token`, {
          method: 'POST',
          headers: { ...FORM, authorization: basic(client) },
          body: tokenBody,
        }),
        await send(`${t.baseUrl}/api/auth/sign-in`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-hub-csrf': '1' },
          body: JSON.stringify({ email: 'someone@example.test', password: 'Wrong-Password-42!' }),
        }),
        // The precomputed discovery answer is refused as well.
        await send(`${t.baseUrl}/.well-known/openid-configuration`),
      ];
    } finally {
      statements.stop();
    }
    // Nothing was done for them: not one statement reached the database.
    expect(statements.texts).toEqual([]);
    for (const r of refusals) {
      expect(r.status).toBe(503);
      expect(r.headers.connection).toBe('close');
      expect(r.headers['retry-after']).toBe('1');
    }
    expect(JSON.parse(refusals[0].body)).toMatchObject({ error: 'temporarily_unavailable' });
    expect(JSON.parse(refusals[1].body)).toMatchObject({ error: { code: 'draining' } });
    // Probes still tell the truth: alive, not ready.
    expect((await send(`${t.baseUrl}/api/health/live`)).status).toBe(200);
    const ready = await send(`${t.baseUrl}/api/health/ready`);
    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.body)).toMatchObject({ checks: { draining: true } });
    expect(closed).toBe(false);

    // The request in flight completes, answered with Connection: close.
    inFlight.end(tokenBody);
    await inFlightEnded;
    const answer = Buffer.concat(raw).toString();
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer.toLowerCase()).toContain('connection: close');
    expect(answer).toContain('"access_token"');

    // No more arrivals: the listener closes after the quiet period.
    await drained;
    expect(await refused(port)).toBe(true);
  });
});

/**
 * docs/operating-drain.md documents the balancer configurations the cluster harness runs and
 * tests/cluster/drain.test.ts proves: the lines that make the drain lossless must be in both.
 */
describe('the documented balancer configurations', () => {
  const doc = readFileSync(`${PROJECT_ROOT}/docs/operating-drain.md`, 'utf8');
  const harness = readFileSync(`${PROJECT_ROOT}/scripts/cluster/cluster.ts`, 'utf8');
  const lines = [
    'max_fails=0;',
    'proxy_next_upstream error timeout http_503 non_idempotent;',
    'proxy_next_upstream_tries 3;',
    'retry-on conn-failure 503',
    'option redispatch 1',
    'option httpchk GET /api/health/ready',
    'http-check expect status 200',
    'default-server inter 1s fall 2 rise 2',
  ];
  it.each(lines)('%s', (line) => {
    expect(doc).toContain(line);
    expect(harness).toContain(line);
  });
  it('names every drain setting with its default as config.ts has it', () => {
    const config = loadConfig({ HUB_MASTER_KEY: randomBytes(32).toString('base64') });
    for (const [name, value] of [
      ['HUB_SHUTDOWN_DELAY_MS', config.shutdownDelayMs],
      ['HUB_DRAIN_QUIET_MS', config.drainQuietMs],
      ['HUB_DRAIN_MAX_MS', config.drainMaxMs],
      ['HUB_SHUTDOWN_TIMEOUT_MS', config.shutdownTimeoutMs],
    ] as const)
      expect(doc).toContain(`| \`${name}\` | ${value} |`);
  });
});
