import type { Hub } from '../hub';
import { ALL_SESSIONS_ENDED } from '../revocations';
import type { OAuthClient } from '../db/schema/index';
import { createKeyStore, type KeyStore } from './keys/key-store';
import { createSessionStateCache, type SessionStateCache } from './token-cache';
import { LookupCache } from './lookup-cache';

/** Messages on hub.revocations besides session ids: a client changed, the key set changed. */
const CLIENT_PREFIX = 'oauth-client:';
export const KEYS_CHANGED = 'oauth-keys:changed';

export interface OAuthRuntime {
  clients: LookupCache<OAuthClient | undefined>;
  sessions: SessionStateCache;
  keys: KeyStore;
  /** Drops the client from every node's cache (deactivation takes effect at once everywhere). */
  clientChanged(clientId: string): Promise<void>;
  keysChanged(): Promise<void>;
}

const runtimes = new WeakMap<Hub, OAuthRuntime>();

/**
 * The provider's per-process state for one hub: caches of client and token lookups, the signing
 * keys. Every cache is invalidated through hub.revocations (LISTEN/NOTIFY),
 * so a revocation on one node is honoured by every node within milliseconds.
 */
export function oauthRuntime(hub: Hub): OAuthRuntime {
  let rt = runtimes.get(hub);
  if (rt) return rt;
  // Bounded: 10,000 clients, 60 s each; not served while revocations cannot be heard.
  const clients = new LookupCache<OAuthClient | undefined>(60_000, 10_000, hub.revocations.live);
  const sessions = createSessionStateCache(hub);
  const keys = createKeyStore(hub);
  hub.revocations.subscribe((ids) => {
    for (const id of ids) {
      if (id.startsWith(CLIENT_PREFIX)) clients.invalidate(id.slice(CLIENT_PREFIX.length));
      else if (id === KEYS_CHANGED) keys.invalidate();
      else if (id === ALL_SESSIONS_ENDED) sessions.invalidateAll();
      else sessions.invalidate(id);
    }
  });
  // Notifications may have been missed (LISTEN connection lost or back): forget everything.
  hub.revocations.onResync(() => {
    clients.invalidate();
    sessions.invalidateAll();
    keys.invalidate();
  });
  rt = {
    clients,
    sessions,
    keys,
    async clientChanged(clientId) {
      await hub.revocations.publish([CLIENT_PREFIX + clientId]);
    },
    async keysChanged() {
      await hub.revocations.publish([KEYS_CHANGED]);
    },
  };
  runtimes.set(hub, rt);
  return rt;
}
