import type { Hub } from '../hub';
import { HubError } from '../errors';
import { setPasswordHash } from './user-queries';
import { hashPassword, verifyPassword } from './passwords';
import { assertStrongPassword } from './sign-up';
import { createBrowserSession, revokeUserSessions } from './sessions';
import type { BrowserAuth } from './sessions';
import type { ClientInfo } from './sign-in';

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
): Promise<{ token: string; auth: BrowserAuth }> {
  if (!(await verifyPassword(auth.user.passwordHash, input.currentPassword))) {
    throw new HubError('invalid_credentials', 'The current password is not correct.', { field: 'current_password' });
  }
  assertStrongPassword(input.newPassword);
  const passwordHash = await hashPassword(input.newPassword);
  const now = hub.clock();
  return hub.db.transaction(async (tx) => {
    await setPasswordHash(tx, auth.user.id, passwordHash, now);
    const revoked = await revokeUserSessions(hub, auth.user.id, auth.user.id, tx);
    const { token, session } = await createBrowserSession(hub, { userId: auth.user.id, ...client }, tx);
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
    return { token, auth: { ...auth, session, user: { ...auth.user, passwordHash } } };
  });
}
