import type { Db } from '../db/client';
import { findSessionState } from '../auth/session-queries';
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
  /** A mark taken before a grant starts, for `prime`. */
  mark(): number;
  /**
   * The state of a session this process has just committed, so that the first introspection of
   * its token here reads nothing; dropped when any revocation was heard since `mark`.
   */
  prime(state: SessionState, mark: number): void;
  invalidate(id: string): void;
  invalidateAll(): void;
}

/**
 * The per-process token-lookup cache. Entries say whether a session is live; they are dropped
 * the moment hub.revocations reports the session (this node at once, other nodes through
 * LISTEN/NOTIFY), and otherwise live at most 5 minutes as a safety net against a lost NOTIFY.
 */
export function createSessionStateCache(
  db: Db,
  bound: { maxEntries: number; ttlMs: number },
  live: () => boolean,
): SessionStateCache {
  // Not served while revocations cannot be heard.
  const states = new LookupCache<SessionState | undefined>(bound.ttlMs, bound.maxEntries, live);
  // token hash → session id never changes, so it can be cached without invalidation.
  const ids = new LookupCache<string | undefined>(bound.ttlMs, bound.maxEntries);

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
    mark: () => states.mark(),
    prime(state, mark) {
      states.prime(state.id, state, mark);
    },
    invalidate(id) {
      states.invalidate(id);
    },
    invalidateAll() {
      states.invalidate();
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
