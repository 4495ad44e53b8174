/**
 * Query keys of organizations (issue 29). An organization's keys start with its id, so one
 * invalidation refreshes everything shown of it; the admin's reads sit apart (another API prefix).
 */
export type OrgMode = 'member' | 'admin';

export const orgKeys = {
  all: ['orgs'] as const,
  mine: () => ['orgs', 'mine'] as const,
  org: (mode: OrgMode, id: string) => ['orgs', mode, id] as const,
  members: (mode: OrgMode, id: string) => ['orgs', mode, id, 'members'] as const,
  invitations: (mode: OrgMode, id: string) => ['orgs', mode, id, 'invitations'] as const,
  domains: (mode: OrgMode, id: string) => ['orgs', mode, id, 'domains'] as const,
  scim: (mode: OrgMode, id: string) => ['orgs', mode, id, 'scim'] as const,
  adminList: (q: string) => ['orgs', 'admin-list', q] as const,
  roleNames: () => ['orgs', 'role-names'] as const,
  roleChoices: (mode: OrgMode, id: string) => ['orgs', mode, id, 'role-choices'] as const,
};

/** Where an organization's routes live: /api/orgs for its members, /api/admin/orgs for ecosystem admins. */
export function orgPath(mode: OrgMode, id: string, rest = ''): string {
  return `${mode === 'admin' ? '/api/admin/orgs' : '/api/orgs'}/${encodeURIComponent(id)}${rest}`;
}
