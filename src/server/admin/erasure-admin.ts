import type { Hub } from '../hub';
import type { SignedInActor } from '../actor';
import { HubError, Refusal } from '../errors';
import { requireRecentAuthentication } from '../account/step-up';
import { cancelDeletion, deletionStatusOf, scheduleDeletion } from '../account/erasure';
import { approveDeletion, findDeletion } from '../account/erasure-queries';
import { findUserById } from '../auth/user-queries';
import { findEffectiveRoles, listAssignments } from '../roles/queries';
import { refuseDecision } from '../roles/two-person-rule';
import type { DeletionStatus } from '../../shared/api/privacy';

const ADMIN_ROLES = ['platform_admin', 'super_admin'];

/**
 * POST /api/admin/users/:id/deletion: an administrator schedules another account's erasure
 * (step-up). When that account is an administrator, the erasure waits for a second, independent
 * administrator's approval (the two-person rule of credential requests, roles/two-person-rule.ts).
 */
export async function adminScheduleDeletion(hub: Hub, actor: SignedInActor, userId: string): Promise<DeletionStatus> {
  await requireRecentAuthentication(hub, actor, { method: 'POST', url: '/api/admin/users/:id/deletion' });
  if (!(await findUserById(hub.db, userId))) throw new HubError('not_found', 'User not found.');
  const roles = await findEffectiveRoles(hub.db, userId, hub.clock());
  return scheduleDeletion(
    hub,
    actor.audit,
    userId,
    'admin',
    roles.some((r) => ADMIN_ROLES.includes(r)),
  );
}

/** POST /api/admin/users/:id/deletion/approve: the second administrator, under the two-person rule. */
export async function adminApproveDeletion(hub: Hub, actor: SignedInActor, userId: string): Promise<DeletionStatus> {
  await requireRecentAuthentication(hub, actor, { method: 'POST', url: '/api/admin/users/:id/deletion/approve' });
  const now = hub.clock();
  const pending = await findDeletion(hub.db, userId);
  if (!pending?.needsApproval || pending.approvedAt) throw new HubError('not_found', 'No erasure waits for approval.');
  const approver = { userId: actor.userId, assignments: await listAssignments(hub.db, actor.userId) };
  const requesterId = pending.requestedBy ?? '';
  const refusal = refuseDecision(approver, { requesterId, createdAt: pending.requestedAt }, 'approved', now);
  if (refusal) {
    throw new Refusal(refusal, {
      message:
        refusal === 'self_approval'
          ? 'You cannot approve an erasure you asked for.'
          : 'Approving needs an administrator role that the requester did not grant.',
      audit: {
        type: 'permission_denied',
        ...actor.audit,
        details: {
          method: 'POST',
          route: '/api/admin/users/:id/deletion/approve',
          action: refusal,
          requesting_user_id: requesterId,
        },
      },
    });
  }
  await hub.db.transaction(async (tx) => {
    if (!(await approveDeletion(tx, userId, actor.userId, now))) return;
    await hub.audit.record(
      {
        type: 'account_deletion_approved',
        ...actor.audit,
        details: { target_user_id: userId, requesting_user_id: pending.requestedBy },
      },
      tx,
    );
  });
  return deletionStatusOf(await findDeletion(hub.db, userId));
}

/** DELETE /api/admin/users/:id/deletion: any administrator may call an erasure off. */
export async function adminCancelDeletion(hub: Hub, actor: SignedInActor, userId: string): Promise<DeletionStatus> {
  if (!(await findUserById(hub.db, userId))) throw new HubError('not_found', 'No such user.');
  return cancelDeletion(hub, actor.audit, userId, 'admin');
}
