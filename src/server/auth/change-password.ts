import type { Hub } from '../hub';
import { setPasswordHash } from './user-queries';
import { hashPassword } from './passwords';
import type { FastifyBaseLogger } from 'fastify';
import { assertStrongPassword } from './password-check';
import { createBrowserSession, revokeUserSessions } from './sessions';
import type { BrowserAuth } from './sessions';
import { verifyPasswordCounted, type ClientInfo } from './sign-in';

/**
 * Changes the signed-in user's password: the current one must be given, the new one must pass
 * the policy. Every session of the user ends (a thief's included) and this browser gets a
 * fresh one, so the person who changed it stays signed in.
 */
export async function changePassword(
  hub: Hub,
  auth: BrowserAuth,
  input: { currentPassword: string; newPassword: string },
  client: ClientInfo,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<{ token: string; auth: BrowserAuth; revoked: number }> {
  // Counted by the sign-in brute-force limit (issue 11 finding 10): a stolen session cannot guess.
  await verifyPasswordCounted(hub, auth.user, input.currentPassword, { ...client, sessionId: auth.session.id });
  await assertStrongPassword(hub, input.newPassword, log);
  const passwordHash = await hashPassword(input.newPassword);
  const now = hub.clock();
  return hub.db.transaction(async (tx) => {
    await setPasswordHash(tx, auth.user.id, passwordHash, now);
    const revoked = await revokeUserSessions(hub, auth.user.id, auth.user.id, tx);
    // The new session keeps the proof the old one had (auth_time, amr): typing the password
    // again is not a second factor, so it does not satisfy step-up on its own.
    const { token, session } = await createBrowserSession(
      hub,
      {
        userId: auth.user.id,
        ...client,
        authTime: auth.session.authTime,
        amr: auth.session.amr,
        idpId: auth.session.idpId,
      },
      tx,
    );
    await hub.audit.record(
      {
        type: 'password_changed',
        ...client,
        userId: auth.user.id,
        sessionId: session.id,
        details: { sessions_revoked: revoked },
      },
      tx,
    );
    return { token, revoked, auth: { ...auth, session, user: { ...auth.user, passwordHash } } };
  });
}
