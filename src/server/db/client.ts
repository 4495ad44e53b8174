import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema/index';
import { DatabaseUnavailableError } from './unavailable';
import { claimDataDir } from './data-dir-lock';

export type Schema = typeof schema;
/** The Drizzle handle every query module uses; it cannot tell PGlite from PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle: same API as Db. Inside a transaction always use it, never `db`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Resolves when the database answers `select 1` within `timeoutMs`, throws otherwise. */
  ping(timeoutMs?: number): Promise<void>;
  /**
   * LISTEN on a channel; returns a function that stops listening. On PostgreSQL the listening
   * connection reconnects by itself (with backoff) after it is lost; see `listenerConnected`.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  /**
   * Whether notifications are being heard right now. While false, notifications sent by other
   * nodes may be missed: per-process caches must read the database instead (revocations.ts).
   */
  listenerConnected(): boolean;
  /** Called with false when the LISTEN connection is lost and true once it listens again. */
  onListenerState(callback: (connected: boolean) => void): () => void;
  /** Runs `fn` while holding a session-level advisory lock (serialises work across processes). */
  withAdvisoryLock<T>(key: number, fn: () => Promise<T>): Promise<T>;
  /**
   * Runs `fn` on a connection of its own without the statement and read timeouts (migrations),
   * holding the advisory lock `key` on it.
   */
  unbounded<T>(key: number, fn: (db: Db) => Promise<T>): Promise<T>;
  /** Connections of the pool: open, idle and requests waiting for one (metrics). */
  poolStats(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://… ; when absent, PGlite is used. */
  url?: string;
  /** PGlite directory, or 'memory://' for a throw-away database (tests). */
  pgliteDir?: string;
  /** PostgreSQL pool size. */
  poolMax?: number;
  /**
   * PGlite only: an open instance to use instead of starting one. `close()` then stops using
   * it (every listener removed) and leaves it open for its owner: tests reuse one across hubs.
   */
  pglite?: PGlite;
  /** PostgreSQL timeouts (defaults: DEFAULT_DB_TIMEOUTS). */
  timeouts?: Partial<DbTimeouts>;
}

/**
 * What bounds a request's wait for PostgreSQL. A stalled database (paused, partitioned) answers
 * nothing, so the server-side timeouts cannot fire: the client-side `readMs` and `connectMs` are
 * what turn it into a 503 within a few seconds.
 */
export interface DbTimeouts {
  /** Opening a connection, and waiting for a free one of the pool. */
  connectMs: number;
  /** Server side: a statement running longer is cancelled (SQLSTATE 57014). */
  statementMs: number;
  /** Client side: no answer to a query within this time drops the connection. */
  readMs: number;
  /** Server side: a transaction left idle this long is ended with its connection. */
  idleInTransactionMs: number;
}

export const DEFAULT_DB_TIMEOUTS: DbTimeouts = {
  connectMs: 2000,
  statementMs: 4000,
  readMs: 4500,
  idleInTransactionMs: 10_000,
};

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.url
    ? openPostgres(options.url, options.poolMax ?? 20, { ...DEFAULT_DB_TIMEOUTS, ...options.timeouts })
    : openPglite(options.pglite ?? (await startPglite(options.pgliteDir ?? 'memory://')), { owned: !options.pglite });
}

/**
 * Starts PGlite with the hub's extensions, in `dir` or in memory, optionally from a data-directory
 * dump. A directory is claimed for this process until the instance closes (data-dir-lock.ts).
 */
export async function startPglite(dir: string, template?: Blob): Promise<PGlite> {
  const options = { extensions: { pg_trgm }, ...(template ? { loadDataDir: template } : {}) };
  if (dir.startsWith('memory://')) return PGlite.create(undefined, options);
  mkdirSync(path.resolve(dir), { recursive: true });
  const release = claimDataDir(dir);
  let client: PGlite;
  try {
    client = await PGlite.create(path.resolve(dir), options);
  } catch (e) {
    release();
    throw e;
  }
  // Whoever closes the instance gives the directory back.
  const close = client.close.bind(client);
  client.close = async () => {
    try {
      await close();
    } finally {
      release();
    }
  };
  return client;
}

async function openPglite(client: PGlite, { owned }: { owned: boolean }): Promise<Database> {
  let closed = false;
  const listeners = new Set<() => Promise<void>>();
  // Once closed, every statement fails as DatabaseUnavailableError (a 503, never a 500).
  const CLOSED_GUARDED = new Set<PropertyKey>(['query', 'exec', 'transaction', 'sql']);
  const guarded = new Proxy(client, {
    get(target, prop) {
      if (closed && CLOSED_GUARDED.has(prop)) {
        return () => Promise.reject(new DatabaseUnavailableError('the database is closed'));
      }
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  const db = drizzlePglite(guarded, { schema }) as unknown as Db;
  const guard = <T>(p: Promise<T>): Promise<T> =>
    p.catch((e: unknown) => {
      throw closed ? new DatabaseUnavailableError('the database is closed', { cause: e }) : e;
    });
  return {
    db,
    kind: 'pglite',
    async ping(timeoutMs = 2000) {
      if (closed) throw new DatabaseUnavailableError('the database is closed');
      await withTimeout(guard(client.query('select 1')), timeoutMs);
    },
    async listen(channel, onPayload) {
      const unlisten = await client.listen(channel, onPayload);
      const stop = async () => {
        if (listeners.delete(stop)) await unlisten();
      };
      listeners.add(stop);
      return stop;
    },
    async notify(channel, payload) {
      await guard(client.query('select pg_notify($1, $2)', [channel, payload]));
    },
    // In-process: the embedded database's notifications cannot be lost.
    listenerConnected: () => !closed,
    onListenerState: () => () => {},
    // One process owns an embedded database (data-dir-lock.ts), so there is nobody to serialise against.
    withAdvisoryLock: (_key, fn) => fn(),
    unbounded: (_key, fn) => fn(db),
    poolStats: () => ({ total: 1, idle: 1, waiting: 0 }),
    async close() {
      if (closed) return;
      closed = true;
      for (const stop of [...listeners]) await stop();
      if (owned) await client.close();
    },
  };
}

type Callback = (err: unknown, result?: unknown) => void;

/**
 * A pg client that never ends the process and never waits forever: it always has an 'error'
 * listener (a connection dropped while checked out, e.g. 57P01 from pg_terminate_backend or a
 * restart, is otherwise an unhandled 'error' event), drops its connection when a query gets no
 * answer within `readMs`, and reports connection-level failures as DatabaseUnavailableError —
 * decided by the client's state (no longer queryable), not by the error's text.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- overrides of pg's overloaded query() and connect() */
function hubClientClass(readMs: number) {
  return class HubClient extends pg.Client {
    constructor(config?: pg.ClientConfig) {
      super(config);
      this.on('error', () => {});
    }

    override query(...args: any[]): any {
      const first = args[0] as { submit?: unknown } | undefined;
      if (first && typeof first === 'object' && typeof first.submit === 'function')
        return super.query(...(args as [any]));
      const cb = typeof args[args.length - 1] === 'function' ? (args.pop() as Callback) : undefined;
      const inner = super.query(...(args as [any])) as Promise<unknown>;
      const answered = new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          reject(new DatabaseUnavailableError(`the database did not answer within ${readMs} ms`));
          this.dropConnection();
        }, readMs);
        inner.then(
          (r) => {
            clearTimeout(timer);
            resolve(r);
          },
          (e: unknown) => {
            clearTimeout(timer);
            reject(this.classify(e));
          },
        );
      });
      if (!cb) return answered;
      answered.then(
        (r) => cb(null, r),
        (e: unknown) => cb(e),
      );
      return undefined;
    }

    override connect(callback?: (...args: any[]) => void): any {
      const connecting = (super.connect() as Promise<unknown>).catch((e: unknown) => {
        throw e instanceof pg.DatabaseError
          ? e
          : new DatabaseUnavailableError('could not connect to the database', { cause: e });
      });
      if (!callback) return connecting;
      connecting.then(
        () => callback(null, this),
        (e: unknown) => callback(e),
      );
      return undefined;
    }

    /** Destroys the socket: the client stops being queryable and the pool discards it. */
    dropConnection() {
      (this as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
    }

    private classify(e: unknown): unknown {
      if (e instanceof pg.DatabaseError || e instanceof DatabaseUnavailableError) return e;
      const state = this as unknown as { _queryable: boolean; _ending: boolean; _ended?: boolean };
      if (!state._queryable || state._ending || state._ended) {
        return new DatabaseUnavailableError('the database connection was lost', { cause: e });
      }
      return e;
    }
  };
}

/* eslint-enable @typescript-eslint/no-explicit-any */

function hubPool(config: pg.PoolConfig) {
  const pool = new pg.Pool(config);
  // An idle client that loses its connection must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  const connect = pool.connect.bind(pool) as (cb?: Callback) => unknown;
  // Not getting a connection at all (refused, pool wait timed out) is the database being unavailable.
  const wrap = (e: unknown) =>
    e instanceof pg.DatabaseError || e instanceof DatabaseUnavailableError
      ? e
      : new DatabaseUnavailableError('no database connection available', { cause: e });
  (pool as unknown as { connect: (cb?: Callback) => unknown }).connect = (cb?: Callback) => {
    if (cb)
      return connect((err, client, ...rest: unknown[]) =>
        (cb as (...a: unknown[]) => void)(err ? wrap(err) : err, client, ...rest),
      );
    return (connect() as Promise<pg.PoolClient>).catch((e: unknown) => {
      throw wrap(e);
    });
  };
  return pool;
}

async function openPostgres(url: string, poolMax: number, timeouts: DbTimeouts): Promise<Database> {
  const base = {
    connectionString: url,
    connectionTimeoutMillis: timeouts.connectMs,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  };
  const pool = hubPool({
    ...base,
    max: poolMax,
    application_name: 'hub',
    statement_timeout: timeouts.statementMs,
    idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
    Client: hubClientClass(timeouts.readMs),
  } as pg.PoolConfig);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  let closed = false;
  const listener = createListener({ ...base, application_name: 'hub-listener' }, timeouts);

  return {
    db,
    kind: 'postgres',
    async ping(timeoutMs = 2000) {
      await withTimeout(pool.query('select 1'), timeoutMs);
    },
    listen: (channel, onPayload) => listener.listen(channel, onPayload),
    async notify(channel, payload) {
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
    listenerConnected: () => listener.connected(),
    onListenerState: (cb) => listener.onState(cb),
    async withAdvisoryLock(key, fn) {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [key]);
        try {
          return await fn();
        } finally {
          await client.query('select pg_advisory_unlock($1)', [key]);
        }
      } finally {
        client.release();
      }
    },
    async unbounded(key, fn) {
      const client = new pg.Client({ ...base, application_name: 'hub-maintenance' });
      client.on('error', () => {});
      await client.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [key]);
        return await fn(drizzlePg(client, { schema }) as unknown as Db);
      } finally {
        await client.end().catch(() => {});
      }
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async close() {
      if (closed) return;
      closed = true;
      await listener.close();
      await pool.end();
    },
  };
}

/** Reconnect backoff of the LISTEN connection: 100 ms doubling up to 5 s. */
const LISTEN_BACKOFF_MIN_MS = 100;
const LISTEN_BACKOFF_MAX_MS = 5000;
/** How often the LISTEN connection is probed; a probe unanswered within the read timeout drops it. */
const LISTEN_PROBE_MS = 5000;

/**
 * The one LISTEN connection of a process. Lost (error, end, an unanswered probe) → reported as
 * not connected at once, reconnected with backoff, every channel LISTENed again, then reported
 * as connected (listeners resynchronise their caches on that edge).
 */
function createListener(config: pg.ClientConfig, timeouts: DbTimeouts) {
  const handlers = new Map<string, Set<(payload: string) => void>>();
  const stateCallbacks = new Set<(connected: boolean) => void>();
  let current: pg.Client | undefined;
  let connecting: Promise<void> | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let backoff = LISTEN_BACKOFF_MIN_MS;
  let closed = false;

  const setState = (connected: boolean) => {
    for (const cb of stateCallbacks) {
      try {
        cb(connected);
      } catch {
        // A subscriber's failure must not stop the others or the listener.
      }
    }
  };

  function lost(client: pg.Client) {
    client.removeAllListeners('notification');
    (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
    if (client === current) {
      current = undefined;
      setState(false);
    }
    schedule();
  }

  function schedule() {
    if (closed || retryTimer || connecting || current) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void connect();
    }, backoff);
    retryTimer.unref();
    backoff = Math.min(backoff * 2, LISTEN_BACKOFF_MAX_MS);
  }

  function connect(): Promise<void> {
    if (connecting) return connecting;
    connecting = (async () => {
      const client = new pg.Client(config);
      let failed = false;
      const fail = () => {
        if (failed) return;
        failed = true;
        lost(client);
      };
      client.on('error', fail);
      client.on('end', fail);
      client.on('notification', (msg) => {
        for (const h of handlers.get(msg.channel) ?? []) h(msg.payload ?? '');
      });
      try {
        await client.connect();
        for (const channel of handlers.keys()) await client.query(`LISTEN ${pgIdent(channel)}`);
      } catch {
        connecting = undefined;
        fail();
        return;
      }
      connecting = undefined;
      if (closed || failed) {
        await client.end().catch(() => {});
        return;
      }
      current = client;
      backoff = LISTEN_BACKOFF_MIN_MS;
      setState(true);
    })();
    return connecting;
  }

  const probe = setInterval(() => {
    const client = current;
    if (!client) return;
    const timer = setTimeout(() => lost(client), timeouts.readMs);
    client.query('select 1').then(
      () => clearTimeout(timer),
      () => {
        clearTimeout(timer);
        lost(client);
      },
    );
  }, LISTEN_PROBE_MS);
  probe.unref();

  return {
    connected: () => current !== undefined,
    onState(cb: (connected: boolean) => void) {
      stateCallbacks.add(cb);
      return () => stateCallbacks.delete(cb);
    },
    async listen(channel: string, onPayload: (payload: string) => void) {
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        if (current) await current.query(`LISTEN ${pgIdent(channel)}`);
      }
      set.add(onPayload);
      if (!current) {
        await connect();
        if (!current) throw new DatabaseUnavailableError('could not LISTEN: the database is unavailable');
      }
      return async () => {
        set.delete(onPayload);
      };
    },
    async close() {
      closed = true;
      clearInterval(probe);
      clearTimeout(retryTimer);
      const client = current;
      current = undefined;
      await client?.end().catch(() => {});
    },
  };
}

function pgIdent(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bad channel name: ${name}`);
  return `"${name}"`;
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new DatabaseUnavailableError(`the database did not answer within ${ms} ms`)),
      ms,
    );
    p.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e) => {
        clearTimeout(timer);
        reject(e);
      },
    );
  });
}

/** Rows of a raw SQL statement, on either driver. */
export async function rows<T = Record<string, unknown>>(db: DbOrTx, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
