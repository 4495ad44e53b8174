import { randomBytes } from 'node:crypto';
import net from 'node:net';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import type { HubConfig } from '../../src/server/config';
import { loadConfig } from '../../src/server/config';
import { closeHub, createHub } from '../../src/server/create-hub';
import { openDatabase, type DbTimeouts } from '../../src/server/db/client';
import type { Hub } from '../../src/server/hub';
import { createTestClient, type TestClient } from './client';
import { acquirePglite } from './pglite-template';

// Tests written before the client import the header from here.
export { CSRF } from './client';

export type DbKind = 'pglite' | 'postgres';

/** The databases API tests run on: PGlite always, PostgreSQL whenever TEST_DATABASE_URL is set. */
export const TEST_DATABASES: DbKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/** A clock tests move by hand (rate limits, expiry) instead of sleeping. */
export class TestClock {
  constructor(public current = new Date('2026-11-21T12:00:00.000Z')) {}
  now = () => new Date(this.current.getTime());
  advance(ms: number) {
    this.current = new Date(this.current.getTime() + ms);
  }
  advanceMinutes(minutes: number) {
    this.advance(minutes * 60_000);
  }
}

export interface TestHub {
  kind: DbKind;
  hub: Hub;
  app: FastifyInstance;
  /** Requests to `app` (see client.ts). */
  client: TestClient;
  clock: TestClock;
  /** Connection string of this test's own PostgreSQL database (postgres kind only). */
  databaseUrl?: string;
  /** http://127.0.0.1:<port> when created with `listen: true`. */
  baseUrl?: string;
  close(): Promise<void>;
}

/**
 * Generous PostgreSQL timeouts for every database a test opens (hubs, and any second pool a
 * test opens with openDatabase): on a machine busy with a second suite a connection can take
 * seconds, and the production 2 s would turn that into a failed test.
 */
export const TEST_DB_TIMEOUTS: DbTimeouts = {
  connectMs: 30_000,
  statementMs: 60_000,
  readMs: 65_000,
  idleInTransactionMs: 120_000,
};

export interface TestHubOptions {
  /** PostgreSQL timeouts (default: generous ones, see createTestHub). */
  dbTimeouts?: DbTimeouts;
  /** Use a moving real clock instead of a TestClock. */
  realClock?: boolean;
  config?: Partial<HubConfig>;
  /** Serve the built SPA from this folder (e2e). */
  webRoot?: string | null;
  logStream?: NodeJS.WritableStream;
  /**
   * Listen on a free 127.0.0.1 port. The port is chosen before the app is built, so the public
   * URL (issuer, CSRF origin, security headers) is right from the start.
   */
  listen?: boolean;
  /**
   * The host name of the public URL when listening (default 127.0.0.1). WebAuthn needs a domain
   * (an IP address is no valid relying-party ID), so passkey journeys browse http://localhost.
   */
  publicHost?: 'localhost' | '127.0.0.1';
}

/**
 * A hub on a database of its own: an empty, migrated in-memory PGlite (one of the worker's,
 * emptied again on close), or a freshly created PostgreSQL database (dropped again on close).
 */
export async function createTestHub(kind: DbKind, options: TestHubOptions = {}): Promise<TestHub> {
  const clock = new TestClock();
  let databaseUrl: string | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  if (kind === 'postgres') {
    const created = await createScratchPostgresDatabase();
    databaseUrl = created.url;
    dropDatabase = created.drop;
  }
  const base = loadConfig({ LOG_LEVEL: 'silent', HUB_MASTER_KEY: randomBytes(32).toString('base64') });
  const port = options.listen ? await freePort() : undefined;
  const baseUrl = port ? `http://${options.publicHost ?? '127.0.0.1'}:${port}` : undefined;
  const config: HubConfig = {
    ...base,
    databaseUrl,
    ...(baseUrl ? { publicUrl: baseUrl, port: port! } : {}),
    ...options.config,
  };
  // PGlite: an instance of this worker's pool, emptied again when the hub closes.
  const pglite = kind === 'pglite' ? await acquirePglite() : undefined;
  const database = await openDatabase({
    url: databaseUrl,
    pglite: pglite?.client,
    poolMax: 10,
    // The production timeouts (2 s to connect, 4 s per statement) answer 503 fast when the
    // database stalls; a test machine busy with other work is not a stalled database. Tests of
    // the timeouts themselves build their hubs with the production values.
    timeouts: options.dbTimeouts ?? TEST_DB_TIMEOUTS,
  });
  // The pool's instances are already migrated; running migrations again finds nothing to do.
  const hub = await createHub({ config, database, clock: options.realClock ? undefined : clock.now });
  const app = await buildApp(hub, { webRoot: options.webRoot ?? null, logStream: options.logStream });
  await app.ready();
  if (port) await app.listen({ port, host: '127.0.0.1' });
  return {
    kind,
    hub,
    app,
    client: createTestClient(app),
    clock,
    databaseUrl,
    baseUrl,
    async close() {
      await app.close();
      await closeHub(hub);
      await pglite?.release();
      await dropDatabase?.();
    },
  };
}

/** A port nobody listens on right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Creates an empty database next to TEST_DATABASE_URL's and returns its URL and a dropper. */
export async function createScratchPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `hub_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
