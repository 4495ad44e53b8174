import { defineMessages, type FormatDateOptions, type IntlShape, type MessageDescriptor } from 'react-intl';
import { BUILT_IN_ORG_ROLES, isBuiltInOrgRole, rolesAllow, type OrgAction } from '@shared/org-policy';
import type { OrgMode } from '@/data/orgs/keys';

/**
 * What the organization screens may offer, by the permission table the server decides with
 * (src/shared/org-policy.ts), so that a button the server would refuse is not shown. The server
 * decides anyway: this only keeps the screen honest.
 */
export { rankOf } from '@shared/org-policy';

/** An ecosystem admin on /admin/orgs/:id may do everything (the last-owner rule still holds on the server). */
export function mayDo(action: OrgAction, roles: readonly string[], mode: OrgMode): boolean {
  return mode === 'admin' || rolesAllow(roles, action);
}

/** The one built-in role of a member (the API keeps exactly one), 'member' when none is found. */
export function builtInRoleOf(roles: readonly string[]): string {
  return BUILT_IN_ORG_ROLES.find((r) => roles.includes(r)) ?? 'member';
}

/** The custom role names of a member (recruiter, hiring_manager), in their order. */
export function customRolesOf(roles: readonly string[]): string[] {
  return roles.filter((r) => !isBuiltInOrgRole(r));
}

/** The built-in roles a caller may hand out: owners (and ecosystem admins) every one, admins not owner. */
export function assignableBuiltInRoles(roles: readonly string[], mode: OrgMode): string[] {
  return mayDo('manage_owners', roles, mode)
    ? [...BUILT_IN_ORG_ROLES]
    : BUILT_IN_ORG_ROLES.filter((r) => r !== 'owner');
}

const m = defineMessages({
  emailMissing: { id: 'orgs.invite.problem.emailMissing', defaultMessage: 'Enter the email address to invite.' },
  emailInvalid: { id: 'orgs.invite.problem.emailInvalid', defaultMessage: 'Enter a valid email address.' },
  roleInvalid: {
    id: 'orgs.invite.problem.roleInvalid',
    defaultMessage: 'Choose a role: 2-40 lower-case letters, digits or underscores.',
  },
  owner: { id: 'orgs.role.owner', defaultMessage: 'Owner' },
  admin: { id: 'orgs.role.admin', defaultMessage: 'Admin' },
  member: { id: 'orgs.role.member', defaultMessage: 'Member' },
  pending: { id: 'orgs.invitation.status.pending', defaultMessage: 'Pending' },
  accepted: { id: 'orgs.invitation.status.accepted', defaultMessage: 'Accepted' },
  revoked: { id: 'orgs.invitation.status.revoked', defaultMessage: 'Revoked' },
  expired: { id: 'orgs.invitation.status.expired', defaultMessage: 'Expired' },
});

/** Whether the invitation form may send: an address that looks like one (the server checks it again). */
export function inviteFormError(
  email: string,
  role: string,
): { field: 'email' | 'role'; message: MessageDescriptor } | null {
  const address = email.trim();
  if (!address) return { field: 'email', message: m.emailMissing };
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address)) return { field: 'email', message: m.emailInvalid };
  if (!/^[a-z][a-z0-9_]{1,39}$/.test(role.trim())) return { field: 'role', message: m.roleInvalid };
  return null;
}

/** "Owner", "Hiring manager": a role name as people read it. */
export function roleLabel(role: string): string {
  const words = role.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The words of the built-in roles and of an invitation's states, in the active language. */
const WORDS: Record<string, MessageDescriptor | undefined> = {
  owner: m.owner,
  admin: m.admin,
  member: m.member,
  pending: m.pending,
  accepted: m.accepted,
  revoked: m.revoked,
  expired: m.expired,
};

/**
 * A role (or an invitation's state) as people read it in the active language: the built-in ones
 * translated, custom names an ecosystem admin chose as roleLabel writes them.
 */
export function roleText(intl: IntlShape, role: string): string {
  const words = Object.hasOwn(WORDS, role) ? WORDS[role] : undefined;
  return words ? intl.formatMessage(words) : roleLabel(role);
}

/** Where an organization's page lives for this mode. */
export function orgHref(mode: OrgMode, id: string): string {
  return mode === 'admin' ? `/admin/orgs/${id}` : `/orgs/${id}`;
}

/** How the organization screens show a day: the date alone, medium, in the active locale. */
export const DATE: FormatDateOptions = { year: 'numeric', month: 'short', day: 'numeric' };

const JOINED_WAYS = ['created', 'invitation', 'domain', 'admin'];

/** How a member came in, for the members list's select: an unknown way reads as plain "joined" (other). */
export function joinedViaKey(joinedVia: string): string {
  return JOINED_WAYS.includes(joinedVia) ? joinedVia : 'other';
}
