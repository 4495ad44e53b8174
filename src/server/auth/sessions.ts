import { randomUUID } from 'node:crypto';
import type { Hub } from '../hub';
import { REVOCATION_CHANNEL } from '../revocations';
import type { DbOrTx } from '../db/client';
import type { AuthSession, PlatformUser } from '../db/schema/index';
import { randomToken, sha256Hex } from '../crypto/tokens';
import { findEffectiveRoles } from '../roles/queries';
import { isEcosystemAdminRoles } from '../../shared/roles';
import {
  deactivateSession,
  deactivateUserSessions,
  findSessionWithUserByHash,
  insertSession,
  notifyInTransaction,
  touchSession,
} from './session-queries';

export const SESSION_COOKIE = 'hub_session';
/** last_accessed_at is written at most this often per session. */
export const TOUCH_INTERVAL_MS = 60_000;

export interface BrowserAuth {
  session: AuthSession;
  user: PlatformUser;
  roles: string[];
  isEcosystemAdmin: boolean;
}

export interface NewBrowserSessionInput {
  userId: string;
  ipAddress?: string | null;
  userAgent?: string | null;
  /**
   * How the user proved who they are (OIDC amr, RFC 8176): `pwd` for a password, add `otp`
   * (TOTP), `hwk`/`swk` (passkey), `mfa` when two factors were used. Becomes the ID token's amr.
   */
  amr?: string[];
  /** When they proved it (OIDC auth_time); now unless a step-up keeps an earlier proof. */
  authTime?: Date;
}

/**
 * A new browser session's row, complete (id included) but not yet stored, and its raw token:
 * for a caller that stores it in a statement of its own (the sign-in's audit append).
 */
export function newBrowserSession(hub: Hub, input: NewBrowserSessionInput): { token: string; session: AuthSession } {
  const now = hub.clock();
  const token = randomToken();
  return {
    token,
    session: {
      id: randomUUID(),
      userId: input.userId,
      clientId: null,
      kind: 'browser',
      sessionTokenHash: sha256Hex(token),
      refreshTokenHash: null,
      refreshFamily: null,
      scopes: [],
      ipAddress: input.ipAddress ?? null,
      userAgent: input.userAgent ?? null,
      isActive: true,
      authTime: input.authTime ?? now,
      amr: input.amr ?? ['pwd'],
      browserSessionId: null,
      resource: null,
      createdAt: now,
      lastAccessedAt: now,
      expiresAt: new Date(now.getTime() + hub.config.sessionAbsoluteHours * 3_600_000),
      revokedAt: null,
      revokedBy: null,
    },
  };
}

/** Creates a hub browser session; the raw token goes only into the cookie. */
export async function createBrowserSession(
  hub: Hub,
  input: NewBrowserSessionInput,
  tx?: DbOrTx,
): Promise<{ token: string; session: AuthSession }> {
  const { token, session } = newBrowserSession(hub, input);
  return { token, session: await insertSession(tx ?? hub.db, session) };
}

/**
 * The signed-in state behind a cookie token, or null when the token is unknown, revoked,
 * past its absolute lifetime, idle too long, or its user is inactive.
 */
export async function resolveBrowserSession(hub: Hub, token: string): Promise<BrowserAuth | null> {
  if (!token || token.length > 200) return null;
  const found = await findSessionWithUserByHash(hub.db, sha256Hex(token));
  if (!found || found.session.kind !== 'browser') return null;
  const { session, user } = found;
  const now = hub.clock();
  if (!(await checkBrowserSession(hub, session, user, now))) return null;
  const roles = await findEffectiveRoles(hub.db, user.id, now);
  return { session, user, roles, isEcosystemAdmin: isEcosystemAdminRoles(roles) };
}

/**
 * Whether a browser session read from the database is live now. One past its absolute lifetime
 * or idle too long is deactivated; a live one's last_accessed_at is written at most once a
 * minute (and updated on `session`).
 */
export async function checkBrowserSession(
  hub: Hub,
  session: AuthSession,
  user: PlatformUser,
  now: Date,
): Promise<boolean> {
  const idleMs = hub.config.sessionIdleMinutes * 60_000;
  if (!session.isActive || !user.isActive) return false;
  if (session.expiresAt <= now || now.getTime() - session.lastAccessedAt.getTime() > idleMs) {
    await deactivateSession(hub.db, session.id, now, null);
    return false;
  }
  if (now.getTime() - session.lastAccessedAt.getTime() >= TOUCH_INTERVAL_MS) {
    await touchSession(hub.db, session.id, now);
    session.lastAccessedAt = now;
  }
  return true;
}

export async function revokeSession(
  hub: Hub,
  sessionId: string,
  revokedBy: string | null,
  tx?: DbOrTx,
): Promise<boolean> {
  const done = await deactivateSession(tx ?? hub.db, sessionId, hub.clock(), revokedBy);
  if (done) await announceRevocation(hub, [sessionId], tx);
  return done;
}

export async function revokeUserSessions(
  hub: Hub,
  userId: string,
  revokedBy: string | null,
  tx?: DbOrTx,
): Promise<number> {
  const ids = await deactivateUserSessions(tx ?? hub.db, userId, hub.clock(), revokedBy);
  if (ids.length) await announceRevocation(hub, ids, tx);
  return ids.length;
}

/**
 * Tells every node (this one included) which sessions ended. Inside a caller's transaction the
 * NOTIFY goes through that transaction: PostgreSQL delivers it on commit and drops it on
 * rollback, so no node drops a session that is still live, and PGlite's single connection is
 * never asked for while the transaction holds it (which would deadlock).
 */
async function announceRevocation(hub: Hub, ids: string[], tx?: DbOrTx): Promise<void> {
  if (!tx) return hub.revocations.publish(ids);
  // NOTIFY payloads are limited to 8000 bytes: chunks of 100 ids, as Revocations.publish does.
  for (let i = 0; i < ids.length; i += 100) {
    await notifyInTransaction(tx, REVOCATION_CHANNEL, JSON.stringify(ids.slice(i, i + 100)));
  }
}
