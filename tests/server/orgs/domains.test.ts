import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CSRF, createTestHub, TEST_DATABASES, type TestHub } from '../../helpers/test-hub';
import { FIXTURE_PASSWORD } from '../../helpers/fixtures';
import { platformUsers } from '../../../src/server/db/schema/index';
import { startDnsServer } from './dns-server';
import { auditOf, person, rolesOf, seedOrg, type Person } from './org-fixtures';
import type { Organization } from '../../../src/server/db/schema/index';

describe.each(TEST_DATABASES)('organizations: domains, DNS proof and domain membership [%s]', (kind) => {
  let t: TestHub;
  let dns: Awaited<ReturnType<typeof startDnsServer>>;
  let owner: Person;
  let eco: Person;
  let org: Organization;
  const domain = `acme-${kind}.test`;
  beforeAll(async () => {
    dns = await startDnsServer();
    t = await createTestHub(kind, { config: { dnsServers: [dns.address] } });
    owner = await person(t);
    eco = await person(t, { roles: ['user', 'platform_admin'] });
    org = await seedOrg(t, [{ user: owner.user, roles: ['owner'] }], 'Acme');
  });
  afterAll(async () => {
    await t?.close();
    await dns?.close();
  });

  const as = () => t.client.asBrowser(owner.cookie);
  const verify = (d: string, o = org.id) => as().post(`/api/orgs/${o}/domains/${d}/verify`, { body: {} });
  /** A user with a verified (or not) address who signs in with the password, through the API. */
  async function signInAs(email: string, verified: boolean) {
    const p = await person(t, { email });
    if (verified)
      await t.hub.db
        .update(platformUsers)
        .set({ emailVerifiedAt: t.hub.clock() })
        .where(eq(platformUsers.id, p.user.id));
    const res = await t.client.post('/api/auth/sign-in', {
      headers: CSRF,
      body: { email, password: FIXTURE_PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(200);
    return p.user;
  }

  it('never lets a public mail domain be claimed', async () => {
    for (const d of ['gmail.com', 'outlook.com', 'mail.yahoo.com', 'proton.me', 'ICLOUD.com']) {
      const res = await as().post(`/api/orgs/${org.id}/domains`, { body: { domain: d } });
      expect({ d, status: res.statusCode }).toEqual({ d, status: 400 });
    }
    expect((await as().post(`/api/orgs/${org.id}/domains`, { body: { domain: 'not a domain' } })).statusCode).toBe(400);
  });

  it('proves a domain by its TXT record, asked of the configured DNS server', async () => {
    const claimed = await as().post(`/api/orgs/${org.id}/domains`, { body: { domain: domain.toUpperCase() } });
    expect(claimed.statusCode, claimed.body).toBe(201);
    const { record_name, record_value } = claimed.json().domain;
    expect(claimed.json().domain).toMatchObject({ domain, verified: false, record_name: `_hub-challenge.${domain}` });
    expect(record_value).toMatch(/^hub-verification=\S{20,}$/);
    expect((await as().post(`/api/orgs/${org.id}/domains`, { body: { domain } })).statusCode).toBe(409);

    const missing = await verify(domain);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toContain(record_name);
    expect(dns.asked).toContain(`TXT ${record_name}`);
    dns.records.set(record_name, ['hub-verification=someone-elses-token']);
    expect((await verify(domain)).statusCode).toBe(400);
    expect(
      (await auditOf(t, 'org_domain_verification_failed')).map((r) => (r.details as { reason: string }).reason),
    ).toEqual(['missing', 'missing']);
    dns.records.set(record_name, ['v=spf1 -all', record_value]);
    const ok = await verify(domain);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().domain).toMatchObject({ domain, verified: true, method: 'dns' });
    expect((await auditOf(t, 'org_domain_verified')).map((r) => r.details)).toEqual([
      { org_id: org.id, domain, method: 'dns' },
    ]);
  });

  it('lets only one organization hold a domain verified', async () => {
    const other = await seedOrg(t, [{ user: owner.user, roles: ['owner'] }], 'Other');
    const res = await as().post(`/api/orgs/${other.id}/domains`, { body: { domain } });
    expect(res.statusCode).toBe(409);
  });

  it('verifies by an ecosystem admin’s explicit approval, audited as such', async () => {
    const second = `approved-${kind}.test`;
    expect((await as().post(`/api/orgs/${org.id}/domains`, { body: { domain: second } })).statusCode).toBe(201);
    const approved = await t.client
      .asBrowser(eco.cookie)
      .post(`/api/admin/orgs/${org.id}/domains/${second}/verify`, { body: {} });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().domain).toMatchObject({ verified: true, method: 'admin' });
    const [row] = (await auditOf(t, 'org_domain_verified')).filter(
      (r) => (r.details as { domain: string }).domain === second,
    );
    expect(row).toMatchObject({ userId: eco.user.id, details: { method: 'admin' } });
    expect(dns.asked).not.toContain(`TXT _hub-challenge.${second}`);
  });

  it('joins users with a verified address in the domain on sign-in, with the default role, audited', async () => {
    const verified = await signInAs(`alice@${domain}`, true);
    const unverified = await signInAs(`bob@${domain}`, false);
    const elsewhere = await signInAs(`carol@other-${kind}.test`, true);
    expect(await rolesOf(t, org.id, verified.id)).toEqual(['member']);
    expect(await rolesOf(t, org.id, unverified.id)).toBeNull();
    expect(await rolesOf(t, org.id, elsewhere.id)).toBeNull();
    const joined = (await auditOf(t, 'org_member_added')).filter(
      (r) => (r.details as { via: string }).via === 'domain',
    );
    expect(joined.map((r) => [r.userId, r.details])).toEqual([
      [verified.id, { org_id: org.id, target_user_id: verified.id, roles: ['member'], via: 'domain' }],
    ]);
    // Signing in again changes nothing (already a member).
    await t.client.post('/api/auth/sign-in', {
      headers: CSRF,
      body: { email: verified.email, password: FIXTURE_PASSWORD },
    });
    expect(
      (await auditOf(t, 'org_member_added')).filter((r) => (r.details as { via: string }).via === 'domain'),
    ).toHaveLength(1);
  });

  it('stops joining once the domain is removed', async () => {
    expect((await as().delete(`/api/orgs/${org.id}/domains/${domain}`)).statusCode).toBe(200);
    const late = await signInAs(`dave@${domain}`, true);
    expect(await rolesOf(t, org.id, late.id)).toBeNull();
    const list = await t.client.get(`/api/orgs/${org.id}/domains`, { cookie: owner.cookie });
    expect(list.json().domains.map((d: { domain: string }) => d.domain)).toEqual([`approved-${kind}.test`]);
  });
});
