import type { Database, DbOrTx } from './db/client';
import { afterCommit, isTransaction } from './db/after-commit';
import { notifyInTransaction } from './auth/session-queries';

/** NOTIFY channel on which every node hears which sessions were revoked. */
export const REVOCATION_CHANNEL = 'hub_revocations';

/** What a message on hub.revocations says ended or changed; caches.ts says which cache each kind clears. */
export type Revocation =
  | { kind: 'sessions'; ids: string[] }
  /** The setup tool's wipe: every session ended at once, no id left to name. */
  | { kind: 'all-sessions' }
  | { kind: 'client'; clientId: string }
  /** Access tokens revoked by their `jti` (those with no session row behind them). */
  | { kind: 'tokens'; jtis: string[] }
  | { kind: 'keys' }
  /** The current or a retired master key changed (master-keys/): every node reloads its keyring's state. */
  | { kind: 'master-keys' }
  /** Webhook endpoints were added, changed or removed: every node reloads which events have subscribers. */
  | { kind: 'webhooks' };

export type RevocationKind = Revocation['kind'];

/**
 * Revocation fan-out. Per-process caches subscribe here (caches.ts) and drop what a message names;
 * `publish` reaches this process at once and every other node through PostgreSQL LISTEN/NOTIFY
 * (typically within milliseconds).
 *
 * A lost LISTEN connection would make other nodes' revocations invisible here, so while it is
 * down `live()` is false and every cache reads the database instead (no caching); when it
 * listens again, `onResync` subscribers drop everything they cached (notifications sent in
 * between were missed). Revocation is therefore never slower than the database round trip.
 */
export interface Revocations {
  /**
   * Tells every node what ended. Pass the connection or transaction the change was written
   * through: in a transaction the NOTIFY rides in it (PostgreSQL delivers it on commit and drops
   * it on rollback) and this process hears it once it committed, so the function that did the
   * write publishes, and no node drops a session that is still live.
   */
  publish(message: Revocation, db?: DbOrTx): Promise<void>;
  /** Every message heard, this process's own included; `sessionIds` is empty unless it names sessions. */
  subscribe(listener: (sessionIds: string[], message: Revocation) => void): () => void;
  /** True while this process hears every other node's revocations; caches may serve only then. */
  live(): boolean;
  /** Called when notifications may have been missed (connection lost, and again once back). */
  onResync(listener: () => void): () => void;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** `onHeard(lagMs)`: called for every notification heard, with the time it took (metrics). */
export function createRevocations(database: Database, onHeard: (lagMs: number) => void = () => {}): Revocations {
  const listeners = new Set<(sessionIds: string[], message: Revocation) => void>();
  const resyncs = new Set<() => void>();
  let unlisten: (() => Promise<void>) | undefined;
  let stopState: (() => void) | undefined;
  const deliver = (message: Revocation) => {
    const sessionIds = message.kind === 'sessions' ? message.ids : [];
    for (const l of listeners) l(sessionIds, message);
  };
  return {
    async publish(message, db) {
      const payloads = encode(message);
      if (payloads.length === 0) return;
      afterCommit(db, () => deliver(message));
      for (const payload of payloads) {
        // PGlite has one connection: while a transaction holds it, the NOTIFY must go through it.
        if (isTransaction(db)) await notifyInTransaction(db, REVOCATION_CHANNEL, payload);
        else await database.notify(REVOCATION_CHANNEL, payload);
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
        const heard = decode(payload);
        if (!heard) return;
        for (const message of heard.messages) deliver(message);
        if (heard.at !== undefined) onHeard(Math.max(0, Date.now() - heard.at));
      });
    },
    async stop() {
      stopState?.();
      await unlisten?.();
    },
  };
}

// The wire format, here only: {"at": <ms since epoch>, "ids": [...]}, each id a session id or one
// of the names below. Nodes of the previous version read and write the same.
const ALL_SESSIONS_ENDED = 'sessions:all-ended';
const CLIENT_PREFIX = 'oauth-client:';
const KEYS_CHANGED = 'oauth-keys:changed';
const WEBHOOKS_CHANGED = 'webhooks:changed';
/** Nodes of an earlier version take it for a session id they do not know (a no-op) and poll instead. */
const MASTER_KEYS_CHANGED = 'master-keys:changed';
/** Nodes of an earlier version take `oauth-token:<jti>` for a session id they do not know: a no-op. */
const TOKEN_PREFIX = 'oauth-token:';
/** NOTIFY payloads are limited to 8000 bytes: session ids go 100 to a message. */
const IDS_PER_MESSAGE = 100;

function encode(message: Revocation): string[] {
  const ids: string[] = [];
  if (message.kind === 'sessions') ids.push(...message.ids);
  else if (message.kind === 'all-sessions') ids.push(ALL_SESSIONS_ENDED);
  else if (message.kind === 'client') ids.push(CLIENT_PREFIX + message.clientId);
  else if (message.kind === 'webhooks') ids.push(WEBHOOKS_CHANGED);
  else if (message.kind === 'master-keys') ids.push(MASTER_KEYS_CHANGED);
  else if (message.kind === 'tokens') ids.push(...message.jtis.map((jti) => TOKEN_PREFIX + jti));
  else ids.push(KEYS_CHANGED);
  const payloads: string[] = [];
  for (let i = 0; i < ids.length; i += IDS_PER_MESSAGE) {
    payloads.push(JSON.stringify({ at: Date.now(), ids: ids.slice(i, i + IDS_PER_MESSAGE) }));
  }
  return payloads;
}

function decode(payload: string): { messages: Revocation[]; at?: number } | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    return undefined; // cannot come from a hub node
  }
  // A bare array is what nodes of 320d0ae send when a password change or reset ends sessions:
  // understood while a rolling upgrade may run them beside this version (drop it after that).
  const body = (Array.isArray(parsed) ? { ids: parsed } : parsed) as { at?: unknown; ids?: unknown } | null;
  if (!body || !Array.isArray(body.ids)) return undefined;
  const messages: Revocation[] = [];
  const sessions: string[] = [];
  const jtis: string[] = [];
  for (const id of body.ids) {
    if (typeof id !== 'string') continue;
    if (id === ALL_SESSIONS_ENDED) messages.push({ kind: 'all-sessions' });
    else if (id === KEYS_CHANGED) messages.push({ kind: 'keys' });
    else if (id === WEBHOOKS_CHANGED) messages.push({ kind: 'webhooks' });
    else if (id === MASTER_KEYS_CHANGED) messages.push({ kind: 'master-keys' });
    else if (id.startsWith(CLIENT_PREFIX)) messages.push({ kind: 'client', clientId: id.slice(CLIENT_PREFIX.length) });
    else if (id.startsWith(TOKEN_PREFIX)) jtis.push(id.slice(TOKEN_PREFIX.length));
    else sessions.push(id);
  }
  if (sessions.length) messages.push({ kind: 'sessions', ids: sessions });
  if (jtis.length) messages.push({ kind: 'tokens', jtis });
  return { messages, at: typeof body.at === 'number' ? body.at : undefined };
}
