import { beforeAll, describe, expect, it } from 'vitest';
import type { HTTPMethods } from 'fastify';
import { TEST_DATABASES } from '../../helpers/test-hub';
import { useTestHub } from '../../helpers/use-test-hub';
import { listRoutes, type RouteEntry } from '../admin/route-inventory';
import { person, seedDomain, seedInvitation, seedOrg, type Person } from './org-fixtures';
import { insertScimToken } from '../../../src/server/scim/queries/tokens';
import type { Organization } from '../../../src/server/db/schema/index';

const CALLERS = ['owner', 'admin', 'member', 'outsider', 'ecosystem_admin'] as const;
type Caller = (typeof CALLERS)[number];
type Statuses = Record<Caller, number>;

/** What each caller gets on a member route (/api/orgs/…) and on its ecosystem-admin twin (/api/admin/orgs/…). */
const ADMIN_ONLY: Statuses = { owner: 403, admin: 403, member: 403, outsider: 403, ecosystem_admin: 200 };
const EVERY_SIGNED_IN: Statuses = { owner: 200, admin: 200, member: 200, outsider: 200, ecosystem_admin: 200 };
const MEMBERS_READ: Statuses = { owner: 200, admin: 200, member: 200, outsider: 404, ecosystem_admin: 404 };
const ADMINS_MANAGE: Statuses = { owner: 200, admin: 200, member: 403, outsider: 404, ecosystem_admin: 404 };
const OWNERS_ONLY: Statuses = { owner: 200, admin: 403, member: 403, outsider: 404, ecosystem_admin: 404 };

/** A fresh organization per call: owner, admin, member and a member `target` the call acts on. */
interface World {
  org: Organization;
  target: Person;
  invitationId: string;
  /** Claimed, not verified. */
  claimed: string;
  /** Verified already: verifying again answers without asking DNS. */
  proved: string;
  /** A live SCIM token of the organization (issue 41). */
  scimTokenId: string;
}

interface Case {
  statuses: Statuses;
  body?: (w: World) => unknown;
  /** Fills the route's parameters. */
  params?: (w: World) => Record<string, string>;
}

const orgParams = (w: World) => ({ id: w.org.id });
const memberParams = (w: World) => ({ id: w.org.id, user_id: w.target.user.id });
const invitationParams = (w: World) => ({ id: w.org.id, invitation_id: w.invitationId });
const claimedParams = (w: World) => ({ id: w.org.id, domain: w.claimed });
const provedParams = (w: World) => ({ id: w.org.id, domain: w.proved });
const scimTokenParams = (w: World) => ({ id: w.org.id, token_id: w.scimTokenId });
const created = (s: Statuses): Statuses =>
  Object.fromEntries(Object.entries(s).map(([k, v]) => [k, v === 200 ? 201 : v])) as Statuses;
let slugs = 0;

/**
 * Every route of organizations, read from Fastify's route list: a route missing here fails the
 * first test, so no organization route can ship outside the matrix.
 */
const MATRIX: Record<string, Case> = {
  'GET /api/orgs': { statuses: EVERY_SIGNED_IN },
  'POST /api/orgs': {
    statuses: { ...EVERY_SIGNED_IN, owner: 201, admin: 201, member: 201, outsider: 201, ecosystem_admin: 201 },
    body: () => ({ name: 'New Co', slug: `new-co-${++slugs}` }),
  },
  'GET /api/me/orgs': { statuses: EVERY_SIGNED_IN },
  'GET /api/orgs/:id': { statuses: MEMBERS_READ, params: orgParams },
  'PATCH /api/orgs/:id': { statuses: ADMINS_MANAGE, params: orgParams, body: () => ({ name: 'Renamed' }) },
  'DELETE /api/orgs/:id': { statuses: OWNERS_ONLY, params: orgParams },
  'GET /api/orgs/:id/members': { statuses: MEMBERS_READ, params: orgParams },
  // Issue 46: what deleting would remove (only those who may delete see it), and the roles to choose from.
  'GET /api/orgs/:id/deletion-impact': { statuses: OWNERS_ONLY, params: orgParams },
  'GET /api/orgs/:id/roles': { statuses: ADMINS_MANAGE, params: orgParams },
  'GET /api/admin/orgs/:id/deletion-impact': { statuses: ADMIN_ONLY, params: orgParams },
  'GET /api/admin/orgs/:id/roles': { statuses: ADMIN_ONLY, params: orgParams },
  'PATCH /api/orgs/:id/members/:user_id': {
    statuses: ADMINS_MANAGE,
    params: memberParams,
    body: () => ({ roles: ['admin'] }),
  },
  'DELETE /api/orgs/:id/members/:user_id': { statuses: ADMINS_MANAGE, params: memberParams },
  'POST /api/orgs/:id/invitations': {
    statuses: created(ADMINS_MANAGE),
    params: orgParams,
    body: () => ({ email: `new-${++slugs}@example.test`, role: 'member' }),
  },
  'GET /api/orgs/:id/invitations': { statuses: ADMINS_MANAGE, params: orgParams },
  'DELETE /api/orgs/:id/invitations/:invitation_id': { statuses: ADMINS_MANAGE, params: invitationParams },
  'POST /api/orgs/:id/invitations/:invitation_id/resend': {
    statuses: ADMINS_MANAGE,
    params: invitationParams,
    body: () => ({}),
  },
  'POST /api/invitations/accept': {
    statuses: { owner: 400, admin: 400, member: 400, outsider: 400, ecosystem_admin: 400 },
    body: () => ({ token: 'not-a-token-anyone-was-sent' }),
  },
  'GET /api/orgs/:id/domains': { statuses: ADMINS_MANAGE, params: orgParams },
  'POST /api/orgs/:id/domains': {
    statuses: created(ADMINS_MANAGE),
    params: orgParams,
    body: () => ({ domain: `new-${++slugs}.example.test` }),
  },
  'DELETE /api/orgs/:id/domains/:domain': { statuses: ADMINS_MANAGE, params: claimedParams },
  'POST /api/orgs/:id/domains/:domain/verify': { statuses: ADMINS_MANAGE, params: provedParams, body: () => ({}) },
  'GET /api/admin/orgs/:id/domains': { statuses: ADMIN_ONLY, params: orgParams },
  'POST /api/admin/orgs/:id/domains': {
    statuses: created(ADMIN_ONLY),
    params: orgParams,
    body: () => ({ domain: `new-${++slugs}.example.test` }),
  },
  'DELETE /api/admin/orgs/:id/domains/:domain': { statuses: ADMIN_ONLY, params: claimedParams },
  // An ecosystem admin's verification is an approval: no DNS involved.
  'POST /api/admin/orgs/:id/domains/:domain/verify': { statuses: ADMIN_ONLY, params: claimedParams, body: () => ({}) },
  'GET /api/admin/orgs': { statuses: ADMIN_ONLY },
  // SCIM tokens (issue 41): a directory holding one manages members, so only owners hold them.
  'GET /api/orgs/:id/scim': { statuses: OWNERS_ONLY, params: orgParams },
  'POST /api/orgs/:id/scim-tokens': {
    statuses: created(OWNERS_ONLY),
    params: orgParams,
    body: () => ({ name: 'Okta' }),
  },
  'DELETE /api/orgs/:id/scim-tokens/:token_id': { statuses: OWNERS_ONLY, params: scimTokenParams },
  'GET /api/admin/orgs/:id/scim': { statuses: ADMIN_ONLY, params: orgParams },
  'POST /api/admin/orgs/:id/scim-tokens': {
    statuses: created(ADMIN_ONLY),
    params: orgParams,
    body: () => ({ name: 'Okta' }),
  },
  'DELETE /api/admin/orgs/:id/scim-tokens/:token_id': { statuses: ADMIN_ONLY, params: scimTokenParams },
  'POST /api/admin/orgs/:id/invitations': {
    statuses: created(ADMIN_ONLY),
    params: orgParams,
    body: () => ({ email: `new-${++slugs}@example.test`, role: 'owner' }),
  },
  'GET /api/admin/orgs/:id/invitations': { statuses: ADMIN_ONLY, params: orgParams },
  'DELETE /api/admin/orgs/:id/invitations/:invitation_id': { statuses: ADMIN_ONLY, params: invitationParams },
  'POST /api/admin/orgs/:id/invitations/:invitation_id/resend': {
    statuses: ADMIN_ONLY,
    params: invitationParams,
    body: () => ({}),
  },
  'POST /api/admin/orgs': {
    statuses: { ...ADMIN_ONLY, ecosystem_admin: 201 },
    body: () => ({ name: 'Admin Co', slug: `admin-co-${++slugs}` }),
  },
  'GET /api/admin/orgs/:id': { statuses: ADMIN_ONLY, params: orgParams },
  'PATCH /api/admin/orgs/:id': { statuses: ADMIN_ONLY, params: orgParams, body: () => ({ require_mfa: true }) },
  'DELETE /api/admin/orgs/:id': { statuses: ADMIN_ONLY, params: orgParams },
  'GET /api/admin/orgs/:id/members': { statuses: ADMIN_ONLY, params: orgParams },
  'PATCH /api/admin/orgs/:id/members/:user_id': {
    statuses: ADMIN_ONLY,
    params: memberParams,
    body: () => ({ roles: ['owner'] }),
  },
  'DELETE /api/admin/orgs/:id/members/:user_id': { statuses: ADMIN_ONLY, params: memberParams },
  'GET /api/admin/org-roles': { statuses: ADMIN_ONLY },
  'POST /api/admin/org-roles': {
    statuses: { ...ADMIN_ONLY, ecosystem_admin: 201 },
    body: () => ({ name: `role_${++slugs}` }),
  },
  'DELETE /api/admin/org-roles/:name': {
    statuses: { ...ADMIN_ONLY, ecosystem_admin: 404 },
    params: () => ({ name: 'nope' }),
  },
};

function isOrgRoute(r: RouteEntry): boolean {
  return /^\/api\/(orgs|admin\/orgs|admin\/org-roles|me\/orgs|invitations)(\/|$)/.test(r.url);
}

describe.each(TEST_DATABASES)('organizations: permission matrix [%s]', (kind) => {
  const t = useTestHub(kind);
  const people = {} as Record<Caller, Person> & { target: Person };
  let routes: RouteEntry[];
  beforeAll(async () => {
    people.owner = await person(t);
    people.admin = await person(t);
    people.member = await person(t);
    people.outsider = await person(t);
    people.ecosystem_admin = await person(t, { roles: ['user', 'platform_admin'] });
    people.target = await person(t);
    routes = listRoutes(t.app).filter(isOrgRoute);
  });

  it('has a row for every organization route Fastify serves, and no row for a route it does not', () => {
    const served = routes.map((r) => `${r.method} ${r.url}`).sort();
    expect(served.length).toBeGreaterThanOrEqual(Object.keys(MATRIX).length);
    expect(served).toEqual(Object.keys(MATRIX).sort());
  });

  it('answers each caller on each route as the matrix says', { timeout: 240_000 }, async () => {
    const seen: string[] = [];
    for (const route of routes) {
      const key = `${route.method} ${route.url}`;
      const c = MATRIX[key];
      for (const caller of CALLERS) {
        const org = await seedOrg(t, [
          { user: people.owner.user, roles: ['owner'] },
          { user: people.admin.user, roles: ['admin'] },
          { user: people.member.user, roles: ['member'] },
          { user: people.target.user, roles: ['member'] },
        ]);
        const n = ++slugs;
        const w: World = {
          org,
          target: people.target,
          invitationId: (await seedInvitation(t, org.id)).id,
          claimed: (await seedDomain(t, org.id, `claimed-${n}.example.test`)).domain,
          proved: (await seedDomain(t, org.id, `proved-${n}.example.test`, true)).domain,
          scimTokenId: (
            await insertScimToken(t.hub.db, {
              orgId: org.id,
              name: 'seed',
              secretHash: 'x',
              createdBy: null,
              createdAt: t.hub.clock(),
            })
          ).id,
        };
        const params = c.params?.(w) ?? {};
        const url = route.url.replace(/:([A-Za-z_]+)/g, (_, name: string) => encodeURIComponent(params[name]));
        const res = await t.client
          .asBrowser(people[caller].cookie)
          .request(route.method as HTTPMethods, url, c.body ? { body: c.body(w) as object } : {});
        seen.push(`${key} ${caller} ${res.statusCode}${res.statusCode >= 400 ? ` ${res.json().error?.code}` : ''}`);
        expect({ key, caller, status: res.statusCode }, res.body).toEqual({ key, caller, status: c.statuses[caller] });
      }
    }
    expect(seen.length).toBe(routes.length * CALLERS.length);
  });

  it('answers anonymous callers 401 on every organization route', async () => {
    for (const route of routes) {
      const url = route.url.replace(/:([A-Za-z_]+)/g, '00000000-0000-4000-8000-000000000000');
      const res = await t.client
        .asBrowser()
        .request(
          route.method as HTTPMethods,
          url,
          route.method === 'GET' || route.method === 'DELETE' ? {} : { body: {} },
        );
      expect({ route: `${route.method} ${route.url}`, status: res.statusCode }).toEqual({
        route: `${route.method} ${route.url}`,
        status: 401,
      });
    }
  });
});
