import { HubError } from '../errors';
import type { Hub } from '../hub';
import { revokeSession } from '../auth/sessions';
import { endSignedInSessions } from '../oauth/backchannel';
import type { Actor } from '../actor';
import type { AuthSessionRow } from './dashboard-queries';
import { findAuthSessions, findRecentSessionsSafe, findSessionOwner } from './dashboard-queries';

const iso = (v: Date | string) => new Date(v).toISOString();

export function toAuthSession(row: AuthSessionRow) {
  return {
    ...row,
    scopes: row.scopes ?? [],
    last_accessed_at: iso(row.last_accessed_at),
    created_at: iso(row.created_at),
    expires_at: iso(row.expires_at),
  };
}

export async function listRecentSessions(hub: Hub, limit: number) {
  const found = await findRecentSessionsSafe(hub.db, limit, hub.clock());
  return { sessions: found.map((s) => ({ ...s, created_at: iso(s.created_at) })) };
}

export async function listAuthSessions(hub: Hub, input: { activeOnly: boolean; limit: number; userId?: string }) {
  const found = await findAuthSessions(hub.db, { ...input, now: hub.clock() });
  return { sessions: found.map(toAuthSession) };
}

/**
 * Revokes one session. `ownerId` restricts it to that user's sessions (the /api/me route):
 * someone else's session answers 404, exactly like one that does not exist.
 */
export async function revokeOneSession(hub: Hub, actor: Actor, sessionId: string, ownerId?: string) {
  const found = await findSessionOwner(hub.db, sessionId);
  if (!found || (ownerId && found.user_id !== ownerId)) throw new HubError('not_found', 'Session not found.');
  const revoked = await revokeSession(hub, sessionId, actor.userId);
  if (revoked) await endSignedInSessions(hub, { browserSessionIds: [sessionId] });
  if (revoked) {
    await hub.audit.record({
      type: 'session_revoked',
      ...actor.audit,
      details: { revoked_session_id: sessionId, owner_user_id: found.user_id, by: ownerId ? 'self' : 'admin' },
    });
  }
  return { revoked };
}
