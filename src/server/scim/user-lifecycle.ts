import type { DbOrTx } from '../db/client';
import type { PlatformUser, ScimUser } from '../db/schema/index';
import { lockUserById, updateUser } from '../auth/user-queries';
import { revokeUserSessions } from '../auth/sessions';
import { deactivateUserSessions } from '../auth/session-queries';
import { endSignedInSessions } from '../oauth/backchannel';
import { ORG_SCOPE_PREFIX } from '../orgs/claims';
import { countOwners, deleteMember, findMember, insertMember } from '../orgs/queries/members';
import { lockOrg } from '../orgs/queries/organizations';
import { listDomains } from '../orgs/queries/domains';
import { emailDomainOf } from '../../shared/org-policy';
import { ScimError } from './errors';
import type { ScimContext } from './context';
import { isLastOwner } from '../orgs/permissions';

/**
 * What `active` and DELETE do to a provisioned person, in the caller's transaction (which holds
 * the organization's row lock, as every membership change does). Revocation goes through the
 * hub's one path: the sessions' rows end in this transaction and hub.revocations tells every node
 * when it commits (revokeUserSessions; the organization-scoped grants the same way).
 */

/** Whether the organization holds the domain of `email` verified (it then owns the account). */
export async function orgOwnsEmail(tx: DbOrTx, orgId: string, email: string): Promise<boolean> {
  const domain = emailDomainOf(email);
  if (!domain) return false;
  return (await listDomains(tx, orgId)).some((d) => d.domain === domain && d.verifiedAt !== null);
}

/** A member made an owner between removeMembership's first read and its lock: decided again, not without the rule. */
const ROLES_CHANGED = 'The member was made an owner during this change; send it again.';
/** The last-owner rule (orgs/permissions.ts isLastOwner) in a directory's words. */
const LAST_OWNER_DEPROVISIONED =
  'The organization keeps at least one owner: make someone else an owner before deprovisioning this one.';

/** Ends the organization-scoped grants of a user (tokens with `organization:<id>`), on every node. */
async function revokeOrgGrants(ctx: ScimContext, tx: DbOrTx, userId: string): Promise<number> {
  const ids = await deactivateUserSessions(tx, userId, ctx.hub.clock(), null, `${ORG_SCOPE_PREFIX}${ctx.orgId}`);
  if (ids.length) await ctx.hub.revocations.publish({ kind: 'sessions', ids }, tx);
  return ids.length;
}

/**
 * Removes the membership (remembering its roles) and revokes the person's organization-scoped
 * sessions and tokens; with `account`, the whole account is deactivated and every session ends.
 * Returns the roles held and whether the account was deactivated (the caller records the row).
 */
export async function removeMembership(
  ctx: ScimContext,
  tx: DbOrTx,
  row: ScimUser,
  action: 'deactivated' | 'deleted',
): Promise<{ roles: string[]; accountDeactivated: boolean; afterCommit: () => Promise<void> }> {
  const { hub, orgId } = ctx;
  // The caller holds the person's SCIM row. The last owner stays: an owner's leaving is decided
  // under the organization's lock (taken, as everywhere, before the membership's row), and only
  // then; anyone else leaves without waiting for other people's changes.
  let member = await findMember(tx, orgId, row.userId);
  if (member?.roles.includes('owner')) {
    await lockOrg(tx, orgId);
    member = await findMember(tx, orgId, row.userId, { lock: true });
    if (member?.roles.includes('owner') && isLastOwner(member.roles, await countOwners(tx, orgId)))
      throw new ScimError(409, 'mutability', LAST_OWNER_DEPROVISIONED);
  } else if (member) {
    // Made an owner since the read above? Then it goes again, under the organization's lock.
    member = await findMember(tx, orgId, row.userId, { lock: true });
    if (member?.roles.includes('owner')) throw new ScimError(409, null, ROLES_CHANGED);
  }
  if (member) await deleteMember(tx, orgId, row.userId);
  let revoked = await revokeOrgGrants(ctx, tx, row.userId);
  let account: PlatformUser | undefined;
  if (action === 'deactivated') {
    const user = await lockUserById(tx, row.userId);
    if (user?.isActive && (await orgOwnsEmail(tx, orgId, user.email))) {
      account = await updateUser(tx, user.id, { isActive: false, updatedAt: hub.clock() });
      revoked += await revokeUserSessions(hub, user.id, null, tx);
    }
  }
  const details = { org_id: orgId, target_user_id: row.userId, scim_token_id: ctx.tokenId };
  await hub.audit.record(
    [
      ...(member
        ? [{ type: 'org_member_removed' as const, ...ctx.audit, details: { ...details, by: 'admin' as const } }]
        : []),
      {
        type: 'scim_user_deprovisioned',
        ...ctx.audit,
        details: { ...details, action, sessions_revoked: revoked, account_deactivated: Boolean(account) },
      },
      ...(account
        ? [{ type: 'user_deactivated' as const, ...ctx.audit, details: { ...details, sessions_revoked: revoked } }]
        : []),
    ],
    tx,
  );
  return {
    roles: member?.roles ?? row.roles,
    accountDeactivated: Boolean(account) || row.accountDeactivated,
    // The apps' back-channel logouts, once the deactivation is committed (as an admin's is).
    afterCommit: account ? () => endSignedInSessions(hub, { userId: row.userId }) : async () => {},
  };
}

/** `active: true` again: the membership with the roles it had, and the account if SCIM deactivated it. */
export async function restoreMembership(ctx: ScimContext, tx: DbOrTx, row: ScimUser): Promise<void> {
  const { hub, orgId } = ctx;
  const now = hub.clock();
  const details = { org_id: orgId, target_user_id: row.userId, scim_token_id: ctx.tokenId };
  const added = await insertMember(tx, {
    orgId,
    userId: row.userId,
    roles: row.roles,
    joinedVia: 'scim',
    joinedAt: now,
  });
  if (row.accountDeactivated) await updateUser(tx, row.userId, { isActive: true, updatedAt: now });
  await hub.audit.record(
    [
      ...(added
        ? [{ type: 'org_member_added' as const, ...ctx.audit, details: { ...details, roles: row.roles, via: 'scim' } }]
        : []),
      { type: 'scim_user_reactivated', ...ctx.audit, details },
      ...(row.accountDeactivated ? [{ type: 'user_activated' as const, ...ctx.audit, details }] : []),
    ],
    tx,
  );
}
