import type { Hub } from '../hub';
import type { OAuthClient } from '../db/schema/index';
import type { KeyStore } from './keys/key-store';
import type { SessionStateCache } from './token-cache';
import type { LookupCache } from './lookup-cache';

export interface OAuthRuntime {
  clients: LookupCache<OAuthClient | undefined>;
  sessions: SessionStateCache;
  keys: KeyStore;
  /** Drops the client from every node's cache (deactivation takes effect at once everywhere). */
  clientChanged(clientId: string): Promise<void>;
}

/**
 * The provider's per-process state for one hub: its caches of client and token lookups and its
 * signing keys (built with the hub, caches.ts).
 */
export function oauthRuntime(hub: Hub): OAuthRuntime {
  return {
    clients: hub.caches.clients,
    sessions: hub.caches.sessionStates,
    keys: hub.caches.keys,
    clientChanged: (clientId) => hub.revocations.publish({ kind: 'client', clientId }),
  };
}
