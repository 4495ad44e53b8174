/**
 * The one LISTEN connection of a process on PostgreSQL. It lives outside the pool because a
 * LISTEN belongs to a session: a pooled connection would stop hearing when it is handed back.
 * Losing it silently would let caches miss revocations from other nodes, so its state is
 * reported (revocations.ts falls back to the database while it is down) and it reconnects by itself.
 */
import pg from 'pg';
import { dropConnection } from './pg-pool';
import { DatabaseUnavailableError } from './unavailable';

/** Reconnect backoff of the LISTEN connection: 100 ms doubling up to 5 s. */
const LISTEN_BACKOFF_MIN_MS = 100;
const LISTEN_BACKOFF_MAX_MS = 5000;
/** How often the LISTEN connection is probed; a probe unanswered within the read timeout drops it. */
const LISTEN_PROBE_MS = 5000;

/**
 * Lost (error, end, a probe unanswered within `readMs`) → reported as not connected at once,
 * reconnected with backoff, every channel LISTENed again, then reported as connected (listeners
 * resynchronise their caches on that edge).
 */
export function createListener(config: pg.ClientConfig, readMs: number) {
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
    dropConnection(client);
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
    const timer = setTimeout(() => lost(client), readMs);
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
