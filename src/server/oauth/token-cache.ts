import type { Db } from '../db/client';
import { findSessionState } from '../auth/session-queries';
import { isAccessTokenRevoked } from './queries';
import { LookupCache } from './lookup-cache';

export interface SessionState {
  id: string;
  userId: string | null;
  clientId: string | null;
  kind: string;
  scopes: string[];
  isActive: boolean;
  expiresAt: number;
  authTime: number;
}

export interface SessionStateCache {
  /** The session behind a token, from this process's cache or the database. */
  byId(id: string): Promise<SessionState | undefined>;
  /** The session whose opaque token hashes to `hash` (hand-off tokens). */
  byTokenHash(hash: string): Promise<SessionState | undefined>;
  /** The session's state when this process holds it, without reading: `{ value }` or undefined. */
  peek(id: string): { value: SessionState | undefined } | undefined;
  /** Whether the access token with this `jti`, which no session row stands behind, was revoked. */
  isRevoked(jti: string): Promise<boolean>;
  /** The same without reading: `{ value }` when this process holds it, else undefined. */
  peekRevoked(jti: string): { value: boolean } | undefined;
  /** A mark taken before a grant starts, for `prime` and `primeToken`. */
  mark(): CacheMark;
  /**
   * The state of a session this process has just committed, so that the first introspection of
   * its token here reads nothing; dropped when any revocation was heard since `mark`.
   */
  prime(state: SessionState, mark: CacheMark): void;
  /** The same for an access token just issued without a session row: not revoked. */
  primeToken(jti: string, mark: CacheMark): void;
  invalidate(id: string): void;
  invalidateToken(jti: string): void;
  invalidateAll(): void;
}

export interface CacheMark {
  states: number;
  tokens: number;
}

/**
 * The per-process token-lookup cache. Entries say whether a session is live (or whether an access
 * token without one was revoked); they are dropped the moment hub.revocations reports the session
 * or the token (this node at once, other nodes through
 * LISTEN/NOTIFY), and otherwise live at most 5 minutes as a safety net against a lost NOTIFY.
 */
export function createSessionStateCache(
  db: Db,
  /** `primed`: how many of what the token endpoint primes are kept until their first use. */
  bound: { maxEntries: number; ttlMs: number; primed: number },
  live: () => boolean,
): SessionStateCache {
  // Not served while revocations cannot be heard.
  const states = new LookupCache<SessionState | undefined>(bound.ttlMs, bound.maxEntries, live, bound.primed);
  // token hash → session id never changes, so it can be cached without invalidation.
  const ids = new LookupCache<string | undefined>(bound.ttlMs, bound.maxEntries);
  // jti → revoked, for tokens without a session row; not served while revocations cannot be heard.
  const revoked = new LookupCache<boolean>(bound.ttlMs, bound.maxEntries, live, bound.primed);

  async function loadBy(by: { id: string } | { tokenHash: string }): Promise<SessionState | undefined> {
    const row = await findSessionState(db, by);
    return row ? sessionStateOf(row) : undefined;
  }

  const byId = (id: string) => states.get(id, () => loadBy({ id }));
  return {
    byId,
    async byTokenHash(hash) {
      const id = await ids.get(hash, async () => (await loadBy({ tokenHash: hash }))?.id);
      return id ? byId(id) : undefined;
    },
    peek: (id) => states.peek(id),
    isRevoked: (jti) => revoked.get(jti, () => isAccessTokenRevoked(db, jti)),
    peekRevoked: (jti) => revoked.peek(jti),
    mark: () => ({ states: states.mark(), tokens: revoked.mark() }),
    prime(state, mark) {
      states.prime(state.id, state, mark.states);
    },
    primeToken(jti, mark) {
      revoked.prime(jti, false, mark.tokens);
    },
    invalidate(id) {
      states.invalidate(id);
    },
    invalidateToken(jti) {
      revoked.invalidate(jti);
    },
    invalidateAll() {
      states.invalidate();
      revoked.invalidate();
    },
  };
}

/** What the cache keeps of a session row (or of one about to be written). */
export function sessionStateOf(row: {
  id: string;
  userId: string | null;
  clientId: string | null;
  kind: string;
  scopes: string[];
  isActive: boolean;
  expiresAt: Date;
  authTime: Date;
}): SessionState {
  return {
    id: row.id,
    userId: row.userId,
    clientId: row.clientId,
    kind: row.kind,
    scopes: row.scopes,
    isActive: row.isActive,
    expiresAt: row.expiresAt.getTime(),
    authTime: row.authTime.getTime(),
  };
}

export function isSessionLive(s: SessionState | undefined, now: Date): s is SessionState {
  return !!s && s.isActive && s.expiresAt > now.getTime();
}
