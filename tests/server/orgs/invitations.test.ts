import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { TEST_DATABASES } from '../../helpers/test-hub';
import { useTestHub } from '../../helpers/use-test-hub';
import { sessionCookieFor } from '../../helpers/fixtures';
import { rows } from '../../../src/server/db/client';
import { devOutbox } from '../../../src/server/auth/mailer';
import { platformUsers } from '../../../src/server/db/schema/index';
import { auditOf, person, rolesOf, seedOrg, type Person } from './org-fixtures';

/** The link of the last invitation mailed to `email` (dev outbox), polled: the mail is sent after the answer. */
async function linkMailedTo(email: string, after = 0): Promise<string> {
  await expect
    .poll(() => devOutbox.filter((m) => m.to === email && m.subject.startsWith('You are invited')).length)
    .toBeGreaterThan(after);
  const mails = devOutbox.filter((m) => m.to === email && m.subject.startsWith('You are invited'));
  return mails[mails.length - 1].link!;
}
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

describe.each(TEST_DATABASES)('organizations: invitations [%s]', (kind) => {
  const t = useTestHub(kind);
  let owner: Person;
  let eco: Person;
  let orgId: string;
  beforeAll(async () => {
    owner = await person(t);
    eco = await person(t, { roles: ['user', 'platform_admin'] });
    orgId = (await seedOrg(t, [{ user: owner.user, roles: ['owner'] }])).id;
    await t.client.asBrowser(eco.cookie).post('/api/admin/org-roles', { body: { name: 'recruiter' } });
  });

  const invite = (email: string, role = 'recruiter', cookie = owner.cookie) =>
    t.client.asBrowser(cookie).post(`/api/orgs/${orgId}/invitations`, { body: { email, role } });

  it('mails a single-use link, stores only its hash, and joins only the invited, verified address', async () => {
    const email = `recruiter-${kind}@hiring.test`;
    const res = await invite(email.toUpperCase());
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().invitation).toMatchObject({ email, role: 'recruiter', status: 'pending' });
    const link = await linkMailedTo(email);
    expect(link).toMatch(new RegExp(`^${t.hub.config.publicUrl}/invitations/accept\\?token=`));
    const token = tokenOf(link);
    const stored = await rows(t.hub.db, sql`select * from organization_invitations`);
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(JSON.stringify(await auditOf(t, 'org_invitation_sent'))).not.toContain(token);

    const someoneElse = await person(t, { email: `other-${kind}@hiring.test` });
    const foreign = await t.client.asBrowser(someoneElse.cookie).post('/api/invitations/accept', { body: { token } });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.message).toContain('another email address');

    const invitee = await person(t, { email });
    const unverified = await t.client.asBrowser(invitee.cookie).post('/api/invitations/accept', { body: { token } });
    expect(unverified.statusCode).toBe(400);
    expect(unverified.json().error.message).toContain('Verify your email');
    expect(await rolesOf(t, orgId, invitee.user.id)).toBeNull();

    await t.hub.db
      .update(platformUsers)
      .set({ emailVerifiedAt: t.hub.clock() })
      .where(eq(platformUsers.id, invitee.user.id));
    const ok = await t.client.asBrowser(invitee.cookie).post('/api/invitations/accept', { body: { token } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().organization).toMatchObject({ id: orgId, roles: ['member', 'recruiter'] });
    expect(await rolesOf(t, orgId, invitee.user.id)).toEqual(['member', 'recruiter']);
    const again = await t.client.asBrowser(invitee.cookie).post('/api/invitations/accept', { body: { token } });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toContain('already accepted');
    const reasons = (await auditOf(t, 'org_invitation_refused')).map((r) => (r.details as { reason: string }).reason);
    expect(reasons).toEqual(expect.arrayContaining(['other_email', 'email_unverified', 'used']));
    expect(await auditOf(t, 'org_invitation_accepted')).toHaveLength(1);
    const list = await t.client.get(`/api/orgs/${orgId}/invitations`, { cookie: owner.cookie });
    expect(list.json().invitations).toEqual([expect.objectContaining({ email, status: 'accepted' })]);
  });

  it('answers an invitation the same whether or not the address has an account', async () => {
    const known = (await person(t, { email: `known-${kind}@hiring.test` })).user.email;
    const a = await invite(known, 'member');
    const b = await invite(`unknown-${kind}@hiring.test`, 'member');
    const shape = (body: string) => {
      const inv = JSON.parse(body).invitation;
      return Object.keys(inv).sort().concat(inv.status, inv.role);
    };
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(shape(a.body)).toEqual(shape(b.body));
    const textOf = (to: string) => {
      const mail = devOutbox.find((m) => m.to === to)!;
      return mail.text.replace(mail.link!, 'LINK');
    };
    await linkMailedTo(known);
    await linkMailedTo(`unknown-${kind}@hiring.test`);
    expect(textOf(known)).toBe(textOf(`unknown-${kind}@hiring.test`));
  });

  it('refuses expired and revoked links; resending replaces the link; one pending invitation per address', async () => {
    const email = `late-${kind}@hiring.test`;
    const invitee = await person(t, { email });
    await t.hub.db
      .update(platformUsers)
      .set({ emailVerifiedAt: t.hub.clock() })
      .where(eq(platformUsers.id, invitee.user.id));
    const first = await invite(email, 'member');
    const id = first.json().invitation.id;
    const firstToken = tokenOf(await linkMailedTo(email));
    expect((await invite(email, 'member')).statusCode).toBe(409);
    t.clock.advance(7 * 86_400_000 + 1000);
    // Sessions end while a week passes: both sign in again.
    invitee.cookie = await sessionCookieFor(t.hub, invitee.user);
    owner.cookie = await sessionCookieFor(t.hub, owner.user);
    const expired = await t.client
      .asBrowser(invitee.cookie)
      .post('/api/invitations/accept', { body: { token: firstToken } });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error.message).toContain('expired');
    const resent = await t.client
      .asBrowser(owner.cookie)
      .post(`/api/orgs/${orgId}/invitations/${id}/resend`, { body: {} });
    expect(resent.statusCode, resent.body).toBe(200);
    const secondToken = tokenOf(await linkMailedTo(email, 1));
    expect(secondToken).not.toBe(firstToken);
    expect(
      (await t.client.asBrowser(invitee.cookie).post('/api/invitations/accept', { body: { token: firstToken } }))
        .statusCode,
    ).toBe(400);
    expect((await t.client.asBrowser(owner.cookie).delete(`/api/orgs/${orgId}/invitations/${id}`)).statusCode).toBe(
      200,
    );
    const revoked = await t.client
      .asBrowser(invitee.cookie)
      .post('/api/invitations/accept', { body: { token: secondToken } });
    expect(revoked.statusCode).toBe(400);
    expect(revoked.json().error.message).toContain('withdrawn');
    expect(await rolesOf(t, orgId, invitee.user.id)).toBeNull();
    expect((await t.client.asBrowser(owner.cookie).delete(`/api/orgs/${orgId}/invitations/${id}`)).statusCode).toBe(
      409,
    );
    expect(await auditOf(t, 'org_invitation_revoked')).toHaveLength(1);
  });

  it('lets only owners invite owners, and refuses an address that is already a member', async () => {
    const admin = await person(t);
    await t.client
      .asBrowser(owner.cookie)
      .post(`/api/orgs/${orgId}/invitations`, { body: { email: admin.user.email, role: 'admin' } });
    const org = await seedOrg(t, [
      { user: owner.user, roles: ['owner'] },
      { user: admin.user, roles: ['admin'] },
    ]);
    const asAdmin = t.client.asBrowser(admin.cookie);
    expect(
      (await asAdmin.post(`/api/orgs/${org.id}/invitations`, { body: { email: 'x@hiring.test', role: 'owner' } }))
        .statusCode,
    ).toBe(403);
    expect(
      (await asAdmin.post(`/api/orgs/${org.id}/invitations`, { body: { email: 'x@hiring.test', role: 'nobody_role' } }))
        .statusCode,
    ).toBe(400);
    expect(
      (await asAdmin.post(`/api/orgs/${org.id}/invitations`, { body: { email: owner.user.email } })).statusCode,
    ).toBe(409);
    expect(
      (await asAdmin.post(`/api/orgs/${org.id}/invitations`, { body: { email: 'not-an-email' } })).statusCode,
    ).toBe(400);
  });
});
