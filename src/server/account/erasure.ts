import type { Hub } from '../hub';
import { DAY_MS } from '../../shared/dates';
import type { SignedInActor } from '../actor';
import { HubError } from '../errors';
import type { AuditActorFields } from '../audit/record';
import { revokeUserSessions } from '../auth/sessions';
import { requireRecentAuthentication } from './step-up';
import { PERSONAL_TABLES } from '../db/personal-tables';
import { erasePersonalRows } from './personal-data-queries';
import { listMembershipsForToken } from '../orgs/queries/token-claims';
import { destroySubjectKeys } from '../audit/subject-key-queries';
import { deletePlaintextAttemptCounter } from '../auth/sign-in-limit-queries';
import type { DeletionStatus } from '../../shared/api/privacy';
import {
  claimDueDeletion,
  deleteDeletion,
  deleteUserRow,
  findDeletion,
  findSoleOwnedOrgs,
  lockUserForErasure,
  scrubWebhookPayloads,
  upsertDeletion,
  type AccountDeletion,
} from './erasure-queries';

function statusOf(d: AccountDeletion | undefined, erased = false): DeletionStatus {
  return {
    awaiting_approval: Boolean(d && !erased && d.needsApproval && !d.approvedAt),
    scheduled: Boolean(d) && !erased,
    requested_at: d && !erased ? d.requestedAt.toISOString() : null,
    due_at: d && !erased ? d.dueAt.toISOString() : null,
    erased,
  };
}

export { statusOf as deletionStatusOf };

/** GET /api/me/deletion: whether the person's account is due to be erased. */
export async function getMyDeletion(hub: Hub, actor: SignedInActor): Promise<DeletionStatus> {
  return statusOf(await findDeletion(hub.db, actor.userId));
}

/** The last owner of an organization hands it over first: nothing is scheduled while they are. */
async function refuseSoleOwner(hub: Hub, userId: string): Promise<void> {
  const orgs = await findSoleOwnedOrgs(hub.db, userId);
  if (orgs.length) throw new HubError('sole_owner', undefined, { organizations: orgs });
}

/**
 * POST /api/me/deletion: step-up, the email typed as confirmation, no organization left without
 * an owner; then the erasure is scheduled HUB_ACCOUNT_DELETION_GRACE_DAYS ahead (and done at once
 * when that is 0).
 */
export async function requestMyDeletion(hub: Hub, actor: SignedInActor, confirmation: string): Promise<DeletionStatus> {
  await requireRecentAuthentication(hub, actor, { method: 'POST', url: '/api/me/deletion' });
  if (confirmation.trim().toLowerCase() !== actor.auth.user.email.toLowerCase()) {
    throw new HubError('confirmation_mismatch', undefined, { field: 'confirmation' });
  }
  return scheduleDeletion(hub, actor.audit, actor.userId, 'self', false);
}

/** An administrator's erasure of another account (the two-person rule applies to admin targets: admin routes). */
export async function scheduleDeletion(
  hub: Hub,
  who: AuditActorFields,
  userId: string,
  by: 'self' | 'admin',
  needsApproval: boolean,
): Promise<DeletionStatus> {
  await refuseSoleOwner(hub, userId);
  const now = hub.clock();
  const dueAt = new Date(now.getTime() + hub.config.accountDeletionGraceDays * DAY_MS);
  const scheduled = await hub.db.transaction(async (tx) => {
    const d = await upsertDeletion(tx, {
      userId,
      requestedAt: now,
      dueAt,
      requestedBy: who.userId ?? null,
      needsApproval,
      approvedBy: null,
      approvedAt: null,
    });
    await hub.audit.record(
      {
        type: 'account_deletion_requested',
        ...who,
        details: { target_user_id: userId, by, due_at: dueAt.toISOString() },
      },
      tx,
    );
    return d;
  });
  if (hub.config.accountDeletionGraceDays === 0 && !needsApproval) {
    await eraseAccount(hub, userId, by, who);
    return statusOf(scheduled, true);
  }
  return statusOf(scheduled);
}

/** DELETE /api/me/deletion (and the admin's cancel): the scheduled erasure is called off. */
export async function cancelDeletion(
  hub: Hub,
  who: AuditActorFields,
  userId: string,
  by: 'self' | 'admin',
): Promise<DeletionStatus> {
  await hub.db.transaction(async (tx) => {
    if (!(await deleteDeletion(tx, userId))) return;
    await hub.audit.record({ type: 'account_deletion_cancelled', ...who, details: { target_user_id: userId, by } }, tx);
  });
  return statusOf(undefined);
}

/**
 * The erasure, in one transaction: the audit record (whose outbox rows publish user.deleted and
 * RISC account-purged, while the person's SSF subjects still exist), every session ended on
 * every node (the revocation path), the person's rows of every personal table deleted and their
 * name taken off everyone else's (db/personal-tables.ts: identities unlinked, factors, consents,
 * memberships (each organization's org.member_removed recorded first), invitations, tokens), their
 * email out of webhook payloads, their audit keys destroyed (the chain's personal data reads
 * "erased person" from then on), the account row last.
 * Answers false when the account was gone already.
 */
export async function eraseAccount(
  hub: Hub,
  userId: string,
  by: 'self' | 'admin',
  who: AuditActorFields = {},
  tx?: Parameters<Parameters<Hub['db']['transaction']>[0]>[0],
): Promise<boolean> {
  const run = async (t: NonNullable<typeof tx>) => {
    const user = await lockUserForErasure(t, userId);
    if (!user) return false;
    const now = hub.clock();
    const revoked = await revokeUserSessions(hub, userId, null, t);
    await hub.audit.record(
      { type: 'account_erased', ...who, details: { target_user_id: userId, by, sessions_revoked: revoked } },
      t,
    );
    // Each organization hears that its member left (org.member_removed), as for any other way out.
    for (const { org } of await listMembershipsForToken(t, userId)) {
      await hub.audit.record(
        { type: 'org_member_removed', ...who, details: { org_id: org.id, target_user_id: userId, by } },
        t,
      );
    }
    for (const table of PERSONAL_TABLES) await erasePersonalRows(t, table, userId, user.email);
    await scrubWebhookPayloads(t, userId);
    await deletePlaintextAttemptCounter(t, user.email);
    await destroySubjectKeys(t, userId, now);
    await deleteUserRow(t, userId);
    return true;
  };
  const erased = tx ? await run(tx) : await hub.db.transaction(run);
  if (erased) hub.audit.subjectKeys.forget(userId);
  return erased;
}

/**
 * The sweep: erases every account whose grace period has ended, one per transaction. Each is
 * claimed with SKIP LOCKED, so nodes sweeping at once never erase the same account twice.
 * Answers how many it erased.
 */
export async function sweepDueDeletions(hub: Hub, limit = 100): Promise<number> {
  let erased = 0;
  for (let i = 0; i < limit; i++) {
    const done = await hub.db.transaction(async (tx) => {
      const due = await claimDueDeletion(tx, hub.clock());
      if (!due) return null;
      const by = due.requestedBy && due.requestedBy !== due.userId ? 'admin' : 'self';
      return eraseAccount(hub, due.userId, by, {}, tx);
    });
    if (done === null) break;
    if (done) erased += 1;
  }
  return erased;
}

/** Every minute: the erasures whose grace period has ended. */
export function startErasureSweep(hub: Hub): NodeJS.Timeout[] {
  const timer = setInterval(() => {
    sweepDueDeletions(hub).catch(() => undefined);
  }, 60_000);
  timer.unref();
  return [timer];
}
