import type { Hub } from '../hub';
import type { SignedInActor } from '../actor';
import type { DbOrTx } from '../db/client';
import { HubError } from '../errors';
import type { OrgMemberView } from '../../shared/api/orgs';
import type { KeysetPosition } from '../db/cursor';
import { pageOf } from '../http/cursor';
import {
  countOwners,
  deleteMember,
  findMember,
  findMemberPage,
  findMemberView,
  setMemberRoles,
  type MemberRow,
} from './queries/members';
import { findDefinedRoles } from './queries/role-names';
import {
  authorize,
  checkRemoval,
  checkRoleChange,
  loadOrgActor,
  lockOrgActor,
  memberActionsFor,
  splitRoles,
  type OrgAccess,
  type OrgActor,
} from './permissions';

const NO_SUCH_MEMBER = 'No such member in this organization.';

function toMemberView(o: OrgActor, row: MemberRow, owners: number): OrgMemberView {
  return {
    user_id: row.member.userId,
    email: row.email,
    full_name: row.fullName,
    roles: row.member.roles,
    joined_via: row.member.joinedVia,
    joined_at: row.member.joinedAt.toISOString(),
    actions: memberActionsFor(o, { targetUserId: row.member.userId, roles: row.member.roles, owners }),
  };
}

/** Roles as stored: the built-in one first, then the custom names, each of which must be defined. */
export async function normalizeRoles(db: DbOrTx, roles: readonly string[]): Promise<string[]> {
  return (await normalizeRoleLists(db, [roles]))[0];
}

/** normalizeRoles for several members at once, with one read of the defined roles (a SCIM Group's members). */
export async function normalizeRoleLists(db: DbOrTx, lists: readonly (readonly string[])[]): Promise<string[][]> {
  const split = lists.map(splitRoles);
  const custom = [...new Set(split.flatMap((s) => s.custom))];
  const defined = new Set(await findDefinedRoles(db, custom));
  const unknown = custom.filter((r) => !defined.has(r));
  if (unknown.length)
    throw new HubError('invalid_request', `roles: no organization role named ${unknown.join(', ')}.`, {
      field: 'roles',
    });
  return split.map(({ builtIn, custom: own }) => [builtIn, ...own]);
}

/** One page of members in joining order (members read). */
export async function listMembers(
  hub: Hub,
  actor: SignedInActor,
  orgId: string,
  access: OrgAccess,
  input: { cursor?: KeysetPosition; limit: number },
) {
  const o = await loadOrgActor(hub, actor, orgId, access);
  authorize(o, 'read');
  const found = await findMemberPage(hub.db, orgId, { cursor: input.cursor, limit: input.limit + 1 });
  const { page, next_cursor } = pageOf(found, input.limit, (r) => ({ at: r.cursorAt, id: r.member.userId }));
  const owners = await countOwners(hub.db, orgId);
  return { members: page.map((r) => toMemberView(o, r, owners)), next_cursor };
}

/** Sets a member's roles (admins; owners for the owner role; never one's own role upwards; one owner at least). */
export async function changeMemberRoles(
  hub: Hub,
  actor: SignedInActor,
  orgId: string,
  access: OrgAccess,
  targetUserId: string,
  roles: string[],
): Promise<OrgMemberView> {
  return hub.db.transaction(async (tx) => {
    const o = await lockOrgActor(tx, actor, orgId, access);
    authorize(o, 'read');
    const target = await findMember(tx, orgId, targetUserId);
    if (!target) throw new HubError('not_found', NO_SUCH_MEMBER);
    const to = await normalizeRoles(tx, roles);
    const owners = target.roles.includes('owner') ? await countOwners(tx, orgId) : 2;
    checkRoleChange(o, { targetUserId, from: target.roles, to, owners });
    if (to.join(',') !== target.roles.join(',')) {
      await setMemberRoles(tx, orgId, targetUserId, to);
      await hub.audit.record(
        {
          type: 'org_role_changed',
          ...actor.audit,
          details: { org_id: orgId, target_user_id: targetUserId, from: target.roles, to },
        },
        tx,
      );
    }
    return toMemberView(o, (await findMemberView(tx, orgId, targetUserId))!, await countOwners(tx, orgId));
  });
}

/** Removes a member, or the caller leaves (every member may; the last owner may not). */
export async function removeMember(
  hub: Hub,
  actor: SignedInActor,
  orgId: string,
  access: OrgAccess,
  targetUserId: string,
): Promise<void> {
  await hub.db.transaction(async (tx) => {
    const o = await lockOrgActor(tx, actor, orgId, access);
    const target = await findMember(tx, orgId, targetUserId);
    if (!target) {
      authorize(o, 'read');
      throw new HubError('not_found', NO_SUCH_MEMBER);
    }
    const owners = target.roles.includes('owner') ? await countOwners(tx, orgId) : 2;
    const by = checkRemoval(o, { targetUserId, roles: target.roles, owners });
    await deleteMember(tx, orgId, targetUserId);
    await hub.audit.record(
      { type: 'org_member_removed', ...actor.audit, details: { org_id: orgId, target_user_id: targetUserId, by } },
      tx,
    );
  });
}
