import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TEST_DATABASES } from '../../helpers/test-hub';
import { useTestHub } from '../../helpers/use-test-hub';
import { organizationMembers, organizations } from '../../../src/server/db/schema/index';
import { auditOf, person, rolesOf, seedDomain, seedInvitation, seedOrg, type Person } from './org-fixtures';

describe.each(TEST_DATABASES)('organizations: API rules [%s]', (kind) => {
  const t = useTestHub(kind);
  let owner: Person;
  let admin: Person;
  let member: Person;
  let outsider: Person;
  let eco: Person;
  beforeAll(async () => {
    owner = await person(t);
    admin = await person(t);
    member = await person(t);
    outsider = await person(t);
    eco = await person(t, { roles: ['user', 'platform_admin'] });
  });

  it('creates an organization with the caller as owner, audited; a duplicate slug is 409 and writes nothing', async () => {
    const res = await t.client.asBrowser(owner.cookie).post('/api/orgs', {
      body: { name: 'Northwind Staffing', slug: 'northwind', logo_url: 'https://cdn.test/nw.png' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { organization, roles } = res.json();
    expect(roles).toEqual(['owner']);
    expect(organization).toMatchObject({
      name: 'Northwind Staffing',
      slug: 'northwind',
      logo_url: 'https://cdn.test/nw.png',
      policies: { require_mfa: false, require_sso_provider_id: null },
    });
    expect(await rolesOf(t, organization.id, owner.user.id)).toEqual(['owner']);
    expect((await auditOf(t, 'org_created')).map((r) => r.details)).toContainEqual(
      expect.objectContaining({ org_id: organization.id, slug: 'northwind' }),
    );
    const dup = await t.client
      .asBrowser(member.cookie)
      .post('/api/orgs', { body: { name: 'Other', slug: 'northwind' } });
    expect(dup.statusCode).toBe(409);
    expect(await t.hub.db.select().from(organizations).where(eq(organizations.slug, 'northwind'))).toHaveLength(1);
    const mine = await t.client.get('/api/me/orgs', { cookie: owner.cookie });
    expect(mine.json().organizations.map((o: { slug: string; roles: string[] }) => [o.slug, o.roles])).toContainEqual([
      'northwind',
      ['owner'],
    ]);
    for (const bad of [
      { name: 'x', slug: 'Bad Slug' },
      { name: '', slug: 'ok' },
      { name: 'x', slug: 'ok', logo_url: 'http://x.test/a.png' },
      { name: 'x', slug: 'ok2', extra: 1 },
    ])
      expect((await t.client.asBrowser(owner.cookie).post('/api/orgs', { body: bad })).statusCode).toBe(400);
  });

  it('answers an outsider 404 exactly as for an id that does not exist, and audits the attempt', async () => {
    const org = await seedOrg(t, [{ user: owner.user, roles: ['owner'] }]);
    const real = await t.client.get(`/api/orgs/${org.id}`, { cookie: outsider.cookie });
    const none = await t.client.get('/api/orgs/00000000-0000-4000-8000-000000000000', { cookie: outsider.cookie });
    expect(real.statusCode).toBe(404);
    expect(real.json()).toEqual(none.json());
    const refusals = await auditOf(t, 'org_access_refused');
    expect(refusals.map((r) => [r.userId, r.details])).toContainEqual([
      outsider.user.id,
      expect.objectContaining({ org_id: org.id, reason: 'not_a_member' }),
    ]);
  });

  it('keeps at least one owner: the last owner can neither leave, be removed nor be demoted (409)', async () => {
    const org = await seedOrg(t, [
      { user: owner.user, roles: ['owner'] },
      { user: admin.user, roles: ['admin'] },
    ]);
    const as = t.client.asBrowser(owner.cookie);
    expect((await as.delete(`/api/orgs/${org.id}/members/${owner.user.id}`)).statusCode).toBe(409);
    const demote = await as.patch(`/api/orgs/${org.id}/members/${owner.user.id}`, { body: { roles: ['admin'] } });
    expect(demote.statusCode).toBe(409);
    const byEco = await t.client.asBrowser(eco.cookie).delete(`/api/admin/orgs/${org.id}/members/${owner.user.id}`);
    expect(byEco.statusCode).toBe(409);
    expect(await rolesOf(t, org.id, owner.user.id)).toEqual(['owner']);
    // With a second owner, the first may step down.
    expect(
      (await as.patch(`/api/orgs/${org.id}/members/${admin.user.id}`, { body: { roles: ['owner'] } })).statusCode,
    ).toBe(200);
    expect(
      (await as.patch(`/api/orgs/${org.id}/members/${owner.user.id}`, { body: { roles: ['member'] } })).statusCode,
    ).toBe(200);
    const changes = (await auditOf(t, 'org_role_changed')).filter(
      (r) => (r.details as { org_id: string }).org_id === org.id,
    );
    expect(changes.map((r) => (r.details as { to: string[] }).to)).toEqual([['owner'], ['member']]);
  });

  it('lets nobody raise their own role, and only owners grant or take the owner role', async () => {
    const org = await seedOrg(t, [
      { user: owner.user, roles: ['owner'] },
      { user: admin.user, roles: ['admin'] },
      { user: member.user, roles: ['member'] },
    ]);
    const asAdmin = t.client.asBrowser(admin.cookie);
    const asMember = t.client.asBrowser(member.cookie);
    expect(
      (await asAdmin.patch(`/api/orgs/${org.id}/members/${admin.user.id}`, { body: { roles: ['owner'] } })).statusCode,
    ).toBe(403);
    expect(
      (await asMember.patch(`/api/orgs/${org.id}/members/${member.user.id}`, { body: { roles: ['admin'] } }))
        .statusCode,
    ).toBe(403);
    expect(
      (await asAdmin.patch(`/api/orgs/${org.id}/members/${member.user.id}`, { body: { roles: ['owner'] } })).statusCode,
    ).toBe(403);
    expect((await asAdmin.delete(`/api/orgs/${org.id}/members/${owner.user.id}`)).statusCode).toBe(403);
    expect(
      (await asAdmin.patch(`/api/orgs/${org.id}/members/${member.user.id}`, { body: { roles: ['admin'] } })).statusCode,
    ).toBe(200);
    // Stepping down is not raising.
    expect(
      (await asAdmin.patch(`/api/orgs/${org.id}/members/${admin.user.id}`, { body: { roles: ['member'] } })).statusCode,
    ).toBe(200);
    expect(await rolesOf(t, org.id, owner.user.id)).toEqual(['owner']);
    expect(await rolesOf(t, org.id, admin.user.id)).toEqual(['member']);
    const refused = (await auditOf(t, 'org_access_refused')).filter(
      (r) => (r.details as { org_id: string }).org_id === org.id,
    );
    expect(refused.map((r) => (r.details as { reason: string }).reason)).toEqual(
      expect.arrayContaining(['raise_own_role', 'role']),
    );
    expect(refused).toHaveLength(4);
  });

  it('takes custom role names only once an ecosystem admin defined them; exactly one built-in role', async () => {
    const org = await seedOrg(t, [
      { user: owner.user, roles: ['owner'] },
      { user: member.user, roles: ['member'] },
    ]);
    const as = t.client.asBrowser(owner.cookie);
    const url = `/api/orgs/${org.id}/members/${member.user.id}`;
    expect((await as.patch(url, { body: { roles: ['member', 'recruiter'] } })).statusCode).toBe(400);
    expect(
      (await t.client.asBrowser(eco.cookie).post('/api/admin/org-roles', { body: { name: 'recruiter' } })).statusCode,
    ).toBe(201);
    expect(
      (await t.client.asBrowser(eco.cookie).post('/api/admin/org-roles', { body: { name: 'owner' } })).statusCode,
    ).toBe(409);
    const ok = await as.patch(url, { body: { roles: ['recruiter', 'member'] } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().member.roles).toEqual(['member', 'recruiter']);
    expect((await as.patch(url, { body: { roles: ['recruiter'] } })).statusCode).toBe(400);
    expect((await as.patch(url, { body: { roles: ['member', 'admin'] } })).statusCode).toBe(400);
    const roles = (await t.client.get('/api/admin/org-roles', { cookie: eco.cookie })).json().roles;
    expect(roles.map((r: { name: string }) => r.name)).toEqual(['owner', 'admin', 'member', 'recruiter']);
    // The organization's owner reads the same choices for its role picker (issue 46); a plain member may not.
    const choices = await t.client.get(`/api/orgs/${org.id}/roles`, { cookie: owner.cookie });
    expect(choices.statusCode, choices.body).toBe(200);
    expect(choices.json().roles).toEqual(roles);
    expect((await t.client.get(`/api/orgs/${org.id}/roles`, { cookie: member.cookie })).statusCode).toBe(403);
    expect((await t.client.asBrowser(eco.cookie).delete('/api/admin/org-roles/recruiter')).statusCode).toBe(200);
    expect(await rolesOf(t, org.id, member.user.id)).toEqual(['member']);
  });

  it('changes policies only as an owner, checks the provider, and deletes only as an owner (everything goes)', async () => {
    const org = await seedOrg(t, [
      { user: owner.user, roles: ['owner'] },
      { user: admin.user, roles: ['admin'] },
    ]);
    const asAdmin = t.client.asBrowser(admin.cookie);
    expect((await asAdmin.patch(`/api/orgs/${org.id}`, { body: { require_mfa: true } })).statusCode).toBe(403);
    expect((await asAdmin.patch(`/api/orgs/${org.id}`, { body: { name: 'Renamed' } })).statusCode).toBe(200);
    const as = t.client.asBrowser(owner.cookie);
    const noIdp = await as.patch(`/api/orgs/${org.id}`, {
      body: { require_sso_provider_id: '00000000-0000-4000-8000-000000000000' },
    });
    expect(noIdp.statusCode).toBe(400);
    const mfa = await as.patch(`/api/orgs/${org.id}`, { body: { require_mfa: true } });
    expect(mfa.json().organization.policies.require_mfa).toBe(true);
    expect((await asAdmin.delete(`/api/orgs/${org.id}`)).statusCode).toBe(403);
    expect((await as.delete(`/api/orgs/${org.id}`)).statusCode).toBe(200);
    expect(await t.hub.db.select().from(organizationMembers).where(eq(organizationMembers.orgId, org.id))).toEqual([]);
    expect((await auditOf(t, 'org_deleted')).map((r) => r.details)).toContainEqual(
      expect.objectContaining({ org_id: org.id, members_removed: 2 }),
    );
  });

  it('pages members in joining order with a cursor, and lists every organization for ecosystem admins', async () => {
    const people = [owner, admin, member, outsider];
    const org = await seedOrg(
      t,
      people.map((p, i) => ({ user: p.user, roles: [i === 0 ? 'owner' : 'member'] })),
      'Paging Co',
    );
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const q: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
      const page = await t.client.get(`/api/orgs/${org.id}/members?limit=3${q}`, { cookie: member.cookie });
      expect(page.statusCode, page.body).toBe(200);
      seen.push(...page.json().members.map((m: { user_id: string }) => m.user_id));
      cursor = page.json().next_cursor;
    } while (cursor);
    expect(seen).toEqual(people.map((p) => p.user.id));
    expect((await t.client.get(`/api/orgs/${org.id}/members?cursor=bogus`, { cookie: member.cookie })).statusCode).toBe(
      400,
    );
    const list = await t.client.get('/api/admin/orgs?q=paging', { cookie: eco.cookie });
    expect(list.json().organizations).toEqual([expect.objectContaining({ id: org.id, member_count: 4 })]);
  });

  it('tells each caller what the rule allows per member (the last owner may not leave), and counts what deletion ends', async () => {
    const org = await seedOrg(t, [
      { user: owner.user, roles: ['owner'] },
      { user: admin.user, roles: ['admin'] },
      { user: member.user, roles: ['member'] },
    ]);
    const ok = { allowed: true, reason: null };
    const actionsOf = async (cookie: string, prefix = '/api/orgs') => {
      const res = await t.client.get(`${prefix}/${org.id}/members`, { cookie });
      expect(res.statusCode, res.body).toBe(200);
      const rows = res.json().members as { user_id: string; actions: unknown }[];
      return Object.fromEntries(rows.map((m) => [m.user_id, m.actions]));
    };
    // The owner: may change anyone's roles; may remove others, but not leave (the last owner).
    const byOwner = await actionsOf(owner.cookie);
    expect(byOwner[owner.user.id]).toEqual({ change_roles: ok, remove: { allowed: false, reason: 'last_owner' } });
    expect(byOwner[member.user.id]).toEqual({ change_roles: ok, remove: ok });
    // An admin: the owner's roles and removal are an owner's business; leaving is allowed.
    const byAdmin = await actionsOf(admin.cookie);
    expect(byAdmin[owner.user.id]).toEqual({
      change_roles: { allowed: false, reason: 'role' },
      remove: { allowed: false, reason: 'role' },
    });
    expect(byAdmin[admin.user.id]).toEqual({ change_roles: ok, remove: ok });
    // A member: only their own leave.
    const byMember = await actionsOf(member.cookie);
    expect(byMember[member.user.id]).toEqual({ change_roles: { allowed: false, reason: 'role' }, remove: ok });
    expect(byMember[admin.user.id]).toEqual({
      change_roles: { allowed: false, reason: 'role' },
      remove: { allowed: false, reason: 'role' },
    });
    // An ecosystem admin holds every permission; the last-owner rule still holds.
    const byEco = await actionsOf(eco.cookie, '/api/admin/orgs');
    expect(byEco[owner.user.id]).toEqual({ change_roles: ok, remove: { allowed: false, reason: 'last_owner' } });
    // My organizations: the last owner may not leave, the others may; a second owner frees the first.
    const leaveOf = async (p: Person) =>
      (
        (await t.client.get('/api/me/orgs', { cookie: p.cookie })).json().organizations as {
          id: string;
          actions: unknown;
        }[]
      ).find((o) => o.id === org.id)?.actions;
    expect(await leaveOf(owner)).toEqual({ leave: { allowed: false, reason: 'last_owner' } });
    expect(await leaveOf(member)).toEqual({ leave: ok });
    const promoted = await t.client
      .asBrowser(owner.cookie)
      .patch(`/api/orgs/${org.id}/members/${admin.user.id}`, { body: { roles: ['owner'] } });
    expect(promoted.json().member.actions).toEqual({ change_roles: ok, remove: ok });
    expect(await leaveOf(owner)).toEqual({ leave: ok });

    // What deleting it ends: owners ask (members and admins are refused), the ecosystem admin too.
    await seedInvitation(t, org.id);
    await seedInvitation(t, org.id);
    await seedDomain(t, org.id, `impact-${kind}.example.test`, true);
    const impact = await t.client.get(`/api/orgs/${org.id}/deletion-impact`, { cookie: owner.cookie });
    expect(impact.statusCode, impact.body).toBe(200);
    expect(impact.json()).toEqual({ members: 3, pending_invitations: 2, domains: 1 });
    expect((await t.client.get(`/api/admin/orgs/${org.id}/deletion-impact`, { cookie: eco.cookie })).json()).toEqual(
      impact.json(),
    );
    expect((await t.client.get(`/api/orgs/${org.id}/deletion-impact`, { cookie: member.cookie })).statusCode).toBe(403);
    expect((await t.client.get(`/api/orgs/${org.id}/deletion-impact`, { cookie: outsider.cookie })).statusCode).toBe(
      404,
    );
    expect((await t.client.get(`/api/admin/orgs/${org.id}/deletion-impact`, { cookie: owner.cookie })).statusCode).toBe(
      403,
    );
  });
});
