import type { DbOrTx } from '../db/client';
import { findMembersOf, findMemberIdsWithRole, countOwners, setMembersRoles } from '../orgs/queries/members';
import { listOrgRoles } from '../orgs/queries/role-names';
import { lockOrg } from '../orgs/queries/organizations';
import { normalizeRoleLists } from '../orgs/member-service';
import { BUILT_IN_ORG_ROLES, DEFAULT_ORG_ROLE, isBuiltInOrgRole } from '../../shared/org-policy';
import { ScimError, scimNotFound } from './errors';
import type { ScimContext } from './context';
import {
  GROUP_SCHEMA,
  listResponse,
  matches,
  patchGroup as applyPatch,
  writeGroup,
  type Json,
  type ScimFilter,
} from './scimmy';
import { findScimUserNames } from './queries/users';

/**
 * SCIM Groups are the organization's roles (built-in owner/admin/member and the custom names an
 * ecosystem admin defined): a Group's id and displayName are the role's name, its members the
 * members holding it. Adding a member to a Group grants that role (for a built-in one: makes it
 * the member's built-in role), removing takes it (a built-in one falls back to `member`). Groups
 * are not created or renamed from a directory: POST of an existing role's name links to it.
 */

async function roleNames(db: DbOrTx): Promise<string[]> {
  return [...BUILT_IN_ORG_ROLES, ...(await listOrgRoles(db)).map((r) => r.name)];
}

async function groupResource(ctx: ScimContext, db: DbOrTx, role: string, withMembers: boolean): Promise<Json> {
  const base: Json = {
    schemas: [GROUP_SCHEMA],
    id: role,
    displayName: role,
    meta: { resourceType: 'Group', location: `${ctx.base}/Groups/${role}` },
  };
  if (!withMembers) return base;
  const ids = await findMemberIdsWithRole(db, ctx.orgId, role);
  const names = await findScimUserNames(db, ctx.orgId, ids);
  return {
    ...base,
    members: ids.map((id) => ({
      value: id,
      $ref: `${ctx.base}/Users/${id}`,
      ...(names.has(id) ? { display: names.get(id) } : {}),
    })),
  };
}

async function findRole(db: DbOrTx, id: string): Promise<string> {
  const names = await roleNames(db);
  const role = names.find((n) => n === id);
  if (!role) throw scimNotFound('Group');
  return role;
}

/** Whether the answer needs members (Entra asks `excludedAttributes=members`; a members filter needs them). */
function needsMembers(params: { attributes?: string; excludedAttributes?: string; filter?: string }): boolean {
  const has = (s?: string) => (s ?? '').toLowerCase().includes('members');
  if (has(params.filter)) return true;
  if (params.attributes) return has(params.attributes);
  return !has(params.excludedAttributes);
}

export async function getGroup(
  ctx: ScimContext,
  id: string,
  params: { attributes?: string; excludedAttributes?: string },
  projection?: ScimFilter,
): Promise<Json> {
  const role = await findRole(ctx.hub.db, id);
  return writeGroup(await groupResource(ctx, ctx.hub.db, role, needsMembers(params)), projection);
}

export async function listGroups(
  ctx: ScimContext,
  input: { filter?: ScimFilter; startIndex: number; count: number; projection?: ScimFilter },
  params: { attributes?: string; excludedAttributes?: string; filter?: string },
): Promise<Json> {
  const db = ctx.hub.db;
  const withMembers = needsMembers(params);
  const all: Json[] = [];
  for (const role of await roleNames(db)) all.push(await groupResource(ctx, db, role, withMembers));
  const found = input.filter ? all.filter((g) => matches(input.filter!, g)) : all;
  const page = found.slice(input.startIndex - 1, input.startIndex - 1 + input.count);
  return listResponse(
    page.map((g) => writeGroup(g, input.projection)),
    found.length,
    input.startIndex,
  );
}

function memberIds(group: Json): Set<string> {
  const members = Array.isArray(group.members) ? (group.members as { value?: unknown }[]) : [];
  return new Set(members.map((m) => String(m.value ?? '')).filter(Boolean));
}

/** The roles a member holds after joining (`add`) or leaving (`!add`) the Group of `role`. */
function rolesAfter(roles: string[], role: string, add: boolean): string[] {
  if (isBuiltInOrgRole(role)) {
    const custom = roles.filter((r) => !isBuiltInOrgRole(r));
    if (add) return [role, ...custom];
    return roles.includes(role) ? [DEFAULT_ORG_ROLE, ...custom] : roles;
  }
  return add ? [...new Set([...roles, role])] : roles.filter((r) => r !== role);
}

/** Applies a new member list to a role: every change a role change of the member, audited with the token. */
async function setGroupMembers(ctx: ScimContext, tx: DbOrTx, role: string, wanted: Set<string>): Promise<void> {
  const { hub, orgId } = ctx;
  const current = new Set(await findMemberIdsWithRole(tx, orgId, role));
  const added = [...wanted].filter((id) => !current.has(id));
  const removed = [...current].filter((id) => !wanted.has(id));
  const changed = [...added, ...removed];
  if (changed.length === 0) return;
  const memberships = new Map((await findMembersOf(tx, orgId, changed)).map((m) => [m.userId, m]));
  const unknown = added.filter((id) => !memberships.has(id));
  if (unknown.length)
    throw new ScimError(400, 'invalidValue', `Not an active member of this organization: ${unknown.join(', ')}.`);
  // The Group's whole change in a fixed number of statements, whatever its size: it runs under the
  // organization's lock, which every other change of the organization waits for.
  const joined = new Set(added);
  const after = await normalizeRoleLists(
    tx,
    changed.map((userId) => rolesAfter(memberships.get(userId)!.roles, role, joined.has(userId))),
  );
  const changes = changed
    .map((userId, i) => ({ userId, from: memberships.get(userId)!.roles, to: after[i] }))
    .filter((c) => c.to.join(',') !== c.from.join(','));
  if (changes.length === 0) return;
  const owner = (roles: string[]) => roles.includes('owner');
  const ownersLost = changes.filter((c) => owner(c.from) && !owner(c.to)).length;
  const ownersGained = changes.filter((c) => !owner(c.from) && owner(c.to)).length;
  if (ownersLost > 0 && (await countOwners(tx, orgId)) - ownersLost + ownersGained < 1)
    throw new ScimError(409, 'mutability', 'The organization keeps at least one owner.');
  await setMembersRoles(
    tx,
    orgId,
    changes.map((c) => ({ userId: c.userId, roles: c.to })),
  );
  await hub.audit.record(
    changes.map(({ userId, from, to }) => ({
      type: 'org_role_changed' as const,
      ...ctx.audit,
      details: { org_id: orgId, target_user_id: userId, from, to, scim_token_id: ctx.tokenId },
    })),
    tx,
  );
}

async function changeGroup(ctx: ScimContext, id: string, next: (current: Json) => Promise<Json>): Promise<Json> {
  const { hub, orgId } = ctx;
  await hub.db.transaction(async (tx) => {
    await lockOrg(tx, orgId);
    const role = await findRole(tx, id);
    const current = await groupResource(ctx, tx, role, true);
    const wanted = await next(current);
    if (wanted.displayName !== undefined && wanted.displayName !== role)
      throw new ScimError(400, 'mutability', 'A Group is an organization role: its displayName cannot change.');
    await setGroupMembers(ctx, tx, role, memberIds(wanted));
  });
  return writeGroup(await groupResource(ctx, hub.db, id, true));
}

export async function patchGroup(ctx: ScimContext, id: string, message: Json): Promise<Json> {
  return changeGroup(ctx, id, async (current) => {
    const { meta: _m, ...rest } = current;
    return applyPatch(rest, message);
  });
}

export async function replaceGroup(ctx: ScimContext, id: string, body: Json): Promise<Json> {
  return changeGroup(ctx, id, async () => ({ displayName: body.displayName, members: body.members ?? [] }));
}

/** POST /Groups: a Group is a role; naming an existing one links to it (with any members given). */
export async function createGroup(ctx: ScimContext, body: Json): Promise<Json> {
  const name = typeof body.displayName === 'string' ? body.displayName : '';
  const role = (await roleNames(ctx.hub.db)).find((r) => r === name);
  if (!role)
    throw new ScimError(
      400,
      'invalidValue',
      `Groups are the organization's roles; no role is named "${name}". An ecosystem admin defines custom roles.`,
    );
  return changeGroup(ctx, role, async (current) => ({
    displayName: role,
    members: [...memberIds(current), ...memberIds(body)].map((value) => ({ value })),
  }));
}
