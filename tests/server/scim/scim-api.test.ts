import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { TEST_DATABASES } from '../../helpers/test-hub';
import { useTestHub } from '../../helpers/use-test-hub';
import { devOutbox } from '../../../src/server/auth/mailer';
import { sessionCookieFor } from '../../helpers/fixtures';
import { authSessions, platformUsers, rateLimitCounters, scimTokens } from '../../../src/server/db/schema/index';
import { deriveEvent } from '../../../src/server/events/delivery/from-audit';
import { auditOf, person, rolesOf, seedDomain, seedOrg, type Person } from '../orgs/org-fixtures';
import { ENTERPRISE, ERROR, directory, json, patchOp, userBody } from './scim-fixtures';
import type { Organization } from '../../../src/server/db/schema/index';
import { counterKey } from '../../../src/server/auth/counter-key';
import { countStatements } from '../../helpers/count-statements';
import { rows } from '../../../src/server/db/client';

describe.each(TEST_DATABASES)('SCIM 2.0 service provider [%s]', (kind) => {
  const t = useTestHub(kind);
  let owner: Person;
  let orgAdmin: Person;
  let eco: Person;
  let acme: Organization;
  let beta: Organization;
  let scim: ReturnType<typeof directory>;
  let betaScim: ReturnType<typeof directory>;
  let acmeToken: string;
  const domain = `acme-${kind}.test`;
  const base = (o: Organization) => `/scim/v2/orgs/${o.id}`;

  beforeAll(async () => {
    owner = await person(t);
    orgAdmin = await person(t);
    eco = await person(t, { roles: ['user', 'platform_admin'] });
    const betaOwner = await person(t);
    acme = await seedOrg(t, [
      { user: owner.user, roles: ['owner'] },
      { user: orgAdmin.user, roles: ['admin'] },
    ]);
    beta = await seedOrg(t, [{ user: betaOwner.user, roles: ['owner'] }], 'Beta');
    await seedDomain(t, acme.id, domain, true);
    const created = await t.client
      .asBrowser(owner.cookie)
      .post(`/api/orgs/${acme.id}/scim-tokens`, { body: { name: 'Entra' } });
    expect(created.statusCode, created.body).toBe(201);
    acmeToken = created.json().token;
    expect(created.json().base_url).toBe(`${t.hub.config.publicUrl}${base(acme)}`);
    scim = directory(t, base(acme), acmeToken);
    const viaAdmin = await t.client
      .asBrowser(eco.cookie)
      .post(`/api/admin/orgs/${beta.id}/scim-tokens`, { body: { name: 'Okta' } });
    expect(viaAdmin.statusCode, viaAdmin.body).toBe(201);
    betaScim = directory(t, base(beta), viaAdmin.json().token);
  });

  it('lets only owners and ecosystem admins hold tokens, lists them without the secret, stores a hash, revokes', async () => {
    const refused = await t.client
      .asBrowser(orgAdmin.cookie)
      .post(`/api/orgs/${acme.id}/scim-tokens`, { body: { name: 'x' } });
    expect(refused.statusCode).toBe(403);
    const made = await t.client
      .asBrowser(owner.cookie)
      .post(`/api/orgs/${acme.id}/scim-tokens`, { body: { name: 'spare' } });
    const { token, scim_token } = made.json();
    const overview = await t.client.asBrowser(owner.cookie).get(`/api/orgs/${acme.id}/scim`);
    expect(overview.statusCode).toBe(200);
    // hubscim_<id>_<secret>: the secret is base64url, which may hold '_' itself.
    const secret = token.split('_').slice(2).join('_');
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect(overview.body).not.toContain(secret);
    expect(overview.json().tokens.map((x: { name: string }) => x.name)).toEqual(
      expect.arrayContaining(['Entra', 'spare']),
    );
    const [row] = await t.hub.db.select().from(scimTokens).where(eq(scimTokens.id, scim_token.id));
    expect(JSON.stringify(row)).not.toContain(secret);
    const spare = directory(t, base(acme), token);
    expect((await spare.get('/ServiceProviderConfig')).statusCode).toBe(200);
    const gone = await t.client.asBrowser(owner.cookie).delete(`/api/orgs/${acme.id}/scim-tokens/${scim_token.id}`);
    expect(gone.statusCode).toBe(200);
    const after = await spare.get('/ServiceProviderConfig');
    expect(after.statusCode).toBe(401);
    expect(json(after)).toMatchObject({ schemas: [ERROR], status: '401' });
    expect((await auditOf(t, 'scim_token_revoked')).length).toBe(1);
  });

  it('serves discovery in application/scim+json and refuses calls without a token', async () => {
    const spc = await scim.get('/ServiceProviderConfig');
    expect(spc.headers['content-type']).toMatch(/^application\/scim\+json/);
    expect(json(spc)).toMatchObject({
      patch: { supported: true },
      etag: { supported: true },
      filter: { supported: true },
    });
    const types = json(await scim.get('/ResourceTypes'));
    expect(types.Resources.map((r: { id: string }) => r.id)).toEqual(['User', 'Group']);
    const schemas = json(await scim.get('/Schemas'));
    expect(schemas.Resources.map((r: { id: string }) => r.id)).toContain(ENTERPRISE);
    const anonymous = await t.client.get(`${base(acme)}/Users`);
    expect(anonymous.statusCode).toBe(401);
    expect(json(anonymous)).toMatchObject({ schemas: [ERROR], status: '401' });
    // The token is checked before the body is read.
    const unread = await t.client.post(`${base(acme)}/Users`, {
      headers: { 'content-type': 'application/scim+json' },
      body: '{not json',
    });
    expect(unread.statusCode).toBe(401);
  });

  it('Entra: looks up userName before the create, creates (verified for the own domain), answers 409 on a duplicate', async () => {
    const email = `ada@${domain}`;
    const before = json(await scim.get(`/Users?filter=${encodeURIComponent(`userName eq "${email}"`)}`));
    expect(before).toMatchObject({ totalResults: 0, Resources: [] });
    const created = await scim.post('/Users', userBody(email));
    expect(created.statusCode, created.body).toBe(201);
    const user = json(created);
    expect(user).toMatchObject({ userName: email, externalId: `ext-${email}`, active: true });
    expect(user[ENTERPRISE]).toMatchObject({
      employeeNumber: '1001',
      department: 'Talent',
      manager: { value: 'mgr-1' },
    });
    expect(created.headers.etag).toBe(user.meta.version);
    const [account] = await t.hub.db.select().from(platformUsers).where(eq(platformUsers.id, user.id));
    expect(account.emailVerifiedAt).not.toBeNull();
    expect(await rolesOf(t, acme.id, user.id)).toEqual(['member']);
    const found = json(await scim.get(`/Users?filter=${encodeURIComponent(`userName eq "${email.toUpperCase()}"`)}`));
    expect(found.totalResults).toBe(1);
    const dup = await scim.post('/Users', userBody(email.toUpperCase()));
    expect(dup.statusCode).toBe(409);
    expect(json(dup)).toMatchObject({ schemas: [ERROR], status: '409', scimType: 'uniqueness' });
    const [provisioned] = await auditOf(t, 'scim_user_provisioned');
    expect(provisioned.details).toMatchObject({ scim_token_id: expect.any(String), account_created: true });
    expect(provisioned.userId).toBeNull();
    expect(deriveEvent({ type: 'scim_user_provisioned', details: provisioned.details as never })).toMatchObject({
      type: 'user.created',
      data: { via: 'scim', user_id: user.id },
    });
  });

  it('answers two creates of one userName at once with one 201 and one 409', async () => {
    const both = await Promise.all([1, 2].map(() => scim.post('/Users', userBody(`race@${domain}`))));
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it('mails a verification link for an address outside the verified domains, and keeps it unverified', async () => {
    const email = `grace-${kind}@elsewhere.test`;
    const res = await scim.post('/Users', userBody(email));
    expect(res.statusCode, res.body).toBe(201);
    const [account] = await t.hub.db.select().from(platformUsers).where(eq(platformUsers.email, email));
    expect(account.emailVerifiedAt).toBeNull();
    expect(devOutbox.some((m) => m.to === email && m.subject === 'Verify your email address')).toBe(true);
    // An existing account of another domain is not taken over by a directory.
    const outsider = await person(t, { email: `someone-${kind}@other.test` });
    const refused = await scim.post('/Users', userBody(outsider.user.email));
    expect(json(refused)).toMatchObject({ status: '409', scimType: 'uniqueness' });
  });

  it('filters with eq, ne, co, sw, pr, and, or on userName, externalId, emails.value, active, meta.lastModified', async () => {
    const names = ['fa@', 'fb@', 'fc@'].map((p) => `${p}${domain}`);
    for (const n of names) expect((await scim.post('/Users', userBody(n))).statusCode).toBe(201);
    const count = async (filter: string) => {
      const res = await scim.get(`/Users?filter=${encodeURIComponent(filter)}`);
      expect(res.statusCode, `${filter}: ${res.body}`).toBe(200);
      return json(res).totalResults as number;
    };
    expect(await count('userName sw "f" and userName co "@acme"')).toBe(3);
    expect(await count(`externalId eq "ext-${names[0]}" or externalId eq "ext-${names[1]}"`)).toBe(2);
    expect(await count(`emails.value eq "${names[2]}"`)).toBe(1);
    expect(await count(`emails[type eq "work" and value co "fb@"]`)).toBe(1);
    expect(await count('userName sw "f" and userName ne "' + names[0] + '"')).toBe(2);
    expect(await count('externalId pr and active eq true and userName sw "f"')).toBe(3);
    expect(await count('meta.lastModified gt "2000-01-01T00:00:00Z" and userName sw "f"')).toBe(3);
    expect(await count('meta.lastModified ge "2999-01-01T00:00:00Z"')).toBe(0);
    const bad = await scim.get(`/Users?filter=${encodeURIComponent('userName eq')}`);
    expect(json(bad)).toMatchObject({ status: '400', scimType: 'invalidFilter' });
    const unknown = await scim.get(`/Users?filter=${encodeURIComponent('nickName eq "x"')}`);
    expect(json(unknown)).toMatchObject({ status: '400', scimType: 'invalidFilter' });
  });

  it('pages with startIndex and count (beyond the end: an empty page), and projects attributes', async () => {
    const all = json(await scim.get('/Users?count=2'));
    expect(all.itemsPerPage).toBe(2);
    const total = all.totalResults as number;
    const last = json(await scim.get(`/Users?startIndex=${total}&count=5`));
    expect(last).toMatchObject({ startIndex: total, itemsPerPage: 1, totalResults: total });
    const beyond = json(await scim.get(`/Users?startIndex=${total + 10}&count=5`));
    expect(beyond).toMatchObject({ totalResults: total, itemsPerPage: 0, Resources: [] });
    const slim = json(await scim.get('/Users?count=1&attributes=userName'));
    expect(Object.keys(slim.Resources[0]).sort()).toEqual(['id', 'schemas', 'userName']);
    const without = json(await scim.get(`/Users?count=1&excludedAttributes=emails,${ENTERPRISE}`));
    expect(without.Resources[0].emails).toBeUndefined();
    expect(without.Resources[0][ENTERPRISE]).toBeUndefined();
    expect(without.Resources[0].userName).toBeDefined();
  });

  it('PATCHes with paths, value filters, Entra capitals, and a value object without a path; honours If-Match', async () => {
    const email = `pat@${domain}`;
    const u = json(
      await scim.post(
        '/Users',
        userBody(email, {
          emails: [
            { value: email, type: 'work', primary: true },
            { value: 'p@home.test', type: 'home' },
          ],
        }),
      ),
    );
    const stale = await scim.patch(`/Users/${u.id}`, patchOp({ op: 'replace', path: 'title', value: 'x' }), {
      'if-match': 'W/"999"',
    });
    expect(stale.statusCode).toBe(412);
    const res = await scim.patch(
      `/Users/${u.id}`,
      patchOp(
        { op: 'Replace', path: 'emails[type eq "work"].value', value: `pat.new@${domain}` },
        { op: 'remove', path: 'emails[type eq "home"]' },
        { op: 'add', path: `${ENTERPRISE}:employeeNumber`, value: '2002' },
        { op: 'Replace', value: { displayName: 'Pat New', 'name.givenName': 'Pat' } },
      ),
      { 'if-match': u.meta.version },
    );
    expect(res.statusCode, res.body).toBe(200);
    const p = json(res);
    expect(p.emails).toEqual([{ value: `pat.new@${domain}`, type: 'work', primary: true }]);
    expect(p[ENTERPRISE].employeeNumber).toBe('2002');
    expect(p.displayName).toBe('Pat New');
    expect(p.name.givenName).toBe('Pat');
    expect(p.meta.version).not.toBe(u.meta.version);
    expect(json(await scim.get(`/Users/${u.id}`)).emails).toHaveLength(1);
    const bad = await scim.patch(`/Users/${u.id}`, patchOp({ op: 'replace', path: 'active', value: 'perhaps' }));
    expect(json(bad)).toMatchObject({ status: '400', scimType: 'invalidValue' });
    const nul = await scim.patch(`/Users/${u.id}`, patchOp({ op: 'replace', path: 'title', value: 'a\u0000b' }));
    expect(json(nul)).toMatchObject({ schemas: [ERROR], status: '400', scimType: 'invalidValue' });
    const notJson = await t.client.post(`${base(acme)}/Users`, {
      headers: { authorization: `Bearer ${acmeToken}`, 'content-type': 'application/scim+json' },
      body: '{"userName": ',
    });
    expect(json(notJson)).toMatchObject({ schemas: [ERROR], status: '400', scimType: 'invalidSyntax' });
  });

  it('Entra "active": "False" deactivates: membership gone, org-scoped grants and (own domain) the account revoked at once', async () => {
    const email = `leaver@${domain}`;
    const u = json(await scim.post('/Users', userBody(email)));
    const [account] = await t.hub.db.select().from(platformUsers).where(eq(platformUsers.id, u.id));
    const session = await sessionCookieFor(t.hub, account);
    await t.hub.db.insert(authSessions).values({
      userId: u.id,
      clientId: 'some-app',
      kind: 'app',
      sessionTokenHash: `org-grant-${kind}-${u.id}`,
      scopes: ['openid', `organization:${acme.id}`],
      expiresAt: new Date(t.hub.clock().getTime() + 3_600_000),
    });
    expect((await t.client.get('/api/me/orgs', { cookie: session })).statusCode).toBe(200);
    const res = await scim.patch(`/Users/${u.id}`, patchOp({ op: 'Replace', path: 'active', value: 'False' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).active).toBe(false);
    expect(await rolesOf(t, acme.id, u.id)).toBeNull();
    const live = await t.hub.db
      .select()
      .from(authSessions)
      .where(and(eq(authSessions.userId, u.id), eq(authSessions.isActive, true)));
    expect(live).toEqual([]);
    expect((await t.client.get('/api/me/orgs', { cookie: session })).statusCode).toBe(401);
    const [deprov] = (await auditOf(t, 'scim_user_deprovisioned')).filter(
      (r) => (r.details as { target_user_id: string }).target_user_id === u.id,
    );
    expect(deprov.details).toMatchObject({ action: 'deactivated', account_deactivated: true, sessions_revoked: 2 });
    const removed = (await auditOf(t, 'org_member_removed')).filter(
      (r) => (r.details as { target_user_id: string }).target_user_id === u.id,
    );
    expect(removed).toHaveLength(1);
    expect(
      (await auditOf(t, 'user_deactivated')).some(
        (r) => (r.details as { target_user_id: string }).target_user_id === u.id,
      ),
    ).toBe(true);
    // Reactivation restores the membership and the account.
    const back = await scim.patch(`/Users/${u.id}`, patchOp({ op: 'replace', value: { active: 'True' } }));
    expect(json(back).active).toBe(true);
    expect(await rolesOf(t, acme.id, u.id)).toEqual(['member']);
    const [again] = await t.hub.db.select().from(platformUsers).where(eq(platformUsers.id, u.id));
    expect(again.isActive).toBe(true);
  });

  it('Okta: PUT of the whole user with active false deactivates; an account of another domain keeps its other sessions', async () => {
    const email = `okta-${kind}@partner.test`;
    const u = json(await scim.post('/Users', userBody(email)));
    const [account] = await t.hub.db.select().from(platformUsers).where(eq(platformUsers.id, u.id));
    const cookie = await sessionCookieFor(t.hub, account);
    const res = await scim.put(`/Users/${u.id}`, { ...userBody(email), active: false }, { 'if-match': u.meta.version });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).active).toBe(false);
    expect(await rolesOf(t, acme.id, u.id)).toBeNull();
    expect((await t.client.get('/api/me/orgs', { cookie })).statusCode).toBe(200);
  });

  it('Groups are roles: Okta finds one by displayName, PATCH members changes roles (Entra remove with a value)', async () => {
    const u = json(await scim.post('/Users', userBody(`grp@${domain}`)));
    const found = json(await scim.get(`/Groups?filter=${encodeURIComponent('displayName eq "admin"')}`));
    expect(found.totalResults).toBe(1);
    expect(found.Resources[0]).toMatchObject({ id: 'admin', displayName: 'admin' });
    const slim = json(await scim.get('/Groups?excludedAttributes=members'));
    expect(slim.Resources.map((g: { id: string }) => g.id)).toEqual(
      expect.arrayContaining(['owner', 'admin', 'member']),
    );
    expect(slim.Resources[0].members).toBeUndefined();
    const add = await scim.patch('/Groups/admin', patchOp({ op: 'Add', path: 'members', value: [{ value: u.id }] }));
    expect(add.statusCode, add.body).toBe(200);
    expect(await rolesOf(t, acme.id, u.id)).toEqual(['admin']);
    expect(json(add).members.map((m: { value: string }) => m.value)).toContain(u.id);
    // Entra removes with the member in `value`; others name it in a value filter.
    const remove = await scim.patch(
      '/Groups/admin',
      patchOp({ op: 'Remove', path: 'members', value: [{ value: u.id }] }),
    );
    expect(remove.statusCode, remove.body).toBe(200);
    expect(await rolesOf(t, acme.id, u.id)).toEqual(['member']);
    await scim.patch('/Groups/admin', patchOp({ op: 'add', path: 'members', value: [{ value: u.id }] }));
    const byFilter = await scim.patch('/Groups/admin', patchOp({ op: 'remove', path: `members[value eq "${u.id}"]` }));
    expect(byFilter.statusCode, byFilter.body).toBe(200);
    expect(await rolesOf(t, acme.id, u.id)).toEqual(['member']);
    const changes = (await auditOf(t, 'org_role_changed')).filter(
      (r) => (r.details as { target_user_id: string }).target_user_id === u.id,
    );
    expect(changes.map((c) => c.details)).toEqual([
      expect.objectContaining({ from: ['member'], to: ['admin'], scim_token_id: expect.any(String) }),
      expect.objectContaining({ from: ['admin'], to: ['member'] }),
      expect.objectContaining({ from: ['member'], to: ['admin'] }),
      expect.objectContaining({ from: ['admin'], to: ['member'] }),
    ]);
    const stranger = await scim.patch(
      '/Groups/admin',
      patchOp({ op: 'add', path: 'members', value: [{ value: beta.id }] }),
    );
    expect(json(stranger)).toMatchObject({ status: '400', scimType: 'invalidValue' });
    expect((await scim.post('/Groups', { displayName: 'not_a_role' })).statusCode).toBe(400);
    const unsupported = await scim.delete('/Groups/admin');
    expect(unsupported.statusCode).toBe(404);
    expect(json(unsupported)).toMatchObject({ schemas: [ERROR], status: '404' });
  });

  it('a Group change is the same few statements for 12 members as for 2, and keeps the last owner', async () => {
    // It runs under the organization's lock: a statement per member held every other change of the
    // organization that long (a directory adding 20 people to each of 8 groups at once timed out).
    const people = [];
    for (let i = 0; i < 14; i++) people.push(json(await scim.post('/Users', userBody(`many${i}@${domain}`))));
    const counter = countStatements();
    const statementsFor = async (members: { id: string }[]) => {
      const from = counter.count();
      const res = await scim.patch(
        '/Groups/admin',
        patchOp({ op: 'Add', path: 'members', value: members.map((u) => ({ value: u.id })) }),
      );
      expect(res.statusCode, res.body).toBe(200);
      return counter.texts.slice(from);
    };
    try {
      const two = await statementsFor(people.slice(0, 2));
      const twelve = await statementsFor(people.slice(2));
      // A background statement (the audit checkpoint, a lease) may fall in either window: at most one.
      expect(Math.abs(twelve.length - two.length), twelve.join('\n')).toBeLessThanOrEqual(1);
    } finally {
      counter.stop();
    }
    for (const u of people) expect(await rolesOf(t, acme.id, u.id)).toEqual(['admin']);
    const ids = new Set(people.map((u) => u.id));
    const audited = (await auditOf(t, 'org_role_changed')).filter((r) =>
      ids.has((r.details as { target_user_id: string }).target_user_id),
    );
    expect(audited.map((r) => r.details)).toEqual(
      people.map((u) =>
        expect.objectContaining({
          target_user_id: u.id,
          from: ['member'],
          to: ['admin'],
          scim_token_id: expect.any(String),
        }),
      ),
    );

    const owners = json(await scim.get('/Groups/owner')).members as { value: string }[];
    const orphaning = await scim.patch('/Groups/owner', patchOp({ op: 'Remove', path: 'members', value: owners }));
    expect(json(orphaning)).toMatchObject({ status: '409', scimType: 'mutability' });
    expect(await rolesOf(t, acme.id, owner.user.id)).toEqual(['owner']);
  });

  it('deprovisions people side by side: only an owner leaving waits for the organization (the last owner stays)', async () => {
    const orgLock = /from "organizations".* for update/i;
    const [a, b] = [
      json(await scim.post('/Users', userBody(`side-a@${domain}`))),
      json(await scim.post('/Users', userBody(`side-b@${domain}`))),
    ];
    const counter = countStatements();
    const lockedDuring = async (work: () => Promise<{ statusCode: number; body: string }>, status: number) => {
      const from = counter.sql.length;
      const res = await work();
      expect(res.statusCode, res.body).toBe(status);
      return counter.sql.slice(from).some((q) => orgLock.test(q));
    };
    try {
      // A member leaves, by deactivation or deletion, without the organization's lock.
      expect(
        await lockedDuring(
          () => scim.patch(`/Users/${a.id}`, patchOp({ op: 'replace', path: 'active', value: false })),
          200,
        ),
      ).toBe(false);
      expect(await lockedDuring(() => scim.delete(`/Users/${b.id}`), 204)).toBe(false);
      // An owner's leaving is decided under it: a second owner goes, the last one stays.
      const second = json(await scim.post('/Users', userBody(`side-owner@${domain}`)));
      const made = await scim.patch(
        '/Groups/owner',
        patchOp({ op: 'Add', path: 'members', value: [{ value: second.id }] }),
      );
      expect(made.statusCode, made.body).toBe(200);
      expect(
        await lockedDuring(
          () => scim.patch(`/Users/${second.id}`, patchOp({ op: 'replace', path: 'active', value: false })),
          200,
        ),
      ).toBe(true);
    } finally {
      counter.stop();
    }
    expect(await rolesOf(t, acme.id, a.id)).toBeNull();
    expect(await rolesOf(t, acme.id, b.id)).toBeNull();
    expect(await rolesOf(t, acme.id, owner.user.id)).toEqual(['owner']);

    if (kind === 'postgres') {
      // With the organization's row held by another transaction, a member's deactivation still answers.
      const c = json(await scim.post('/Users', userBody(`side-c@${domain}`)));
      await t.hub.db.transaction(async (tx) => {
        await tx.execute(sql`select id from organizations where id = ${acme.id} for update`);
        const res = await scim.patch(`/Users/${c.id}`, patchOp({ op: 'replace', path: 'active', value: false }));
        expect(res.statusCode, res.body).toBe(200);
      });
      expect(await rolesOf(t, acme.id, c.id)).toBeNull();
    }
  });

  it('answers a rename to a userName taken, even by a change committed meanwhile, with 409 uniqueness', async () => {
    const [a, b] = [
      json(await scim.post('/Users', userBody(`rename-a@${domain}`))),
      json(await scim.post('/Users', userBody(`rename-b@${domain}`))),
    ];
    const taken = await scim.patch(`/Users/${a.id}`, patchOp({ op: 'replace', path: 'userName', value: b.userName }));
    expect(json(taken)).toMatchObject({ status: '409', scimType: 'uniqueness' });

    if (kind === 'postgres') {
      // b takes the name in a transaction not yet committed: a's rename passes the read, waits on the
      // unique index, and loses once b commits. The index's answer is the same 409, not a 500.
      const wanted = `rename-race@${domain}`;
      let renamed: Promise<{ statusCode: number; body: string }> | undefined;
      await t.hub.db.transaction(async (tx) => {
        await tx.execute(
          sql`update scim_users set user_name = ${wanted}, user_name_key = ${wanted} where user_id = ${b.id}`,
        );
        renamed = scim.patch(`/Users/${a.id}`, patchOp({ op: 'replace', path: 'userName', value: wanted }));
        await expect
          .poll(async () => {
            const [{ n }] = (await rows(
              t.hub.db,
              sql`select count(*)::int as n from pg_stat_activity
                  where wait_event_type = 'Lock' and query ilike '%update "scim_users"%'`,
            )) as { n: number }[];
            return n;
          })
          .toBe(1);
      });
      const res = await renamed!;
      expect(json(res as never)).toMatchObject({ status: '409', scimType: 'uniqueness' });
    }
    expect(json(await scim.get(`/Users/${a.id}`)).userName).toBe(`rename-a@${domain}`);
  });

  it("DELETE removes the membership only; one organization's token reaches nothing of another's", async () => {
    const email = `del@${domain}`;
    const u = json(await scim.post('/Users', userBody(email)));
    // Beta's directory cannot read, change or delete Acme's user, by Acme's URL or its own.
    expect((await betaScim.get(`/Users/${u.id}`)).statusCode).toBe(404);
    expect(
      (await betaScim.patch(`/Users/${u.id}`, patchOp({ op: 'replace', path: 'active', value: false }))).statusCode,
    ).toBe(404);
    expect((await betaScim.delete(`/Users/${u.id}`)).statusCode).toBe(404);
    const crossUrl = directory(t, base(acme), (await betaToken()).token);
    expect((await crossUrl.get(`/Users/${u.id}`)).statusCode).toBe(401);
    expect((await crossUrl.get('/Users')).statusCode).toBe(401);
    expect(json(await betaScim.get('/Users')).totalResults).toBe(0);
    expect(await rolesOf(t, acme.id, u.id)).toEqual(['member']);
    const del = await scim.delete(`/Users/${u.id}`);
    expect(del.statusCode).toBe(204);
    expect(await rolesOf(t, acme.id, u.id)).toBeNull();
    expect((await scim.get(`/Users/${u.id}`)).statusCode).toBe(404);
    const [account] = await t.hub.db.select().from(platformUsers).where(eq(platformUsers.id, u.id));
    expect(account.isActive).toBe(true);
  });

  it('limits each token to HUB_SCIM_REQUESTS_PER_MINUTE calls a minute (429 with Retry-After)', async () => {
    const made = await t.client
      .asBrowser(owner.cookie)
      .post(`/api/orgs/${acme.id}/scim-tokens`, { body: { name: 'busy' } });
    const { token, scim_token } = made.json();
    const busy = directory(t, base(acme), token);
    expect((await busy.get('/ServiceProviderConfig')).statusCode).toBe(200);
    await t.hub.db
      .update(rateLimitCounters)
      .set({ count: t.hub.config.scimRequestsPerMinute })
      .where(eq(rateLimitCounters.key, counterKey(t.hub.config.masterKey!, 'scim', scim_token.id)));
    const limited = await busy.get('/ServiceProviderConfig');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(json(limited)).toMatchObject({ schemas: [ERROR], status: '429' });
    // Another token of the same organization is not slowed down.
    expect((await scim.get('/ServiceProviderConfig')).statusCode).toBe(200);
  });

  it('logs the calls, errors included, for the organization page', async () => {
    await expect
      .poll(async () => (await t.client.asBrowser(owner.cookie).get(`/api/orgs/${acme.id}/scim`)).json().calls.length)
      .toBeGreaterThan(10);
    const { calls } = (await t.client.asBrowser(owner.cookie).get(`/api/orgs/${acme.id}/scim`)).json();
    expect(
      calls.some((c: { status: number; scim_type: string | null }) => c.status === 409 && c.scim_type === 'uniqueness'),
    ).toBe(true);
    expect(JSON.stringify(calls)).not.toContain('filter=');
    expect(calls.map((c: { path: string }) => c.path)).toContain('/Users');
  });

  async function betaToken() {
    const res = await t.client
      .asBrowser(eco.cookie)
      .post(`/api/admin/orgs/${beta.id}/scim-tokens`, { body: { name: 'x' } });
    return res.json() as { token: string };
  }
});
