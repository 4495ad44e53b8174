import type { PlatformRoleAssignment } from '../db/schema/index';
import { isEffectiveAssignment } from './queries';

/**
 * The two-person rule for credential requests (README, Administration), in one place: the
 * decision endpoint refuses with it and the approval queue offers only what it allows, so the
 * screen can never offer a button the server will refuse.
 */

/** The administrator about to decide, with every role assignment they hold (active or not). */
export interface Approver {
  userId: string;
  assignments: Pick<PlatformRoleAssignment, 'role' | 'isActive' | 'expiresAt' | 'grantedBy' | 'grantedAt'>[];
}

/** The request as the rule reads it: who made it and when. */
export interface RequestToDecide {
  requesterId: string;
  createdAt: Date;
}

export type Decision = 'approved' | 'denied';
export type DecisionRefusal = 'self_approval' | 'approver_not_independent';

const ADMIN_ROLES: readonly string[] = ['platform_admin', 'super_admin'];

/**
 * True when the approver holds an effective platform_admin or super_admin assignment that the
 * requester did not grant and that was granted no later than the request was made. A
 * re-activated assignment carries its latest grant, so a role the requester switched back on
 * does not count. `granted_by` null means granted by nobody (`hub setup`): it is never emptied
 * when the granter's account goes, because the column has no foreign key (migration 0008).
 */
export function holdsIndependentAdminRole(approver: Approver, request: RequestToDecide, now: Date): boolean {
  return approver.assignments.some(
    (a) =>
      ADMIN_ROLES.includes(a.role) &&
      isEffectiveAssignment(a, now) &&
      a.grantedBy !== request.requesterId &&
      a.grantedAt.getTime() <= request.createdAt.getTime(),
  );
}

/**
 * Why `approver` may not take `decision` on `request`, or null when they may. Nobody decides
 * their own request; denying is not a grant, so any other administrator may deny; approving
 * needs an independent admin role.
 */
export function refuseDecision(
  approver: Approver,
  request: RequestToDecide,
  decision: Decision,
  now: Date,
): DecisionRefusal | null {
  if (request.requesterId === approver.userId) return 'self_approval';
  if (decision === 'denied') return null;
  return holdsIndependentAdminRole(approver, request, now) ? null : 'approver_not_independent';
}
