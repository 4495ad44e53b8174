import type { Hub } from '../hub';
import type { AuthSession, PlatformUser } from '../db/schema/index';
import { sha256Hex } from '../crypto/tokens';
import { ALL_SESSIONS_ENDED } from '../revocations';
import { LookupCache } from '../oauth/lookup-cache';
import { findSessionWithUserByHash } from './session-queries';
import { checkBrowserSession, TOUCH_INTERVAL_MS } from './sessions';

/** A live browser session and its user, without the roles (what the authorization endpoint needs). */
export interface SignedInSession {
  session: AuthSession;
  user: PlatformUser;
}

interface SessionCache {
  entries: LookupCache<SignedInSession | undefined>;
  /** session id → the token hash its entry is kept under (revocations name sessions). */
  hashOf: Map<string, string>;
}

const caches = new WeakMap<Hub, SessionCache>();
const MAX_ENTRIES = 10_000;

function cacheOf(hub: Hub): SessionCache {
  let cache = caches.get(hub);
  if (cache) return cache;
  // Bounded: 10,000 sessions, 5 minutes each; not served while revocations cannot be heard.
  const entries = new LookupCache<SignedInSession | undefined>(5 * 60_000, MAX_ENTRIES, hub.revocations.live);
  const hashOf = new Map<string, string>();
  hub.revocations.subscribe((ids) => {
    for (const id of ids) {
      if (id === ALL_SESSIONS_ENDED) {
        hashOf.clear();
        entries.invalidate();
        continue;
      }
      const hash = hashOf.get(id);
      hashOf.delete(id);
      // Invalidating even an unknown id matters: it stops a lookup in flight (whose session this
      // may be) from storing what it read before the revocation.
      entries.invalidate(hash ?? id);
    }
  });
  hub.revocations.onResync(() => {
    hashOf.clear();
    entries.invalidate();
  });
  cache = { entries, hashOf };
  caches.set(hub, cache);
  return cache;
}

/**
 * The browser session behind a cookie token for the authorization endpoint, from this process's
 * cache when it can vouch for it, else exactly as resolveBrowserSession decides (and writes).
 *
 * The cache vouches only for a session it holds as active, of an active user, unexpired, and
 * touched less than a minute ago (so never idle): a revocation — sign-out, an admin's revoke, the
 * user's deactivation, a password change, which all end the user's sessions — drops the entry on
 * every node through hub.revocations, and while revocations cannot be heard nothing is served.
 * Anything else (a minute since the last touch, expiry, an inactive row) is read again from the
 * database and decided by checkBrowserSession, which touches or deactivates as it always did.
 * The user's row may be up to a minute old (a renamed user); the roles are not read at all.
 */
export async function resolveSignedInSession(hub: Hub, token: string | undefined): Promise<SignedInSession | null> {
  if (!token || token.length > 200) return null;
  const { entries, hashOf } = cacheOf(hub);
  const hash = sha256Hex(token);
  let loaded = false;
  const load = async () => {
    loaded = true;
    const found = await findSessionWithUserByHash(hub.db, hash);
    if (found) {
      // Bounded like the entries: when full, both start over.
      if (hashOf.size >= MAX_ENTRIES) {
        hashOf.clear();
        entries.invalidate();
      }
      hashOf.set(found.session.id, hash);
    }
    return found;
  };
  const now = hub.clock();
  let found = await entries.get(hash, load);
  if (found && isVouchable(found, now)) return found;
  if (found && !loaded) {
    // What this node holds may be behind another node's touch: decide on the row as it is now.
    entries.invalidate(hash);
    found = await entries.get(hash, load);
  }
  if (!found || found.session.kind !== 'browser') return null;
  const live = await checkBrowserSession(hub, found.session, found.user, now);
  if (!live) entries.invalidate(hash);
  return live ? found : null;
}

function isVouchable({ session, user }: SignedInSession, now: Date): boolean {
  return (
    session.kind === 'browser' &&
    session.isActive &&
    user.isActive &&
    session.expiresAt > now &&
    now.getTime() - session.lastAccessedAt.getTime() < TOUCH_INTERVAL_MS
  );
}
