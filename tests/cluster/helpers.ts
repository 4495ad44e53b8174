import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { setTimeout as pause } from 'node:timers/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Cluster } from '../../scripts/cluster/cluster';
import { loadConfig } from '../../src/server/config';
import { createHub } from '../../src/server/create-hub';
import type { Hub } from '../../src/server/hub';
import { loopbackCertificate } from '../helpers/self-signed-certificate';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver';

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

/**
 * How long each loop of `load` pauses after an answer: a steady stream (8 loops: up to ~160
 * requests a second through the balancer), not a saturating one. Unpaced, the drain file alone
 * answered ~465 grants a second and kept both cores busy for its whole run, beside the browser
 * journeys of the same group; what a fault must meet is requests in flight, which a paced stream
 * has at every moment too.
 */
const LOAD_PACE_MS = 50;

/** Runs `request` on `concurrency` loops until `done()`; returns every answer (or connection error). */
export async function load(
  concurrency: number,
  done: () => boolean,
  request: (i: number) => Promise<HttpAnswer>,
  paceMs = LOAD_PACE_MS,
) {
  const answers: Answer[] = [];
  let n = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, loop) => {
      // The loops start spread over one pause, so the stream is even rather than in waves.
      await pause((paceMs * loop) / concurrency);
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
        if (paceMs > 0) await pause(paceMs);
      }
    }),
  );
  return answers;
}

/** Between two probes of `until`: a probe is a query or a request to a node under load. */
const PROBE_PAUSE_MS = 10;

/**
 * Polls `probe` until it holds; returns how long that took (to within PROBE_PAUSE_MS). It paused
 * only for a turn of the event loop before: a probe counting rows of a growing audit log then
 * kept a PostgreSQL backend busy for as long as a file waited, beside every other file of the run.
 */
export async function until(what: string, ms: number, probe: () => Promise<boolean> | boolean): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await Promise.resolve(probe()).catch(() => false)) return Date.now() - started;
    if (Date.now() - started > ms) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, PROBE_PAUSE_MS));
  }
}

export interface HttpsReceiver extends WebhookReceiver {
  /** The receiver's certificate as a file, for the nodes to trust (NODE_EXTRA_CA_CERTS). */
  caFile: string;
}

/**
 * A sister platform's webhook endpoint on https://127.0.0.1 (the nodes run in production, where
 * a webhook must be https): tests/helpers/webhook-receiver.ts with a throwaway self-signed
 * certificate, written to a file for the nodes to trust as an operator would trust a private CA.
 */
export async function startHttpsReceiver(): Promise<HttpsReceiver> {
  const tls = loopbackCertificate();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hub-receiver-'));
  const caFile = path.join(dir, 'cert.pem');
  writeFileSync(caFile, tls.cert);
  const receiver = await startWebhookReceiver({ tls });
  const stop = receiver.close;
  return Object.assign(receiver, {
    caFile,
    close: async () => {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  });
}
