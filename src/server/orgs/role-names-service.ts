import type { Hub } from '../hub';
import type { SignedInActor } from '../actor';
import { HubError } from '../errors';
import { BUILT_IN_ORG_ROLES, isBuiltInOrgRole } from '../../shared/org-policy';
import { deleteOrgRole, insertOrgRole, listOrgRoles } from './queries/role-names';
import { authorize, loadOrgActor, type OrgAccess } from './permissions';

/** The built-in organization roles and the custom names ecosystem admins defined. */
export async function listRoleNames(hub: Hub) {
  const custom = await listOrgRoles(hub.db);
  return [
    ...BUILT_IN_ORG_ROLES.map((name) => ({ name, description: null, built_in: true })),
    ...custom.map((r) => ({ name: r.name, description: r.description, built_in: false })),
  ];
}

/**
 * The roles someone who manages an organization's members may choose from (the role picker of
 * invitations and Change roles): an organization admin or owner, or an ecosystem admin; anyone
 * else is refused (403, audited) like any other member-management action.
 */
export async function listRoleChoices(hub: Hub, actor: SignedInActor, orgId: string, access: OrgAccess) {
  authorize(await loadOrgActor(hub, actor, orgId, access), 'manage_members');
  return listRoleNames(hub);
}

export async function defineRoleName(
  hub: Hub,
  actor: SignedInActor,
  input: { name: string; description?: string | null },
) {
  if (isBuiltInOrgRole(input.name))
    throw new HubError('conflict', `"${input.name}" is a built-in role.`, { field: 'name' });
  return hub.db.transaction(async (tx) => {
    const row = await insertOrgRole(tx, {
      name: input.name,
      description: input.description ?? null,
      createdAt: hub.clock(),
    });
    if (!row) throw new HubError('conflict', `The role "${input.name}" exists.`, { field: 'name' });
    await hub.audit.record({ type: 'org_role_defined', ...actor.audit, details: { role: row.name } }, tx);
    return { name: row.name, description: row.description, built_in: false };
  });
}

/** Removes a custom role name; members who held it keep their other roles. */
export async function undefineRoleName(hub: Hub, actor: SignedInActor, name: string): Promise<void> {
  await hub.db.transaction(async (tx) => {
    const changed = await deleteOrgRole(tx, name);
    if (changed === null) throw new HubError('not_found', 'No such organization role.');
    await hub.audit.record(
      { type: 'org_role_undefined', ...actor.audit, details: { role: name, memberships_changed: changed } },
      tx,
    );
  });
}
