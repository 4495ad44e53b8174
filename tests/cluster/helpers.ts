import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Webhook } from 'standardwebhooks';
import pg from 'pg';
import type { Cluster } from '../../scripts/cluster/cluster';
import { loadConfig } from '../../src/server/config';
import { createHub } from '../../src/server/create-hub';
import type { Hub } from '../../src/server/hub';

/**
 * The test's own connections to the cluster's database: a hub for fixtures (clients, users, key
 * rotation) and a pool for counts. A pool, not a client: it reconnects by itself after a test
 * restarts PostgreSQL.
 */
export async function connectToCluster(cluster: Cluster): Promise<{ hub: Hub; sql: pg.Pool }> {
  const config = {
    ...loadConfig({ LOG_LEVEL: 'silent', HUB_MASTER_KEY: cluster.masterKey, DATABASE_URL: cluster.db.url }),
    publicUrl: cluster.balancerUrl,
  };
  const hub = await createHub({ config, skipMigrations: true });
  const sql = new pg.Pool({ connectionString: cluster.db.url, max: 2 });
  sql.on('error', () => {});
  return { hub, sql };
}

/** What `http` answers: the parts of fetch's Response the cluster tests read. */
export interface HttpAnswer {
  status: number;
  headers: { get(name: string): string | null };
  text(): Promise<string>;
  json(): Promise<unknown>;
}

/**
 * One request on a connection of its own (no keep-alive), answered like fetch's Response. A
 * keep-alive connection to nginx can be closed by nginx itself when the harness reloads it
 * (old workers close their idle connections), and a client does not replay a POST sent on it:
 * with a fresh connection per request, a failure here is a failure of the cluster.
 */
export function http(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: init.method ?? 'GET', headers: init.headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString();
        resolve({
          status: res.statusCode ?? 0,
          headers: {
            get: (name) => {
              const v = res.headers[name.toLowerCase()];
              return v === undefined ? null : Array.isArray(v) ? v.join(', ') : v;
            },
          },
          text: async () => text,
          json: async () => JSON.parse(text) as unknown,
        });
      });
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

export interface Answer {
  status: number;
  startedAt: number;
  endedAt: number;
  body: string;
  retryAfter: string | null;
  error?: string;
}

/** Runs `request` on `concurrency` loops until `done()`; returns every answer (or connection error). */
export async function load(concurrency: number, done: () => boolean, request: (i: number) => Promise<HttpAnswer>) {
  const answers: Answer[] = [];
  let n = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (!done()) {
        const startedAt = Date.now();
        try {
          const res = await request(n++);
          const body = await res.text();
          answers.push({
            status: res.status,
            startedAt,
            endedAt: Date.now(),
            body,
            retryAfter: res.headers.get('retry-after'),
          });
        } catch (e) {
          const cause = (e as { code?: string }).code ?? '';
          answers.push({
            status: 0,
            startedAt,
            endedAt: Date.now(),
            body: '',
            retryAfter: null,
            error: `${String(e)} ${cause}`,
          });
        }
      }
    }),
  );
  return answers;
}

/** Polls `probe` until it holds; returns how long that took. */
export async function until(what: string, ms: number, probe: () => Promise<boolean> | boolean): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await Promise.resolve(probe()).catch(() => false)) return Date.now() - started;
    if (Date.now() - started > ms) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((r) => setImmediate(r));
  }
}

/** One delivery as a cluster test's receiver saw it: its `webhook-id`, body, and whether it verified. */
export interface Delivered {
  id: string;
  body: string;
  /** The payload's `type` when the standardwebhooks package verified the delivery; null when it did not. */
  type: string | null;
  status: number;
}

export interface HttpsReceiver {
  url: string;
  /** The certificate to trust (NODE_EXTRA_CA_CERTS of the nodes). */
  caFile: string;
  received: Delivered[];
  /** While true, every delivery is read, verified and answered 500. */
  failing: boolean;
  close(): Promise<void>;
}

/**
 * A sister platform's webhook endpoint on https://127.0.0.1 (the nodes run in production, where
 * a webhook must be https): a throwaway self-signed certificate for IP 127.0.0.1 made with
 * openssl, and every delivery verified with the `standardwebhooks` reference implementation.
 */
export async function startHttpsReceiver(secret: () => string | null): Promise<HttpsReceiver> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hub-receiver-'));
  const keyFile = path.join(dir, 'key.pem');
  const caFile = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'],
      ...['-keyout', keyFile, '-out', caFile, '-days', '1', '-subj', '/CN=127.0.0.1'],
      ...['-addext', 'subjectAltName=IP:127.0.0.1'],
    ],
    { stdio: 'ignore' },
  );
  const state = { received: [] as Delivered[], failing: false };
  const server = createHttpsServer({ key: readFileSync(keyFile), cert: readFileSync(caFile) }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = {
        'webhook-id': String(req.headers['webhook-id'] ?? ''),
        'webhook-timestamp': String(req.headers['webhook-timestamp'] ?? ''),
        'webhook-signature': String(req.headers['webhook-signature'] ?? ''),
      };
      let type: string | null = null;
      const key = secret();
      try {
        if (key) type = (new Webhook(key).verify(body, headers) as { type: string }).type;
      } catch {
        type = null;
      }
      const status = state.failing ? 500 : 200;
      state.received.push({ id: headers['webhook-id'], body, type, status });
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? 'ok' : 'down');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    url: `https://127.0.0.1:${port}/hooks/hub`,
    caFile,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          rmSync(dir, { recursive: true, force: true });
          resolve();
        });
      }),
  });
}
