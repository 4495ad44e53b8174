import type { Hub } from '../hub';
import type { SignedInActor } from '../actor';
import type { NewOrganization } from '../db/schema/index';
import { HubError } from '../errors';
import type { AdminCreateOrgBody, OrgView, UpdateOrgBody } from '../../shared/api/orgs';
import { findUserById } from '../auth/user-queries';
import { findProviderById } from '../federation/queries';
import type { KeysetPosition } from '../db/cursor';
import { conflictOnUnique } from '../db/unique';
import { pageOf } from '../http/cursor';
import { deleteOrg, findOrgPage, insertOrg, isSlugTaken, listOrgsOfUser, updateOrg } from './queries/organizations';
import { countOrgDeletionImpact } from './queries/organizations';
import { countOwnersIn, insertMember } from './queries/members';
import {
  authorize,
  leaveStateOf,
  loadOrgActor,
  lockOrgActor,
  toOrgView,
  type OrgAccess,
  type OrgActor,
} from './permissions';

/** Creates an organization; its first owner is the caller (or, for an ecosystem admin, the user named). */
export async function createOrg(
  hub: Hub,
  actor: SignedInActor,
  input: AdminCreateOrgBody,
): Promise<{ organization: OrgView; roles: string[] }> {
  const ownerId = input.owner_user_id ?? actor.userId;
  const now = hub.clock();
  return hub.db.transaction(async (tx) => {
    if (ownerId !== actor.userId) {
      const owner = await findUserById(tx, ownerId);
      if (!owner?.isActive)
        throw new HubError('invalid_request', 'owner_user_id: no such active user.', { field: 'owner_user_id' });
    }
    const org = await insertOrg(tx, {
      name: input.name,
      slug: input.slug,
      logoUrl: input.logo_url ?? null,
      createdAt: now,
      updatedAt: now,
    });
    if (!org)
      throw new HubError('conflict', `An organization with the slug "${input.slug}" exists.`, { field: 'slug' });
    await insertMember(tx, { orgId: org.id, userId: ownerId, roles: ['owner'], joinedVia: 'created', joinedAt: now });
    await hub.audit.record(
      [
        { type: 'org_created', ...actor.audit, details: { org_id: org.id, slug: org.slug, name: org.name } },
        {
          type: 'org_member_added',
          ...actor.audit,
          details: { org_id: org.id, target_user_id: ownerId, roles: ['owner'], via: 'created' },
        },
      ],
      tx,
    );
    return { organization: toOrgView(org), roles: ownerId === actor.userId ? ['owner'] : [] };
  });
}

/** The caller's organizations, with their roles in each. */
export async function listMyOrgs(hub: Hub, userId: string) {
  const mine = await listOrgsOfUser(hub.db, userId);
  const owned = mine.filter((m) => m.roles.includes('owner')).map((m) => m.org.id);
  const owners = await countOwnersIn(hub.db, owned);
  return mine.map(({ org, roles }) => ({
    ...toOrgView(org),
    roles,
    actions: { leave: leaveStateOf(roles, owners.get(org.id) ?? 0) },
  }));
}

/** Ecosystem admins: every organization, newest first, searchable by name or slug. */
export async function listAllOrgs(hub: Hub, input: { q: string; cursor?: KeysetPosition; limit: number }) {
  const found = await findOrgPage(hub.db, { term: input.q, cursor: input.cursor, limit: input.limit + 1 });
  const { page, next_cursor } = pageOf(found, input.limit, (r) => ({ at: r.cursorAt, id: r.org.id }));
  return { organizations: page.map((r) => ({ ...toOrgView(r.org), member_count: r.memberCount })), next_cursor };
}

/** The fields of a PATCH: name, slug and logo need an admin, the policies an owner. */
export async function changeOrg(
  hub: Hub,
  actor: SignedInActor,
  orgId: string,
  access: OrgAccess,
  input: UpdateOrgBody,
): Promise<{ organization: OrgView; roles: string[] }> {
  const slugTaken = `An organization with the slug "${input.slug}" exists.`;
  const change = () =>
    hub.db.transaction(async (tx) => {
      const o = await lockOrgActor(tx, actor, orgId, access);
      authorize(o, 'update');
      const values: Partial<NewOrganization> = { updatedAt: hub.clock() };
      if (input.require_mfa !== undefined || input.require_sso_provider_id !== undefined)
        authorize(o, 'update_policies');
      if (input.name !== undefined) values.name = input.name;
      if (input.logo_url !== undefined) values.logoUrl = input.logo_url;
      if (input.slug !== undefined && input.slug !== o.org.slug) {
        if (await isSlugTaken(tx, input.slug, orgId)) throw new HubError('conflict', slugTaken, { field: 'slug' });
        values.slug = input.slug;
      }
      if (input.require_mfa !== undefined) values.requireMfa = input.require_mfa;
      if (input.require_sso_provider_id !== undefined) {
        if (input.require_sso_provider_id && !(await findProviderById(tx, input.require_sso_provider_id)))
          throw new HubError('invalid_request', 'require_sso_provider_id: no such identity provider.', {
            field: 'require_sso_provider_id',
          });
        values.requireSsoProviderId = input.require_sso_provider_id;
      }
      const org = (await updateOrg(tx, orgId, values))!;
      await hub.audit.record(
        { type: 'org_updated', ...actor.audit, details: { org_id: orgId, fields: Object.keys(input).sort() } },
        tx,
      );
      return { organization: toOrgView(org), roles: o.roles };
    });
  return conflictOnUnique(change, new HubError('conflict', slugTaken, { field: 'slug' }));
}

/** Deletes an organization (owners only): its memberships, invitations and domains go with it. */
/** What deleting the organization ends, for the confirmation: only those who may delete it may ask. */
export async function orgDeletionImpact(hub: Hub, actor: SignedInActor, orgId: string, access: OrgAccess) {
  const o = await loadOrgActor(hub, actor, orgId, access);
  authorize(o, 'delete');
  return countOrgDeletionImpact(hub.db, orgId, hub.clock());
}

export async function removeOrg(hub: Hub, actor: SignedInActor, orgId: string, access: OrgAccess): Promise<void> {
  await hub.db.transaction(async (tx) => {
    const o: OrgActor = await lockOrgActor(tx, actor, orgId, access);
    authorize(o, 'delete');
    const removed = (await deleteOrg(tx, orgId))!;
    await hub.audit.record(
      {
        type: 'org_deleted',
        ...actor.audit,
        details: { org_id: orgId, slug: removed.org.slug, members_removed: removed.members },
      },
      tx,
    );
  });
}
