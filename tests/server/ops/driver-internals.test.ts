/**
 * The parts of pg and pg-pool that src/server/db/pg-pool.ts and listen.ts rely on but neither
 * documents, pinned against the installed versions. An upgrade that renames or reshapes them fails
 * here, naming what moved, instead of leaving broken clients in the pool or lost connections
 * reported as plain errors (500s instead of 503s). Needs no PostgreSQL: a fake server on a local
 * port authenticates every client and then never answers, like a stalled database.
 */
import { createRequire } from 'node:module';
import net from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPool, dropConnection, type ClientInternals } from '../../../src/server/db/pg-pool';
import { DatabaseUnavailableError } from '../../../src/server/db/unavailable';

const PG_VERSION = (createRequire(import.meta.url)('pg/package.json') as { version: string }).version;

// Backend messages: AuthenticationOk, then ReadyForQuery (idle).
const AUTHENTICATION_OK = Buffer.from([0x52, 0, 0, 0, 8, 0, 0, 0, 0]);
const READY_FOR_QUERY = Buffer.from([0x5a, 0, 0, 0, 5, 0x49]);

let server: net.Server;
let url: string;
const sockets = new Set<net.Socket>();

beforeAll(async () => {
  server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    socket.once('data', () => socket.write(Buffer.concat([AUTHENTICATION_OK, READY_FOR_QUERY])));
    socket.on('end', () => socket.end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `postgres://hub@127.0.0.1:${(server.address() as net.AddressInfo).port}/hub`;
});

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => server.close(resolve));
});

async function connectStalledClient(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {});
  await client.connect();
  return client;
}

/** Resolves on the client's 'end'; an unexpected loss emits 'error' first, on which events.once would reject. */
const endOf = (client: pg.Client) => new Promise<void>((resolve) => client.once('end', resolve));

const fieldsOf = (client: pg.Client) => client as pg.Client & ClientInternals;

describe(`pg ${PG_VERSION}: a Client's private state (pg-pool.ts ClientInternals)`, () => {
  it('a new client has every field ClientInternals declares, with its initial value', () => {
    // Typed by the interface: a field added to ClientInternals must be pinned here too.
    const initial: Record<keyof ClientInternals, boolean> = { _queryable: true, _ending: false, _ended: false };
    const client = fieldsOf(new pg.Client());
    for (const [field, value] of Object.entries(initial)) {
      expect(Reflect.get(client, field), `pg Client.${field} (read by isConnectionLost)`).toBe(value);
    }
    expect(client.connection.stream.destroy, 'pg Client.connection.stream (destroyed by dropConnection)').toBeTypeOf(
      'function',
    );
  });

  it('a client whose socket is destroyed reports itself ended and no longer queryable', async () => {
    const client = await connectStalledClient();
    const ended = endOf(client);
    dropConnection(client);
    await ended;
    expect(fieldsOf(client)._queryable, 'pg Client._queryable after the connection is lost').toBe(false);
    expect(fieldsOf(client)._ended, 'pg Client._ended after the connection is lost').toBe(true);
  });

  it('end() marks the client as ending at once', async () => {
    const client = await connectStalledClient();
    const ending = client.end();
    expect(fieldsOf(client)._ending, 'pg Client._ending once end() is called').toBe(true);
    await ending;
  });
});

describe("pg-pool's use of its clients (pg-pool.ts createPool)", () => {
  it('query() takes its connection through connect(callback), so the patched connect covers it', async () => {
    const pool = new pg.Pool();
    const refused = new Error('refused');
    const connect = vi.fn((callback: (err: Error) => void) => callback(refused));
    pool.connect = connect as unknown as pg.Pool['connect'];
    await expect(pool.query('select 1')).rejects.toBe(refused);
    expect(connect, 'pg-pool Pool.prototype.query calls this.connect(callback)').toHaveBeenCalledWith(
      expect.any(Function),
    );
    await pool.end();
  });

  it('a query unanswered within readMs is unavailable, and the released client is discarded', async () => {
    const pool = createPool({ connectionString: url, max: 1 }, 50);
    const client = await pool.connect();
    const ended = endOf(client);
    await expect(client.query('select 1')).rejects.toThrow(DatabaseUnavailableError);
    await ended;
    client.release();
    expect(pool.totalCount, 'pg-pool discards a released client whose _queryable is false').toBe(0);
    await pool.end();
  });

  it("reaches pg's query() as `super` would: a patch of pg.Client.prototype.query sees its statements", async () => {
    // round-trips.test.ts and the benchmarks count statements by patching it after the pool exists.
    const pool = createPool({ connectionString: url, max: 1 }, 50);
    const original = pg.Client.prototype.query;
    const seen: unknown[] = [];
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      seen.push(args[0]);
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof original;
    try {
      await expect(pool.query('select 1')).rejects.toThrow(DatabaseUnavailableError);
    } finally {
      pg.Client.prototype.query = original;
    }
    expect(seen).toEqual(['select 1']);
    await pool.end();
  });
});
