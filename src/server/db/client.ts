/**
 * The database as the rest of the hub sees it: one `Database` facade and one Drizzle handle (`Db`)
 * over either driver, so no query module can tell PGlite from PostgreSQL. How each driver is made
 * safe lives next door: pglite.ts (the embedded database and its directory lock), pg-pool.ts (the
 * hardened PostgreSQL pool), listen.ts (the LISTEN connection that reconnects by itself).
 */
import type { PGlite } from '@electric-sql/pglite';
import type { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { createListener } from './listen';
import { createPool } from './pg-pool';
import { startPglite } from './pglite';
import * as schema from './schema/index';
import { DatabaseUnavailableError } from './unavailable';

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
  /**
   * The database for background work no request waits on (audit retention): on PostgreSQL a
   * one-connection pool of its own with BACKGROUND_DB_TIMEOUTS, so a statement of a large run is
   * not cancelled at a request's 4 s and never holds one of the requests' connections.
   */
  background: Db;
  /**
   * Embedded only: a gzipped tarball of the data directory, taken between two statements while the
   * hub serves (an image PostgreSQL opens like one after a crash: every committed write is in it).
   */
  dumpDataDir?(): Promise<Blob>;
  /** Connections of the pool: open, idle and requests waiting for one (metrics). */
  poolStats(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://… ; when absent, PGlite is used. */
  url?: string;
  /** PGlite directory, or 'memory://' for a throw-away database (tests). */
  pgliteDir?: string;
  /** PGlite only: what a new directory's template runs after initdb (the migrations: migrate.ts). */
  newDataDirSql?: string;
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

/**
 * What bounds background work: longer statements than a request may run (nobody waits on the
 * answer), yet a stalled database still ends them, and a transaction left open still ends.
 * Background work keeps each transaction short anyway (audit retention deletes in slices).
 */
export const BACKGROUND_DB_TIMEOUTS: DbTimeouts = {
  connectMs: 10_000,
  statementMs: 120_000,
  readMs: 125_000,
  idleInTransactionMs: 60_000,
};

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.url
    ? openPostgres(options.url, options.poolMax ?? 20, { ...DEFAULT_DB_TIMEOUTS, ...options.timeouts })
    : openPglite(
        options.pglite ?? (await startPglite(options.pgliteDir ?? 'memory://', undefined, options.newDataDirSql)),
        {
          owned: !options.pglite,
        },
      );
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
    // The embedded database has one connection and no timeouts: background work shares it.
    background: db,
    poolStats: () => ({ total: 1, idle: 1, waiting: 0 }),
    async dumpDataDir() {
      if (closed) throw new DatabaseUnavailableError('the database is closed');
      // A checkpoint first: the restored copy then has little WAL to replay when it opens.
      await guard(client.query('checkpoint'));
      return guard(client.dumpDataDir('gzip'));
    },
    async close() {
      if (closed) return;
      closed = true;
      for (const stop of [...listeners]) await stop();
      if (owned) await client.close();
    },
  };
}

async function openPostgres(url: string, poolMax: number, timeouts: DbTimeouts): Promise<Database> {
  const base = {
    connectionString: url,
    connectionTimeoutMillis: timeouts.connectMs,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  };
  const pool = createPool(
    {
      ...base,
      max: poolMax,
      application_name: 'hub',
      statement_timeout: timeouts.statementMs,
      idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
    },
    timeouts.readMs,
  );
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const backgroundPool = createPool(
    {
      ...base,
      connectionTimeoutMillis: BACKGROUND_DB_TIMEOUTS.connectMs,
      max: 1,
      application_name: 'hub-background',
      statement_timeout: BACKGROUND_DB_TIMEOUTS.statementMs,
      idle_in_transaction_session_timeout: BACKGROUND_DB_TIMEOUTS.idleInTransactionMs,
    },
    BACKGROUND_DB_TIMEOUTS.readMs,
  );
  let closed = false;
  const listener = createListener({ ...base, application_name: 'hub-listener' }, timeouts.readMs);

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
    background: drizzlePg(backgroundPool, { schema }) as unknown as Db,
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async close() {
      if (closed) return;
      closed = true;
      await listener.close();
      await Promise.all([pool.end(), backgroundPool.end()]);
    },
  };
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

/**
 * `rows`, as a named statement (issue 44): on PostgreSQL `pg` parses it once per connection and
 * the server keeps its plan (a generic one once it is no costlier than the custom ones), so a
 * hot path's statement is not parsed, analysed and planned again on every request. The text must
 * be the same on every call under one name — values only as parameters — or `pg` refuses it.
 * PGlite runs it as any statement.
 */
export async function preparedRows<T = Record<string, unknown>>(
  db: DbOrTx,
  name: string | StatementNamer,
  query: ReturnType<typeof sql>,
): Promise<T[]> {
  const { dialect, session } = db as unknown as {
    dialect: { sqlToQuery(q: ReturnType<typeof sql>): { sql: string; params: unknown[] } };
    session: {
      prepareQuery(
        q: unknown,
        fields: undefined,
        name: string | undefined,
        arrayMode: false,
      ): { execute(): Promise<unknown> };
    };
  };
  const built = dialect.sqlToQuery(query);
  const named = typeof name === 'string' ? name : name(built.sql);
  const result = (await session.prepareQuery(built, undefined, named, false).execute()) as { rows: T[] };
  return result.rows;
}

/** A statement's name from its text, or undefined to send it unnamed (statementNamer). */
export type StatementNamer = (text: string) => string | undefined;

/**
 * Names for a statement whose text is one of a few shapes (a batch's: its CTEs follow the writes
 * it carries), `<prefix>_<n>` in the order the texts are first seen, for at most `max` texts in
 * this process: each connection then parses and plans each shape once. Beyond `max`, a new text
 * goes unnamed, so an unforeseen variety of shapes cannot grow the driver's and the server's
 * statement caches without bound.
 */
export function statementNamer(prefix: string, max = 32): StatementNamer {
  const names = new Map<string, string>();
  return (text) => {
    let name = names.get(text);
    if (name === undefined && names.size < max) {
      name = `${prefix}_${names.size}`;
      names.set(text, name);
    }
    return name;
  };
}

/** Rows of a raw SQL statement, on either driver. */
export async function rows<T = Record<string, unknown>>(db: DbOrTx, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
