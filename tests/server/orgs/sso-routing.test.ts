import { describe, expect, it } from 'vitest';
import { TEST_DATABASES } from '../../helpers/test-hub';
import { useTestHub } from '../../helpers/use-test-hub';
import { signedInUser } from '../../helpers/fixtures';
import { person, seedDomain, seedOrg } from './org-fixtures';

/**
 * Issue 29's "members of claimed domains are routed to it": home-realm discovery
 * (POST /api/auth/discover) names the provider an organization requires for its verified
 * domains, when no provider claims the domain itself — and only then.
 */
describe.each(TEST_DATABASES)('organizations: SSO routing by claimed domain [%s]', (kind) => {
  const t = useTestHub(kind);

  it('routes a verified domain of an organization that requires SSO to its provider; nothing else', async () => {
    const admin = (await signedInUser(t.hub, ['platform_admin'])).cookie;
    const registered = await t.client.asBrowser(admin).post('/api/admin/identity-providers', {
      body: {
        protocol: 'oidc',
        slug: 'globex-sso',
        display_name: 'Globex SSO',
        issuer: 'https://login.globex.test',
        client_id: 'hub-at-globex',
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
});
