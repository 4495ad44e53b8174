import type { Hub } from '../hub';
import { sha256Hex } from '../crypto/tokens';
import { CACHES, type SignedInSession } from '../caches';
import { findSessionWithUserByHash } from './session-queries';
import { checkBrowserSession, TOUCH_INTERVAL_MS } from './sessions';

export type { SignedInSession } from '../caches';

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
  const { entries, hashOf } = hub.caches.signedInSessions;
  const hash = sha256Hex(token);
  let loaded = false;
  const load = async () => {
    loaded = true;
    const found = await findSessionWithUserByHash(hub.db, hash);
    if (found) {
      // Bounded like the entries: when full, both start over.
      if (hashOf.size >= CACHES.signedInSessions.maxEntries) {
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

/** This node forgets a session's cached user at once (a profile change its pages must show, e.g. the language). */
export function forgetSignedInSession(hub: Hub, sessionId: string): void {
  const { entries, hashOf } = hub.caches.signedInSessions;
  const hash = hashOf.get(sessionId);
  if (hash) entries.invalidate(hash);
}
