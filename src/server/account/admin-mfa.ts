import type { Hub } from '../hub';
import { HubError, Refusal } from '../errors';
import type { SignedInActor } from '../actor';
import { revokeUserSessions } from '../auth/sessions';
import { findUserById } from '../auth/user-queries';
import { deleteAllPasskeys } from './passkey-queries';
import { deleteRecoveryCodes } from './recovery-code-queries';
import { deleteTotp } from './totp-queries';

/**
 * POST /api/admin/users/:id/mfa/reset (super_admin only): removes the user's authenticator app,
 * recovery codes and passkeys and ends all their sessions, so a person who lost every factor can
 * sign in with the password and enrol again. Audited as a critical event.
 */
export async function resetUserMfa(hub: Hub, actor: SignedInActor, userId: string) {
  if (!(await findUserById(hub.db, userId))) throw new HubError('not_found', 'User not found.');
  if (!actor.roles.includes('super_admin')) {
    throw new Refusal('forbidden', {
      message: "Only a super admin can reset a user's second factors.",
      audit: {
        type: 'permission_denied',
        ...actor.audit,
        details: { method: 'POST', route: '/api/admin/users/:id/mfa/reset', action: 'mfa_reset' },
      },
    });
  }
  const result = await hub.db.transaction(async (tx) => {
    const user = await findUserById(tx, userId);
    if (!user) throw new HubError('not_found', 'User not found.');
    const totp = await deleteTotp(tx, userId);
    await deleteRecoveryCodes(tx, userId);
    const passkeys = await deleteAllPasskeys(tx, userId);
    return { totp, passkeys };
  });
  const revoked = await revokeUserSessions(hub, userId, actor.userId);
  await hub.audit.record({
    type: 'mfa_reset',
    ...actor.audit,
    details: { target_user_id: userId, sessions_revoked: revoked, totp: result.totp, passkeys: result.passkeys },
  });
  return { mfa_reset: true as const, sessions_ended: revoked };
}
