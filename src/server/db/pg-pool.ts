/**
 * The PostgreSQL pool, hardened. pg's defaults end the process when a connection checked out of
 * the pool is lost, wait forever on a stalled server and report a lost connection as a plain
 * Error; the hub needs a 503 within seconds instead. This is the one file that reaches into pg's
 * private state: `ClientInternals` declares it, and tests/server/ops/driver-internals.test.ts pins
 * it against the installed pg, so an upgrade that changes it fails a test instead of misbehaving.
 */
import pg from 'pg';
import { DatabaseUnavailableError } from './unavailable';

/**
 * The private fields of a pg Client (pg/lib/client.js) read here. pg-pool reads `_queryable` and
 * `_ending` itself when a client is released, to discard a broken one.
 */
export interface ClientInternals {
  /** Set to false when the connection fails or ends unexpectedly. */
  _queryable: boolean;
  /** Set to true as soon as `end()` is called. */
  _ending: boolean;
  /** Set to true once the connection has ended. */
  _ended: boolean;
}

type Callback = (err: unknown, result?: unknown) => void;
/** pg's `query()` and `connect()` are overloaded on a trailing callback; one loose signature implements them all. */
type LooseFunction = (...args: unknown[]) => unknown;

/**
 * Destroys the client's socket (`connection.stream`, typed by @types/pg but not documented by pg):
 * the client stops being queryable and a pool discards it on release.
 */
export function dropConnection(client: pg.Client): void {
  client.connection.stream.destroy();
}

/** Whether the client can no longer run a query: its connection is lost or being ended. */
function isConnectionLost(client: pg.Client): boolean {
  const state = client as pg.Client & ClientInternals;
  return !state._queryable || state._ending || state._ended;
}

/**
 * Connection-level failures become DatabaseUnavailableError — decided by the client's state (no
 * longer queryable), not by the error's text.
 */
function classifyError(client: pg.Client, e: unknown): unknown {
  if (e instanceof pg.DatabaseError || e instanceof DatabaseUnavailableError) return e;
  return isConnectionLost(client) ? new DatabaseUnavailableError('the database connection was lost', { cause: e }) : e;
}

/**
 * A pg client that never ends the process and never waits forever: it always has an 'error'
 * listener (a connection dropped while checked out, e.g. 57P01 from pg_terminate_backend or a
 * restart, is otherwise an unhandled 'error' event), drops its connection when a query gets no
 * answer within `readMs`, and reports connection-level failures as DatabaseUnavailableError.
 */
function hubClientClass(readMs: number): typeof pg.Client {
  class HubClient extends pg.Client {
    constructor(config?: pg.ClientConfig) {
      super(config);
      this.on('error', () => {});
    }
  }
  // Installed on the prototype rather than declared as overrides: an override of an overloaded
  // method must return `any`, and these serve every overload. Like `super`, they look pg's
  // methods up at each call (the statement counters of tests and benchmarks patch them).
  const query = (client: pg.Client, args: unknown[]) =>
    (pg.Client.prototype.query as LooseFunction).apply(client, args);
  const connect = (client: pg.Client) => (pg.Client.prototype.connect as () => Promise<unknown>).call(client);

  HubClient.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const first = args[0] as { submit?: unknown } | undefined;
    if (first && typeof first === 'object' && typeof first.submit === 'function') return query(this, args);
    const cb = typeof args[args.length - 1] === 'function' ? (args.pop() as Callback) : undefined;
    const inner = query(this, args) as Promise<unknown>;
    const answered = new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new DatabaseUnavailableError(`the database did not answer within ${readMs} ms`));
        dropConnection(this);
      }, readMs);
      inner.then(
        (r) => {
          clearTimeout(timer);
          resolve(r);
        },
        (e: unknown) => {
          clearTimeout(timer);
          reject(classifyError(this, e));
        },
      );
    });
    if (!cb) return answered;
    answered.then(
      (r) => cb(null, r),
      (e: unknown) => cb(e),
    );
    return undefined;
  } as pg.Client['query'];

  HubClient.prototype.connect = function (this: pg.Client, callback?: Callback) {
    const connecting = connect(this).catch((e: unknown) => {
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
  } as pg.Client['connect'];

  return HubClient;
}

/**
 * The pool of hub clients (each query answered within `readMs`). Not getting a connection at all
 * (refused, the pool's wait timed out) is the database being unavailable; pg-pool's `query()`
 * takes its connection through `this.connect(callback)`, so the patched `connect` covers it too.
 */
export function createPool(config: pg.PoolConfig, readMs: number): pg.Pool {
  const pool = new pg.Pool({ ...config, Client: hubClientClass(readMs) });
  // An idle client that loses its connection must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  const connect = pool.connect.bind(pool) as (cb?: LooseFunction) => unknown;
  const wrap = (e: unknown) =>
    e instanceof pg.DatabaseError || e instanceof DatabaseUnavailableError
      ? e
      : new DatabaseUnavailableError('no database connection available', { cause: e });
  pool.connect = function (cb?: LooseFunction) {
    if (cb) return connect((err, client, ...rest) => cb(err ? wrap(err) : err, client, ...rest));
    return (connect() as Promise<pg.PoolClient>).catch((e: unknown) => {
      throw wrap(e);
    });
  } as pg.Pool['connect'];
  return pool;
}
