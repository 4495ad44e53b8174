import { HubError, Refusal } from '../errors';
import type { SignedInActor } from '../actor';
import type { Hub } from '../hub';
import type { PlatformUser } from '../db/schema/index';
import { revokeUserSessions } from '../auth/sessions';
import { endSignedInSessions } from '../oauth/backchannel';
import { findEffectiveRoles, findRolesOfUsers } from '../roles/queries';
import { roleChangeRefusal } from '../roles/role-service';
import { PLATFORM_ROLES } from '../../shared/roles';
import type { AdminUser, UserPatch } from '../../shared/admin-api';
import type { Mailer } from '../auth/mailer';
import { sendVerificationMail } from '../auth/email-verification';
import { requireRecentAuthentication } from '../account/step-up';
import { mfaCountsFor } from '../account/second-factor-queries';
import type { KeysetPosition } from '../db/cursor';
import { conflictOnUnique } from '../db/unique';
import { pageOf } from '../http/cursor';
import {
  countActiveSuperAdmins,
  countOtherActiveSuperAdmins,
  countUsers,
  findUserPage,
  isEmailUsedByOther,
} from './user-queries';
import { lockUserById, updateUser } from '../auth/user-queries';

export function toAdminUser(
  user: Pick<
    PlatformUser,
    'id' | 'email' | 'fullName' | 'organization' | 'department' | 'isActive' | 'createdAt' | 'lastLoginAt'
  >,
  roles: string[],
  mfa: AdminUser['mfa'] = { totp: false, passkeys: 0 },
): AdminUser {
  return {
    id: user.id,
    email: user.email,
    full_name: user.fullName,
    organization: user.organization,
    department: user.department,
    is_active: user.isActive,
    created_at: user.createdAt.toISOString(),
    last_login_at: user.lastLoginAt?.toISOString() ?? null,
    roles,
    mfa,
  };
}

/**
 * Why deactivating a user with `targetRoles` is refused to a caller with `actorRoles`, with
 * `otherActiveSuperAdmins` other active super admins; null when it is allowed. Nobody deactivates
 * their own account (`isSelf`; 403, audited): it would end their sessions and lock them out of the
 * console. Only a super admin deactivates a super admin (403, audited as an escalation attempt);
 * the last active one stays (409).
 */
export function deactivationRefusal(
  actorRoles: readonly string[],
  targetRoles: readonly string[],
  otherActiveSuperAdmins: number,
  isSelf: boolean,
): 'self' | 'super_admin_only' | 'last_super_admin' | null {
  if (isSelf) return 'self';
  if (!targetRoles.includes('super_admin')) return null;
  if (!actorRoles.includes('super_admin')) return 'super_admin_only';
  return otherActiveSuperAdmins === 0 ? 'last_super_admin' : null;
}

/** The audited refusal of an administrator deactivating their own account (the error hook writes the event). */
function selfDeactivationRefusal(actor: SignedInActor): Refusal {
  return new Refusal('self_deactivation', {
    audit: {
      type: 'permission_denied',
      ...actor.audit,
      details: { method: 'PATCH', route: '/api/admin/users/:id', action: 'deactivate_self' },
    },
  });
}

/** Users tab: one page (newest first), the matching count, and the cursor of the next page. */
export async function listUsers(
  hub: Hub,
  input: { q: string; cursor?: KeysetPosition; limit: number },
  /** The caller: each user's `actions` say what this caller may do. */
  actor: { userId: string; roles: readonly string[] },
) {
  const actorRoles = actor.roles;
  const [found, total, superAdmins] = await Promise.all([
    findUserPage(hub.db, { term: input.q, cursor: input.cursor, limit: input.limit + 1 }),
    countUsers(hub.db, input.q),
    countActiveSuperAdmins(hub.db, hub.clock()),
  ]);
  const { page: shown, next_cursor } = pageOf(found, input.limit, (u) => ({ at: u.cursorCreatedAt, id: u.id }));
  const ids = shown.map((u) => u.id);
  const [roles, mfa] = await Promise.all([findRolesOfUsers(hub.db, ids, hub.clock()), mfaCountsFor(hub.db, ids)]);
  return {
    users: shown.map((u) => {
      const m = mfa.get(u.id);
      const userRoles = roles.get(u.id) ?? [];
      // The others: every active super admin but this user, when this user is one of them.
      const others = superAdmins - (u.isActive && userRoles.includes('super_admin') ? 1 : 0);
      const refusal = u.isActive ? deactivationRefusal(actorRoles, userRoles, others, u.id === actor.userId) : null;
      const roleStates = PLATFORM_ROLES.map((r) => {
        const why = roleChangeRefusal(actorRoles, r, userRoles.includes(r), others);
        return [r, { allowed: why === null, reason: why }] as const;
      });
      return {
        ...toAdminUser(u, userRoles, { totp: m?.totp ?? false, passkeys: m?.passkeys ?? 0 }),
        actions: { deactivate: { allowed: refusal === null, reason: refusal }, roles: Object.fromEntries(roleStates) },
      };
    }),
    total: total.total,
    total_capped: total.capped,
    next_cursor,
  };
}

/**
 * Edit dialog: email (unique), full name, organization, department, active switch.
 * Deactivating revokes every session of the user at once; the last active super_admin
 * stays active; a platform_admin cannot deactivate or re-address a super_admin.
 */
export async function patchUser(
  hub: Hub,
  actor: SignedInActor,
  userId: string,
  patch: UserPatch,
  /** Mails the verification link to a new address (issue 11 finding 10). */
  mailer?: Mailer,
): Promise<AdminUser> {
  // Issue 46: nobody deactivates themselves (nothing else in the patch is applied either); refused
  // before the step-up, which would only ask them to sign in again to be told no.
  if (patch.is_active === false && userId === actor.userId) throw selfDeactivationRefusal(actor);
  // Step-up (issue 13): deactivating a user needs a recent full authentication.
  if (patch.is_active === false) {
    await requireRecentAuthentication(hub, actor, { method: 'PATCH', url: '/api/admin/users/:id' });
  }
  const now = hub.clock();
  // Two edits racing to the same email: the unique index decides, and the loser hears 409, not 500.
  const emailInUse = new HubError('email_in_use', undefined, { field: 'email' });
  const result = await conflictOnUnique(
    async () =>
      hub.db.transaction(async (tx) => {
        const before = await lockUserById(tx, userId);
        if (!before) throw new HubError('not_found', 'User not found.');
        const targetRoles = await findEffectiveRoles(tx, userId, now);
        const deactivating = patch.is_active === false && before.isActive;
        const emailChanging = patch.email !== undefined && patch.email !== before.email;

        const others = targetRoles.includes('super_admin') ? await countOtherActiveSuperAdmins(tx, userId, now) : 1;
        const refusal = deactivationRefusal(actor.roles, targetRoles, others, false);
        // A super admin's address is a super admin's business too (the same 403 as deactivating).
        if (refusal === 'super_admin_only' && (deactivating || emailChanging)) {
          // Thrown, not recorded here: the error hook writes the event after this transaction rolls back.
          throw new Refusal('forbidden', {
            message: 'Only a super admin can deactivate or change the email of a super admin.',
            audit: {
              type: 'role_escalation_attempt',
              ...actor.audit,
              details: {
                method: 'PATCH',
                route: '/api/admin/users/:id',
                action: 'edit_super_admin',
                target_user_id: userId,
              },
            },
          });
        }
        if (deactivating && refusal === 'last_super_admin') throw new HubError('last_super_admin');
        if (emailChanging && (await isEmailUsedByOther(tx, patch.email!, userId))) {
          throw new HubError('email_in_use', undefined, { field: 'email' });
        }

        const values: Parameters<typeof updateUser>[2] = { updatedAt: now };
        if (patch.email !== undefined) values.email = patch.email;
        // A new address is unverified until its owner follows the link mailed to it.
        if (emailChanging) values.emailVerifiedAt = null;
        if (patch.full_name !== undefined) values.fullName = patch.full_name;
        if (patch.organization !== undefined) values.organization = patch.organization;
        if (patch.department !== undefined) values.department = patch.department;
        if (patch.is_active !== undefined) values.isActive = patch.is_active;
        const after = await updateUser(tx, userId, values);

        const changed = Object.keys(patch).filter((k) => patch[k as keyof UserPatch] !== undefined);
        await hub.audit.record(
          [
            { type: 'user_updated', ...actor.audit, details: { target_user_id: userId, fields: changed } },
            ...(patch.is_active === true && !before.isActive
              ? [{ type: 'user_activated' as const, ...actor.audit, details: { target_user_id: userId } }]
              : []),
          ],
          tx,
        );
        return { user: toAdminUser(after, targetRoles), deactivating, readdressed: emailChanging ? after : null };
      }),
    emailInUse,
  );
  if (result.deactivating) {
    // After commit: the revocation broadcast must not run inside the transaction (PGlite has one
    // connection), and an inactive user's cookies are already refused by resolveBrowserSession.
    const revoked = await revokeUserSessions(hub, userId, actor.userId);
    await endSignedInSessions(hub, { userId });
    await hub.audit.record({
      type: 'user_deactivated',
      ...actor.audit,
      details: { target_user_id: userId, sessions_revoked: revoked },
    });
  }
  if (result.readdressed && mailer) await sendVerificationMail(hub, mailer, result.readdressed);
  return result.user;
}
