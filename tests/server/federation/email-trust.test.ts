import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { TEST_DATABASES } from '../../helpers/test-hub';
import { useTestHub } from '../../helpers/use-test-hub';
import { cookieFrom } from '../../helpers/cookies';
import { createUser, signedInUser } from '../../helpers/fixtures';
import { devOutbox } from '../../../src/server/auth/mailer';
import { federatedIdentities, organizationMembers, platformUsers } from '../../../src/server/db/schema/index';
import { LINK_COOKIE } from '../../../src/server/federation/pending-link';
import { forgetClaimedDomains } from '../../../src/server/orgs/domain-join';
import { seedDomain, seedOrg } from '../orgs/org-fixtures';
import { startUpstream, type Upstream } from './upstream-provider';
import { auditRowsOf, callbackOf, registerUpstream, sessionOf, signInVia } from './federation-helpers';

/**
 * Which upstream emails the hub takes as verified (issue 38): only a provider trusted for
 * `email_verified`, saying so, for an address in its own `email_domains` when it lists any
 * (finding 7). An address the hub does not take as verified creates no account (finding 2) and
 * offers no link to the verified account that holds it, neither by re-authentication nor by mail
 * (finding 3); organization domain membership reads the same rule. Against real upstreams
 * (oidc-provider on 127.0.0.1).
 */
describe.each(TEST_DATABASES)('upstream email trust [%s]', (kind) => {
  const t = useTestHub(kind, { config: { outboundAllowPrivate: true } });
  let acme: Upstream;
  let partner: Upstream;

  beforeAll(async () => {
    acme = await startUpstream({ redirectUri: callbackOf(t, 'acme') });
    partner = await startUpstream({ redirectUri: callbackOf(t, 'partner') });
    const admin = (await signedInUser(t.hub, ['platform_admin'])).cookie;
    await registerUpstream(t, admin, 'acme', acme, { may_create_accounts: true, trusts_email_verified: true });
    await registerUpstream(t, admin, 'partner', partner, {
      may_create_accounts: true,
      trusts_email_verified: true,
      email_domains: ['partner.test'],
    });
  });
  afterAll(async () => {
    await acme?.close();
    await partner?.close();
  });

  const usersWithEmail = (email: string) => t.hub.db.select().from(platformUsers).where(eq(platformUsers.email, email));
  const identitiesOf = (subject: string) =>
    t.hub.db.select().from(federatedIdentities).where(eq(federatedIdentities.subject, subject));
  const reasonsOf = async (subject: string) =>
    (await auditRowsOf(t, 'federated_sign_in_refused', 'subject', subject)).map(
      (r) => (r.details as { reason: string }).reason,
    );

  async function verifiedUser(email: string) {
    const user = await createUser(t.hub, { email });
    await t.hub.db.update(platformUsers).set({ emailVerifiedAt: t.hub.clock() }).where(eq(platformUsers.id, user.id));
    return user;
  }

  it('finding 2: creates no account from an unverified upstream email', async () => {
    acme.accounts.set('una-sub', { email: 'una@acme.test', email_verified: false });
    const res = await signInVia(t, 'acme', 'una-sub');
    expect(res.statusCode, res.body).toBe(403);
    expect(await sessionOf(t, res)).toBeNull();
    expect(await usersWithEmail('una@acme.test')).toEqual([]);
    expect(await identitiesOf('una-sub')).toEqual([]);
    expect(await reasonsOf('una-sub')).toEqual(['unverified_upstream_email']);
  });

  it('finding 3: an unverified upstream email offers no link to the verified account holding it, and no mail', async () => {
    const vera = await verifiedUser('vera@acme.test');
    acme.accounts.set('vera-twin', { email: 'vera@acme.test', email_verified: false });
    const res = await signInVia(t, 'acme', 'vera-twin');
    expect(res.statusCode, res.body).toBe(403);
    expect(res.headers.location).toBeUndefined();
    expect(cookieFrom(res, LINK_COOKIE)).toBeUndefined();
    expect(await reasonsOf('vera-twin')).toEqual(['unverified_upstream_email']);
    expect(await auditRowsOf(t, 'federated_link_required', 'subject', 'vera-twin')).toEqual([]);
    // Nothing pending in this browser: no mail can be asked for.
    const mail = await t.client.asBrowser().post('/api/auth/sso/link/email', { body: {} });
    expect(mail.statusCode).toBe(400);
    expect(devOutbox.filter((m) => m.to === vera.email)).toEqual([]);
  });

  it('finding 3: the mailed link and its page name the identity being connected', async () => {
    await verifiedUser('nell@acme.test');
    acme.accounts.set('nell-upstream-7', { email: 'nell@acme.test', email_verified: true });
    const detour = await signInVia(t, 'acme', 'nell-upstream-7');
    expect(detour.headers.location).toBe('/auth?link=acme');
    const sent = await t.client
      .asBrowser(cookieFrom(detour, LINK_COOKIE))
      .post('/api/auth/sso/link/email', { body: {} });
    expect(sent.statusCode, sent.body).toBe(202);
    const mail = devOutbox.filter((m) => m.to === 'nell@acme.test').at(-1)!;
    for (const name of ['acme SSO', 'nell@acme.test', 'nell-upstream-7']) expect(mail.text).toContain(name);
    const page = await t.client.get(new URL(mail.link!).pathname);
    expect(page.statusCode).toBe(200);
    for (const name of ['acme SSO', 'nell@acme.test', 'nell-upstream-7']) expect(page.body).toContain(name);
    // An unknown link names nobody.
    expect((await t.client.get('/auth/sso/link/not-a-link')).statusCode).toBe(400);
  });

  it('finding 7: a provider listing its domains is believed for them only', async () => {
    partner.accounts.set('pam-sub', { email: 'pam@partner.test', email_verified: true });
    const own = await signInVia(t, 'partner', 'pam-sub');
    expect(own.statusCode, own.body).toBe(303);
    expect((await usersWithEmail('pam@partner.test'))[0]?.emailVerifiedAt).not.toBeNull();

    // Another company's address, "verified" by the partner's provider: no account, and no link to its owner.
    partner.accounts.set('pam-as-ceo', { email: 'ceo@acme.test', email_verified: true });
    const foreign = await signInVia(t, 'partner', 'pam-as-ceo');
    expect(foreign.statusCode).toBe(403);
    expect(await usersWithEmail('ceo@acme.test')).toEqual([]);
    await verifiedUser('cfo@acme.test');
    partner.accounts.set('pam-as-cfo', { email: 'cfo@acme.test', email_verified: true });
    const link = await signInVia(t, 'partner', 'pam-as-cfo');
    expect(link.statusCode).toBe(403);
    expect(cookieFrom(link, LINK_COOKIE)).toBeUndefined();
    expect([...(await reasonsOf('pam-as-ceo')), ...(await reasonsOf('pam-as-cfo'))]).toEqual([
      'unverified_upstream_email',
      'unverified_upstream_email',
    ]);
  });

  it('finding 7: domain membership follows the same rule: a foreign domain "verified" by a partner joins nothing', async () => {
    const owner = await verifiedUser('owner@globex.test');
    const org = await seedOrg(t, [{ user: owner, roles: ['owner'] }], 'Globex');
    await seedDomain(t, org.id, 'globex.test', true);
    forgetClaimedDomains(t.hub);
    partner.accounts.set('pam-as-globex', { email: 'new.hire@globex.test', email_verified: true });
    const res = await signInVia(t, 'partner', 'pam-as-globex');
    expect(res.statusCode).toBe(403);
    const [hire] = await usersWithEmail('new.hire@globex.test');
    const members = hire
      ? await t.hub.db
          .select()
          .from(organizationMembers)
          .where(and(eq(organizationMembers.orgId, org.id), eq(organizationMembers.userId, hire.id)))
      : [];
    expect(members).toEqual([]);
    expect(hire).toBeUndefined();
  });
});
