import type { Hub } from '../hub';
import type { SignedInActor } from '../actor';
import type { DbOrTx } from '../db/client';
import type { Organization } from '../db/schema/index';
import { HubError, Refusal } from '../errors';
import type { ActionState, OrgView } from '../../shared/api/orgs';
import {
  REQUIRED_ROLE,
  isBuiltInOrgRole,
  rankOf,
  rolesAllow,
  type BuiltInOrgRole,
  type OrgAction,
} from '../../shared/org-policy';
import { findMember } from './queries/members';
import { findOrgWithRoles, lockOrg } from './queries/organizations';

/**
 * Every permission of an organization is decided here, from one `OrgActor`: who acts, in which
 * organization, with which roles. Routes build it once (loadOrgActor / lockOrgActor) and the
 * services ask `authorize`; no other server module compares roles. The table itself (which role
 * may do what) is src/shared/org-policy.ts, which the web's screens read too.
 *
 * - members read (the organization, its members);
 * - admins manage members, invitations and domains, and edit the name, slug and logo;
 * - only owners change policies, delete the organization, or grant or take the owner role;
 * - an organization always keeps at least one owner (409); nobody raises their own role;
 * - someone outside the organization learns nothing about it: 404, as for an id that does not exist;
 * - an ecosystem admin acting through /api/admin/orgs holds every permission (the last-owner rule still holds).
 */

/** How a route reaches the organization: as one of its members, or as an ecosystem admin (/api/admin/orgs). */
export type OrgAccess = 'member' | 'ecosystem_admin';

export interface OrgActor {
  actor: SignedInActor;
  org: Organization;
  /** The caller's roles in the organization ([] for an ecosystem admin who is not a member). */
  roles: string[];
  asEcosystemAdmin: boolean;
}

const NO_SUCH_ORG = 'No such organization.';

function actorFor(actor: SignedInActor, org: Organization, roles: string[] | null, access: OrgAccess): OrgActor {
  if (access === 'ecosystem_admin') return { actor, org, roles: roles ?? [], asEcosystemAdmin: true };
  if (!roles) {
    // Answered as if the organization did not exist; the audit log keeps the attempt.
    throw new Refusal('not_found', {
      message: NO_SUCH_ORG,
      audit: { type: 'org_access_refused', details: { org_id: org.id, action: 'read', reason: 'not_a_member' } },
    });
  }
  return { actor, org, roles, asEcosystemAdmin: false };
}

/** The caller in an organization (one read); 404 when it does not exist or the caller is not in it. */
export async function loadOrgActor(
  hub: Hub,
  actor: SignedInActor,
  orgId: string,
  access: OrgAccess,
  db: DbOrTx = hub.db,
): Promise<OrgActor> {
  const found = await findOrgWithRoles(db, orgId, actor.userId);
  if (!found) throw new HubError('not_found', NO_SUCH_ORG);
  return actorFor(actor, found.org, found.roles, access);
}

/**
 * The caller in an organization whose row this transaction locks: every membership change of one
 * organization runs under this lock, so two owners leaving at once cannot both be "not the last".
 */
export async function lockOrgActor(
  tx: DbOrTx,
  actor: SignedInActor,
  orgId: string,
  access: OrgAccess,
): Promise<OrgActor> {
  const org = await lockOrg(tx, orgId);
  if (!org) throw new HubError('not_found', NO_SUCH_ORG);
  const member = await findMember(tx, orgId, actor.userId);
  return actorFor(actor, org, member?.roles ?? null, access);
}

function refuse(o: OrgActor, action: OrgAction | string, reason: string, message: string): Refusal {
  return new Refusal('forbidden', {
    message,
    audit: { type: 'org_access_refused', details: { org_id: o.org.id, action, reason } },
  });
}

/** Refuses (403, audited) unless the caller's role allows `action`. */
export function authorize(o: OrgActor, action: OrgAction): void {
  if (o.asEcosystemAdmin) return;
  if (!rolesAllow(o.roles, action)) {
    throw refuse(o, action, 'role', `Only an organization ${REQUIRED_ROLE[action]} may do this.`);
  }
}

/** Exactly one built-in role; the custom names as given (checked against organization_roles by the caller). */
export function splitRoles(roles: readonly string[]): { builtIn: BuiltInOrgRole; custom: string[] } {
  const builtIn = roles.filter(isBuiltInOrgRole);
  if (builtIn.length !== 1) {
    throw new HubError('invalid_request', 'roles: give exactly one of owner, admin or member.', { field: 'roles' });
  }
  return { builtIn: builtIn[0], custom: [...new Set(roles.filter((r) => r !== builtIn[0]))].sort() };
}

const LAST_OWNER = 'An organization keeps at least one owner: make someone else an owner first.';

/**
 * Whether the caller may change a member's roles from `from` to `to`, with `owners` owners in the
 * organization now. Throws the refusal; returns nothing when allowed.
 */
export function checkRoleChange(
  o: OrgActor,
  input: { targetUserId: string; from: readonly string[]; to: readonly string[]; owners: number },
): void {
  const wasOwner = input.from.includes('owner');
  const isOwner = input.to.includes('owner');
  if (!o.asEcosystemAdmin) {
    authorize(o, 'manage_members');
    if (input.targetUserId === o.actor.userId) {
      const gained = input.to.filter((r) => !input.from.includes(r));
      if (rankOf(input.to) > rankOf(input.from) || gained.some((r) => !isBuiltInOrgRole(r)))
        throw refuse(o, 'change_roles', 'raise_own_role', 'Nobody can raise their own role.');
    }
    if (wasOwner !== isOwner) authorize(o, 'manage_owners');
  }
  if (wasOwner && !isOwner && input.owners <= 1) throw new HubError('conflict', LAST_OWNER);
}

/** The one rule of the last owner: a member whose roles include owner, with no other owner left. */
export function isLastOwner(roles: readonly string[], owners: number): boolean {
  return roles.includes('owner') && owners <= 1;
}

/** Whether the caller may remove a member (themselves: leaving, allowed to every member). */
export function checkRemoval(
  o: OrgActor,
  input: { targetUserId: string; roles: readonly string[]; owners: number },
): 'self' | 'admin' {
  const self = input.targetUserId === o.actor.userId;
  const isOwner = input.roles.includes('owner');
  if (!o.asEcosystemAdmin && !self) {
    authorize(o, 'manage_members');
    if (isOwner) authorize(o, 'manage_owners');
  }
  if (isLastOwner(input.roles, input.owners)) throw new HubError('conflict', LAST_OWNER);
  return self && !o.asEcosystemAdmin ? 'self' : 'admin';
}

/**
 * An action's state for the screens, by running the very check the mutation runs: allowed, or
 * refused for the caller's role (403) or the last-owner rule (409). Nothing is audited: no one acted.
 */
function stateOf(check: () => unknown): ActionState {
  try {
    check();
    return { allowed: true, reason: null };
  } catch (err) {
    if (!(err instanceof HubError)) throw err;
    return { allowed: false, reason: err.code === 'conflict' ? 'last_owner' : 'role' };
  }
}

/**
 * What the caller may do to one member (`owners`: the organization's owners now): change their
 * roles (an owner's only with manage_owners), and remove them (oneself: leave) as checkRemoval decides.
 */
export function memberActionsFor(
  o: OrgActor,
  target: { targetUserId: string; roles: readonly string[]; owners: number },
): { change_roles: ActionState; remove: ActionState } {
  return {
    change_roles: stateOf(() => {
      if (o.asEcosystemAdmin) return;
      authorize(o, 'manage_members');
      if (target.roles.includes('owner')) authorize(o, 'manage_owners');
    }),
    remove: stateOf(() => checkRemoval(o, target)),
  };
}

/** Whether a member with `roles` may leave an organization with `owners` owners (the last owner may not). */
export function leaveStateOf(roles: readonly string[], owners: number): ActionState {
  return isLastOwner(roles, owners) ? { allowed: false, reason: 'last_owner' } : { allowed: true, reason: null };
}

/** Invitations carry one role; only owners may invite owners. */
export function checkInvitationRole(o: OrgActor, role: string): void {
  authorize(o, 'manage_invitations');
  if (role === 'owner') authorize(o, 'manage_owners');
}

export function toOrgView(org: Organization): OrgView {
  return {
    id: org.id,
    name: org.name,
    slug: org.slug,
    logo_url: org.logoUrl,
    policies: { require_mfa: org.requireMfa, require_sso_provider_id: org.requireSsoProviderId },
    created_at: org.createdAt.toISOString(),
    updated_at: org.updatedAt.toISOString(),
  };
}
