import type { Hub } from '../hub';
import { HubError, Refusal } from '../errors';
import type { SignedInActor } from '../actor';
import type { PlatformRoleAssignment } from '../db/schema/index';
import { PLATFORM_ROLES, type PlatformRole } from '../../shared/roles';
import { countOtherActiveSuperAdmins } from '../admin/user-queries';
import { insertAssignment, isEffectiveAssignment, listAssignments, setAssignment } from './queries';
import { findUserById, lockUserById } from '../auth/user-queries';

/**
 * Why turning `role` on or off (`has`: the user holds it now) is refused to a caller with
 * `actorRoles`, with `otherActiveSuperAdmins` other active super admins; null when allowed.
 * super_admin and support are a super admin's to grant and revoke (403, audited as an escalation
 * attempt); the last active super admin keeps super_admin (409).
 */
export function roleChangeRefusal(
  actorRoles: readonly string[],
  role: string,
  has: boolean,
  otherActiveSuperAdmins: number,
): 'super_admin_only' | 'last_super_admin' | null {
  if ((role === 'super_admin' || role === 'support') && !actorRoles.includes('super_admin')) return 'super_admin_only';
  if (role === 'super_admin' && has && otherActiveSuperAdmins === 0) return 'last_super_admin';
  return null;
}

export function assignmentView(a: PlatformRoleAssignment) {
  return {
    id: a.id,
    role: a.role,
    is_active: a.isActive,
    granted_by: a.grantedBy,
    granted_at: a.grantedAt.toISOString(),
    expires_at: a.expiresAt?.toISOString() ?? null,
  };
}

export async function getUserRoles(hub: Hub, userId: string) {
  const user = await findUserById(hub.db, userId);
  if (!user) throw new HubError('not_found', 'User not found.');
  return { roles: (await listAssignments(hub.db, userId)).map(assignmentView) };
}

/**
 * Applies the roles dialog (spec §4) in one transaction: `desired` is the set that should be
 * active. A role toggled on re-activates its existing assignment or gets a new one granted by
 * the actor; a role toggled off is deactivated; unchanged roles are not touched. Rules of
 * DESIGN §6: only a super_admin grants or revokes super_admin (anyone else trying is audited
 * as a role escalation attempt), and the last active super_admin keeps the role.
 */
export async function setUserRoles(hub: Hub, actor: SignedInActor, userId: string, desired: PlatformRole[]) {
  const now = hub.clock();
  const want = new Set(desired);
  return hub.db.transaction(async (tx) => {
    const user = await lockUserById(tx, userId);
    if (!user) throw new HubError('not_found', 'User not found.');
    const existing = await listAssignments(tx, userId);
    const byRole = new Map(existing.map((a) => [a.role, a]));
    const effective = (a: PlatformRoleAssignment | undefined) => isEffectiveAssignment(a, now);

    const grant: PlatformRole[] = [];
    const revoke: PlatformRole[] = [];
    for (const role of PLATFORM_ROLES) {
      const has = effective(byRole.get(role));
      if (want.has(role) && !has) grant.push(role);
      if (!want.has(role) && has) revoke.push(role);
    }
    // Issue 42: `support` (view as a user) is granted and revoked by a super admin too.
    const touchesSuper = [...grant, ...revoke].some(
      (r) => roleChangeRefusal(actor.roles, r, revoke.includes(r), 1) === 'super_admin_only',
    );
    if (touchesSuper) {
      // The error hook records the attempt after this transaction rolls back.
      throw new Refusal('forbidden', {
        message: 'Only a super admin can grant or revoke the super_admin role.',
        audit: {
          type: 'role_escalation_attempt',
          ...actor.audit,
          details: {
            method: 'PUT',
            route: '/api/admin/users/:id/roles',
            action: 'set_roles',
            target_user_id: userId,
            granting: grant,
            revoking: revoke,
          },
        },
      });
    }
    if (
      revoke.includes('super_admin') &&
      roleChangeRefusal(actor.roles, 'super_admin', true, await countOtherActiveSuperAdmins(tx, userId, now)) ===
        'last_super_admin'
    ) {
      throw new HubError('last_super_admin', 'The last active super admin cannot lose the super_admin role.');
    }

    for (const role of grant) {
      const found = byRole.get(role);
      if (found) {
        // Re-activate the existing assignment; an expired one starts afresh without an expiry.
        await setAssignment(tx, found.id, { isActive: true, grantedBy: actor.userId, grantedAt: now, expiresAt: null });
      } else {
        await insertAssignment(tx, { userId, role, isActive: true, grantedBy: actor.userId, grantedAt: now });
      }
    }
    for (const role of revoke) await setAssignment(tx, byRole.get(role)!.id, { isActive: false });

    const events = [
      ...grant.map((role) => ({
        type: 'role_granted' as const,
        ...actor.audit,
        details: { target_user_id: userId, role },
      })),
      ...revoke.map((role) => ({
        type: 'role_revoked' as const,
        ...actor.audit,
        details: { target_user_id: userId, role },
      })),
    ];
    if (events.length) await hub.audit.record(events, tx);
    return { roles: (await listAssignments(tx, userId)).map(assignmentView) };
  });
}
