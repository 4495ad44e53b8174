import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CSRF, TEST_DATABASES } from '../../helpers/test-hub';
import { useTestHub } from '../../helpers/use-test-hub';
import { createUser, FIXTURE_PASSWORD, signedInUser } from '../../helpers/fixtures';
import { platformUsers } from '../../../src/server/db/schema/index';
import { forgetClaimedDomains } from '../../../src/server/orgs/domain-join';
import { auditOf, person, seedDomain, seedOrg } from './org-fixtures';
import { startUpstream, type Upstream } from '../federation/upstream-provider';

/**
 * Issue 29's "members of claimed domains are routed to it and cannot use a password": home-realm
 * discovery (POST /api/auth/discover) names the provider an organization requires for its
 * verified domains, when no provider claims the domain itself; a password sign-in of a verified
 * address there is refused with the provider named — and only then.
 */
describe.each(TEST_DATABASES)('organizations: SSO routing by claimed domain [%s]', (kind) => {
  // A provider saved enabled passes its connection test first (issue 46): both are one real upstream on loopback.
  const t = useTestHub(kind, { config: { outboundAllowPrivate: true } });
  let upstream: Upstream;
  beforeAll(async () => {
    const callback = (slug: string) => `${t.hub.config.publicUrl}/auth/sso/${slug}/callback`;
    upstream = await startUpstream({ redirectUri: [callback('globex-sso'), callback('initech-sso')] });
  });
  afterAll(() => upstream.close());

  it('routes a verified domain of an organization that requires SSO to its provider; nothing else', async () => {
    const admin = (await signedInUser(t.hub, ['platform_admin'])).cookie;
    const registered = await t.client.asBrowser(admin).post('/api/admin/identity-providers', {
      body: {
        protocol: 'oidc',
        slug: 'globex-sso',
        display_name: 'Globex SSO',
        issuer: upstream.issuer,
        client_id: upstream.clientId,
        client_secret: 'upstream-client-secret-do-not-leak-1234',
      },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const providerId = registered.json().provider.id as string;
    const owner = await person(t);
    const org = await seedOrg(t, [{ user: owner.user, roles: ['owner'] }], 'Globex');
    await seedDomain(t, org.id, 'globex.test', true);
    await seedDomain(t, org.id, 'globex-pending.test', false);
    const discover = async (email: string) =>
      (await t.client.asBrowser().post('/api/auth/discover', { body: { email } })).json();

    // No policy yet: the domain routes nowhere (a password is fine).
    expect(await discover('new.hire@globex.test')).toEqual({ sso: null });
    const policy = await t.client
      .asBrowser(owner.cookie)
      .patch(`/api/orgs/${org.id}`, { body: { require_sso_provider_id: providerId } });
    expect(policy.statusCode, policy.body).toBe(200);

    // Any address of the verified domain, an account or not (the answer reveals none).
    expect(await discover('new.hire@GLOBEX.test')).toEqual({ sso: { slug: 'globex-sso', display_name: 'Globex SSO' } });
    expect(await discover(owner.user.email.replace(/@.*/, '@globex.test'))).toEqual({
      sso: { slug: 'globex-sso', display_name: 'Globex SSO' },
    });
    // A claimed but unverified domain proves nothing; another domain is not the organization's.
    expect(await discover('someone@globex-pending.test')).toEqual({ sso: null });
    expect(await discover('someone@initech.test')).toEqual({ sso: null });

    // A disabled provider is offered to nobody.
    await t.client.asBrowser(admin).patch(`/api/admin/identity-providers/${providerId}`, { body: { enabled: false } });
    expect(await discover('new.hire@globex.test')).toEqual({ sso: null });
  });

  it('refuses the password of a verified address in such a domain, naming the provider; nobody else', async () => {
    const admin = (await signedInUser(t.hub, ['platform_admin'])).cookie;
    const registered = await t.client.asBrowser(admin).post('/api/admin/identity-providers', {
      body: {
        protocol: 'oidc',
        slug: 'initech-sso',
        display_name: 'Initech SSO',
        issuer: upstream.issuer,
        client_id: upstream.clientId,
        client_secret: 'upstream-client-secret-do-not-leak-1234',
      },
    });
    const providerId = registered.json().provider.id as string;
    const owner = await person(t);
    const org = await seedOrg(t, [{ user: owner.user, roles: ['owner'] }], 'Initech');
    await seedDomain(t, org.id, 'initech.test', true);
    // Seeded behind the hub's back: this node forgets its minute-long copy of the verified domains.
    forgetClaimedDomains(t.hub);
    await t.client
      .asBrowser(owner.cookie)
      .patch(`/api/orgs/${org.id}`, { body: { require_sso_provider_id: providerId } });
    const verified = await createUser(t.hub, { email: `peter-${kind}@initech.test` });
    await t.hub.db
      .update(platformUsers)
      .set({ emailVerifiedAt: t.hub.clock() })
      .where(eq(platformUsers.id, verified.id));
    const unverified = await createUser(t.hub, { email: `milton-${kind}@initech.test` });
    const signIn = (email: string, password = FIXTURE_PASSWORD) =>
      t.client.post('/api/auth/sign-in', { headers: CSRF, body: { email, password } });

    const refused = await signIn(verified.email);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().error).toMatchObject({
      code: 'forbidden',
      message: 'Initech requires signing in with Initech SSO: use "Continue with Initech SSO" instead of a password.',
      sso: { slug: 'initech-sso', display_name: 'Initech SSO' },
    });
    expect(refused.headers['set-cookie']).toBeUndefined();
    expect(
      (await auditOf(t, 'org_access_refused')).filter((r) => r.userId === verified.id).map((r) => r.details),
    ).toEqual([{ org_id: org.id, action: 'password_sign_in', reason: 'sso_required' }]);
    // A wrong password is the usual 401: the policy is told only to who knows the password.
    expect((await signIn(verified.email, 'Wrong-Password-1234!')).statusCode).toBe(401);
    // An unverified address joins no organization, so its policy does not hold it.
    expect((await signIn(unverified.email)).statusCode).toBe(200);

    // The provider disabled: the password works again (nobody is locked out by a provider that is off).
    await t.client.asBrowser(admin).patch(`/api/admin/identity-providers/${providerId}`, { body: { enabled: false } });
    expect((await signIn(verified.email)).statusCode).toBe(200);
  });
});
