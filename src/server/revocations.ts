import type { Database } from './db/client';

/** NOTIFY channel on which every node hears which sessions were revoked. */
export const REVOCATION_CHANNEL = 'hub_revocations';

/** A message on hub.revocations meaning every session ended at once (the setup tool's wipe). */
export const ALL_SESSIONS_ENDED = 'sessions:all-ended';

/**
 * Revocation fan-out. Per-process caches of token lookups subscribe here and drop the
 * revoked sessions; `publish` reaches this process at once and every other node through
 * PostgreSQL LISTEN/NOTIFY (typically within milliseconds).
 *
 * A lost LISTEN connection would make other nodes' revocations invisible here, so while it is
 * down `live()` is false and every cache reads the database instead (no caching); when it
 * listens again, `onResync` subscribers drop everything they cached (notifications sent in
 * between were missed). Revocation is therefore never slower than the database round trip.
 */
export interface Revocations {
  publish(sessionIds: string[]): Promise<void>;
  subscribe(listener: (sessionIds: string[]) => void): () => void;
  /** True while this process hears every other node's revocations; caches may serve only then. */
  live(): boolean;
  /** Called when notifications may have been missed (connection lost, and again once back). */
  onResync(listener: () => void): () => void;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * `onHeard(lagMs)`: called for every notification from another node with the time it took
 * (metrics). Payload: `{"at": <ms since epoch>, "ids": [...]}`; a bare array (the format before
 * the timestamp was added) is still understood, so nodes of both versions can run side by side.
 */
export function createRevocations(database: Database, onHeard: (lagMs: number) => void = () => {}): Revocations {
  const listeners = new Set<(ids: string[]) => void>();
  const resyncs = new Set<() => void>();
  let unlisten: (() => Promise<void>) | undefined;
  let stopState: (() => void) | undefined;
  const deliver = (ids: string[]) => {
    for (const l of listeners) l(ids);
  };
  return {
    async publish(sessionIds) {
      if (sessionIds.length === 0) return;
      deliver(sessionIds);
      // NOTIFY payloads are limited to 8000 bytes: send in chunks of 100 ids.
      for (let i = 0; i < sessionIds.length; i += 100) {
        const payload = { at: Date.now(), ids: sessionIds.slice(i, i + 100) };
        await database.notify(REVOCATION_CHANNEL, JSON.stringify(payload));
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    live: () => database.listenerConnected(),
    onResync(listener) {
      resyncs.add(listener);
      return () => resyncs.delete(listener);
    },
    async start() {
      // Both edges resynchronise: on loss, so that lookups in flight do not store what they read;
      // on reconnect, so that nothing cached before or during the gap survives it.
      stopState = database.onListenerState(() => {
        for (const r of resyncs) r();
      });
      unlisten = await database.listen(REVOCATION_CHANNEL, (payload) => {
        try {
          const parsed = JSON.parse(payload) as unknown;
          const message = Array.isArray(parsed) ? { ids: parsed } : (parsed as { at?: unknown; ids?: unknown });
          if (!message || !Array.isArray(message.ids)) return;
          deliver(message.ids.filter((x): x is string => typeof x === 'string'));
          if (typeof message.at === 'number') onHeard(Math.max(0, Date.now() - message.at));
        } catch {
          // A malformed payload is ignored; it cannot come from a hub node.
        }
      });
    },
    async stop() {
      stopState?.();
      await unlisten?.();
    },
  };
}
