import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { TEST_DATABASES } from '../../helpers/test-hub';
import { createUser, FIXTURE_PASSWORD, sessionCookieFor, signedInUser } from '../../helpers/fixtures';
import { cookieFrom } from '../../helpers/cookies';
import { useTestHub } from '../../helpers/use-test-hub';
import { seedInvitation, seedOrg } from '../orgs/org-fixtures';
import { rows } from '../../../src/server/db/client';
import { organizationMembers, type PlatformUser } from '../../../src/server/db/schema/index';
import { PERSONAL_TABLES } from '../../../src/server/db/personal-tables';
import { sweepDueDeletions } from '../../../src/server/account/erasure';
import { countSubjectKeys } from '../../../src/server/audit/subject-key-queries';
import { ERASED_PERSON } from '../../../src/server/audit/shredding';
import type { PersonalDataExport } from '../../../src/shared/api/privacy';

/** Tables with a person's id or email that the export and erasure leave to their own rules (db/personal-tables.ts). */
const LEFT_ALONE = ['audit_logs', 'audit_subject_keys', 'backchannel_logouts', 'account_deletions'];

describe.each(TEST_DATABASES)('my data: export and erasure (issue 41) [%s]', (kind) => {
  const t = useTestHub(kind);
  const A = {
    ip: `10.41.7.${kind === 'pglite' ? 9 : 10}`,
    ua: 'PrivacyAgent/41 (erase-me)',
    name: 'Zelda Quarrington',
  };
  const B = { ip: '10.42.8.8', ua: 'OtherAgent/42 (keep-me)' };
  let a: PlatformUser;
  let b: PlatformUser;
  let aCookie: string;
  let orgId: string;

  const asA = (cookie: string) => ({ cookie, remoteAddress: A.ip, headers: { 'user-agent': A.ua } });

  /** Every text, array and JSON column of every table, as information_schema lists them. */
  async function scan(needle: string): Promise<string[]> {
    const columns = await rows<{ table_name: string; column_name: string }>(
      t.hub.db,
      sql`select table_name, column_name from information_schema.columns
           where table_schema = current_schema()
             and data_type in ('text', 'character varying', 'json', 'jsonb', 'ARRAY')
             and table_name not like '\\_\\_%'`,
    );
    expect(columns.length).toBeGreaterThan(50);
    const hits: string[] = [];
    for (const c of columns) {
      const [r] = await rows<{ n: number }>(
        t.hub.db,
        sql`select count(*)::int as n from ${sql.identifier(c.table_name)}
             where position(lower(${needle}) in lower(${sql.identifier(c.column_name)}::text)) > 0`,
      );
      if (Number(r.n) > 0) hits.push(`${c.table_name}.${c.column_name}`);
    }
    return hits;
  }

  beforeAll(async () => {
    a = await createUser(t.hub, { fullName: A.name, email: `zelda-${kind}@privacy.test` });
    const other = await signedInUser(t.hub, ['user'], { email: `bob-${kind}@privacy.test` });
    b = other.user;
    // A signs in through the API from their own address and browser: a session, counters, audit rows.
    const wrong = await t.client.post('/api/auth/sign-in', {
      csrf: true,
      ...asA(''),
      body: { email: a.email, password: 'Not-Her-Password-1!' },
    });
    expect(wrong.statusCode).toBe(401);
    const ok = await t.client.post('/api/auth/sign-in', {
      csrf: true,
      ...asA(''),
      body: { email: a.email, password: FIXTURE_PASSWORD },
    });
    expect(ok.statusCode).toBe(200);
    aCookie = cookieFrom(ok)!;
    const forgot = await t.client.post('/api/auth/password/forgot', {
      csrf: true,
      ...asA(''),
      body: { email: a.email },
    });
    expect(forgot.statusCode).toBe(202);
    const events = await t.client.post('/api/audit/events', {
      csrf: true,
      ...asA(aCookie),
      body: { events: [{ event_type: 'admin_panel_access', severity: 'low', details: { url: 'http://x/account' } }] },
    });
    expect(events.statusCode).toBe(202);
    // B's own traces, which A's export must not hold and A's erasure must not touch.
    await t.client.post('/api/audit/events', {
      csrf: true,
      cookie: other.cookie,
      remoteAddress: B.ip,
      headers: { 'user-agent': B.ua },
      body: { events: [{ event_type: 'admin_panel_access', severity: 'low', details: { url: 'http://x/bob' } }] },
    });
    // An organization B owns with A as a member; an invitation from it addressed to A.
    const org = await seedOrg(t, [
      { user: b, roles: ['owner'] },
      { user: a, roles: ['member'] },
    ]);
    orgId = org.id;
    await seedInvitation(t, org.id, a.email);
    await seedInvitation(t, org.id, b.email);
  });

  it('derives the personal tables from the schema: every table with a user_id or email column is covered', async () => {
    const found = await rows<{ table_name: string }>(
      t.hub.db,
      // A partition (audit_logs' months) is its parent's table, not one of its own.
      sql`select distinct table_name from information_schema.columns
           where table_schema = current_schema() and column_name in ('user_id', 'email')
             and not (select relispartition from pg_class where oid = to_regclass(quote_ident(table_name)))`,
    );
    const covered = new Set([...PERSONAL_TABLES.map((p) => p.name), ...LEFT_ALONE, 'platform_users']);
    expect(found.map((r) => r.table_name).filter((n) => !covered.has(n))).toEqual([]);
  });

  it('GET /api/me/export: step-up, every table’s rows about the person, nothing of anyone else’s, audited', async () => {
    const res = await t.client.get('/api/me/export', asA(aCookie));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/attachment/);
    const data = res.json<PersonalDataExport>();
    expect(data.format).toBe('ecosystem-hub-personal-data/v1');
    expect(data.profile).toMatchObject({ id: a.id, email: a.email, full_name: A.name });
    // Every personal table: the export holds exactly the person's rows, counted independently here.
    for (const table of PERSONAL_TABLES) {
      const where = [
        ...table.owners.map((c) => sql`${sql.identifier(c)} = ${a.id}::uuid`),
        ...(table.email ? [sql`lower(${sql.identifier(table.email)}) = ${a.email}`] : []),
      ];
      if (!where.length) continue;
      const [r] = await rows<{ n: number }>(
        t.hub.db,
        sql`select count(*)::int as n from ${sql.identifier(table.name)} where ${sql.join(where, sql` or `)}`,
      );
      expect(data.tables[table.name]?.length ?? 0, table.name).toBe(Number(r.n));
    }
    expect(data.tables.auth_sessions?.length).toBeGreaterThan(0);
    expect(data.tables.organization_members).toHaveLength(1);
    expect(data.tables.organization_invitations).toHaveLength(1);
    // Never a secret, never another person.
    const text = JSON.stringify(data);
    for (const secret of ['session_token_hash', 'token_hash', 'password_hash', 'secret_enc'])
      expect(text).not.toContain(secret);
    for (const theirs of [b.email, b.id, B.ip, B.ua]) expect(text).not.toContain(theirs);
    // The audit events about A, with A's own data opened.
    const signIn = data.audit_events.find((e) => e.event_type === 'sign_in_success');
    expect(signIn).toMatchObject({ ip_address: A.ip, user_agent: A.ua, details: { email: a.email } });
    const exported = await rows<{ n: number }>(
      t.hub.db,
      sql`select count(*)::int as n from audit_logs where event_type = 'personal_data_exported' and user_id = ${a.id}::uuid`,
    );
    expect(Number(exported[0].n)).toBe(1);
  });

  it('export and deletion need a recent sign-in (step-up)', async () => {
    t.clock.advanceMinutes(11);
    const res = await t.client.get('/api/me/export', asA(aCookie));
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('reauthentication_required');
    const del = await t.client.post('/api/me/deletion', {
      csrf: true,
      ...asA(aCookie),
      body: { confirmation: a.email },
    });
    expect(del.statusCode).toBe(403);
    const again = await t.client.post('/api/auth/reauthenticate', {
      csrf: true,
      ...asA(aCookie),
      body: { password: FIXTURE_PASSWORD },
    });
    expect(again.statusCode, again.body).toBe(200);
  });

  it('schedules erasure after the grace period with a typed confirmation; the last owner hands over first; cancel works', async () => {
    const post = (confirmation: string) =>
      t.client.post('/api/me/deletion', { csrf: true, ...asA(aCookie), body: { confirmation } });
    const mismatch = await post('not-my-email@privacy.test');
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error.code).toBe('confirmation_mismatch');
    // A as the only owner of another organization: refused until someone else owns it too.
    const sole = await seedOrg(t, [{ user: a, roles: ['owner'] }], 'Zelda Solo');
    const refused = await post(a.email);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'sole_owner', organizations: [{ id: sole.id }] });
    await t.hub.db
      .insert(organizationMembers)
      .values({ orgId: sole.id, userId: b.id, roles: ['owner'], joinedVia: 'admin' });

    const scheduled = await post(` ${a.email.toUpperCase()} `);
    expect(scheduled.statusCode, scheduled.body).toBe(202);
    const due = new Date(t.clock.now().getTime() + 14 * 86_400_000).toISOString();
    expect(scheduled.json()).toEqual({
      scheduled: true,
      requested_at: t.clock.now().toISOString(),
      due_at: due,
      erased: false,
      awaiting_approval: false,
    });
    expect((await t.client.get('/api/me/deletion', asA(aCookie))).json()).toMatchObject({
      scheduled: true,
      due_at: due,
    });

    const cancelled = await t.client.delete('/api/me/deletion', { csrf: true, ...asA(aCookie) });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().scheduled).toBe(false);
    expect((await t.client.get('/api/me/deletion', asA(aCookie))).json().scheduled).toBe(false);
    t.clock.advance(15 * 86_400_000);
    expect(await sweepDueDeletions(t.hub)).toBe(0);
    // The session ended with the clock; that request is anonymous (from another address: rows of
    // requests without a person keep their address, docs/security.md).
    expect((await t.client.get('/api/me', { cookie: aCookie, remoteAddress: '10.99.0.1' })).statusCode).toBe(401);
  });

  it('erases after the grace period: no row holds the email, name or IP; the chain verifies; the viewer says "erased person"', async () => {
    // Signed in again (the clock moved past the session's lifetime), and scheduled again.
    const ok = await t.client.post('/api/auth/sign-in', {
      csrf: true,
      ...asA(''),
      body: { email: a.email, password: FIXTURE_PASSWORD },
    });
    aCookie = cookieFrom(ok)!;
    const scheduled = await t.client.post('/api/me/deletion', {
      csrf: true,
      ...asA(aCookie),
      body: { confirmation: a.email },
    });
    expect(scheduled.statusCode).toBe(202);
    expect(await sweepDueDeletions(t.hub)).toBe(0);
    // Before the erasure the scan finds the person (it would find them after too, if anything were left).
    expect(await scan(a.email)).toContain('platform_users.email');
    expect(await scan(A.ip)).toContain('auth_sessions.ip_address');

    t.clock.advance(14 * 86_400_000 + 1000);
    expect(await sweepDueDeletions(t.hub)).toBe(1);
    expect(await sweepDueDeletions(t.hub)).toBe(0);

    for (const needle of [a.email, A.name, A.ip, A.ua]) expect(await scan(needle), needle).toEqual([]);
    // B's traces are untouched, so the scan does see what is there.
    expect(await scan(b.email)).toEqual(expect.arrayContaining(['platform_users.email']));
    expect(await countSubjectKeys(t.hub.db, a.id)).toBe(0);
    expect((await t.client.get('/api/me', asA(aCookie))).statusCode).toBe(401);
    const [member] = await rows<{ n: number }>(
      t.hub.db,
      sql`select count(*)::int as n from organization_members where org_id = ${orgId}::uuid`,
    );
    expect(Number(member.n)).toBe(1);

    const verified = await t.hub.audit.verifyChain();
    expect(verified.ok, JSON.stringify(verified)).toBe(true);

    const admin = await signedInUser(t.hub, ['platform_admin']);
    const page = await t.client.get(`/api/admin/audit?user_id=${a.id}&limit=100`, { cookie: admin.cookie });
    expect(page.statusCode, page.body).toBe(200);
    const events = page.json<{
      events: { event_type: string; ip_address: string; user_agent: string; details: { email?: string } }[];
    }>().events;
    const signIn = events.find((e) => e.event_type === 'sign_in_success')!;
    expect(signIn).toMatchObject({
      ip_address: ERASED_PERSON,
      user_agent: ERASED_PERSON,
      details: { email: ERASED_PERSON },
    });
    const erased = await rows<{ details: { target_user_id: string; by: string } }>(
      t.hub.db,
      sql`select details from audit_logs where event_type = 'account_erased'`,
    );
    expect(erased.map((r) => r.details)).toEqual([expect.objectContaining({ target_user_id: a.id, by: 'self' })]);
    // The organization A belonged to hears that A left (org.member_removed), as for any other way out.
    const left = await rows<{ details: { org_id: string; target_user_id: string; by: string } }>(
      t.hub.db,
      sql`select details from audit_logs where event_type = 'org_member_removed'`,
    );
    // B's organization and the one A owned with B (the earlier test): two rows, both about A.
    expect(left.map((r) => r.details)).toHaveLength(2);
    expect(left.map((r) => r.details)).toContainEqual({ org_id: orgId, target_user_id: a.id, by: 'self' });
    expect(left.every((r) => r.details.target_user_id === a.id && r.details.by === 'self')).toBe(true);
  });

  it("an administrator's erasure of an administrator waits for a second, independent administrator", async () => {
    const first = await createUser(t.hub, { roles: ['platform_admin'] });
    const second = await createUser(t.hub, { roles: ['platform_admin'] });
    const target = await createUser(t.hub, { roles: ['platform_admin'], email: `admin-target-${kind}@privacy.test` });
    const plain = await createUser(t.hub);
    const as = async (u: PlatformUser) => ({ cookie: await sessionCookieFor(t.hub, u), csrf: true });

    const forPlain = await t.client.post(`/api/admin/users/${plain.id}/deletion`, { ...(await as(first)), body: {} });
    expect(forPlain.statusCode, forPlain.body).toBe(202);
    expect(forPlain.json()).toMatchObject({ scheduled: true, awaiting_approval: false });
    const forAdmin = await t.client.post(`/api/admin/users/${target.id}/deletion`, { ...(await as(first)), body: {} });
    expect(forAdmin.statusCode, forAdmin.body).toBe(202);
    expect(forAdmin.json()).toMatchObject({ scheduled: true, awaiting_approval: true });
    // A plain user cannot reach the route at all.
    const refusedPlain = await t.client.post(`/api/admin/users/${target.id}/deletion`, { ...(await as(b)), body: {} });
    expect(refusedPlain.statusCode).toBe(403);

    t.clock.advance(15 * 86_400_000);
    // Only the plain account goes: the administrator's erasure has no second approver yet.
    expect(await sweepDueDeletions(t.hub)).toBe(1);
    const self = await t.client.post(`/api/admin/users/${target.id}/deletion/approve`, {
      ...(await as(first)),
      body: {},
    });
    expect(self.statusCode).toBe(403);
    expect(self.json().error.code).toBe('self_approval');
    expect(await sweepDueDeletions(t.hub)).toBe(0);
    const approved = await t.client.post(`/api/admin/users/${target.id}/deletion/approve`, {
      ...(await as(second)),
      body: {},
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ scheduled: true, awaiting_approval: false });
    expect(await sweepDueDeletions(t.hub)).toBe(1);
    expect(await scan(target.email)).toEqual([]);
    expect((await t.hub.audit.verifyChain()).ok).toBe(true);
  });
});
