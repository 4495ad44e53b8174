import { randomUUID } from 'node:crypto';
import type { ActClaim } from '../oauth/act';
import type { Hub } from '../hub';
import type { DbOrTx } from '../db/client';
import type { AuthSession, PlatformUser } from '../db/schema/index';
import { randomToken, sha256Hex } from '../crypto/tokens';
import { findEffectiveRoles } from '../roles/queries';
import { findUserById } from './user-queries';
import { isEcosystemAdminRoles } from '../../shared/roles';
import { isUuid } from '../../shared/uuid';
import {
  deactivateSession,
  deactivateUserSessions,
  findSessionWithUserByHash,
  insertSession,
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
  /** Issue 42: the administrator viewing as the user when the session has `act` (admin/impersonation.ts). */
  impersonator?: { id: string; email: string; name: string | null } | null;
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
  /** Issue 29: the identity provider the sign-in came through (federation), else none. */
  idpId?: string | null;
  /** RFC 8693 §4.1 (oauth/act.ts): who acts for the user in this session (impersonation), else none. */
  act?: ActClaim | null;
  /** When it ends; default the configured absolute lifetime (an impersonation: its minutes). */
  expiresAt?: Date;
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
      idpId: input.idpId ?? null,
      act: input.act ?? null,
      createdAt: now,
      lastAccessedAt: now,
      expiresAt: input.expiresAt ?? new Date(now.getTime() + hub.config.sessionAbsoluteHours * 3_600_000),
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
  // Issue 42: an impersonated session names the administrator (for the banner); rare, so read here.
  const actor = isUuid(session.act?.sub) ? await findUserById(hub.db, session.act!.sub) : undefined;
  const impersonator = actor ? { id: actor.id, email: actor.email, name: actor.fullName } : null;
  return { session, user, roles, isEcosystemAdmin: isEcosystemAdminRoles(roles), impersonator };
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
    // Not published: no cache vouches for a session past its lifetime or idle (session-cache.ts
    // serves only one touched within the minute), so no node holds anything to drop.
    await deactivateSession(hub.db, session.id, now, null);
    return false;
  }
  if (now.getTime() - session.lastAccessedAt.getTime() >= TOUCH_INTERVAL_MS) {
    await touchSession(hub.db, session.id, now);
    session.lastAccessedAt = now;
  }
  return true;
}

/**
 * Ends one session. Pass the caller's transaction, if any: every node hears of it once that
 * commits (hub.revocations.publish), never before and never on rollback.
 */
export async function revokeSession(
  hub: Hub,
  sessionId: string,
  revokedBy: string | null,
  tx: DbOrTx = hub.db,
): Promise<boolean> {
  const done = await deactivateSession(tx, sessionId, hub.clock(), revokedBy);
  if (done) await hub.revocations.publish({ kind: 'sessions', ids: [sessionId] }, tx);
  return done;
}

/** Ends every live session of a user (deactivation, password change or reset), as revokeSession does. */
export async function revokeUserSessions(
  hub: Hub,
  userId: string,
  revokedBy: string | null,
  tx: DbOrTx = hub.db,
): Promise<number> {
  const ids = await deactivateUserSessions(tx, userId, hub.clock(), revokedBy);
  await hub.revocations.publish({ kind: 'sessions', ids }, tx);
  return ids.length;
}
