import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { eq } from 'drizzle-orm';
import { TEST_DATABASES } from '../../helpers/test-hub';
import { useTestHub } from '../../helpers/use-test-hub';
import { signedInUser } from '../../helpers/fixtures';
import { organizationMembers, organizations, platformUsers } from '../../../src/server/db/schema/index';
import { startUpstream, type Upstream } from '../federation/upstream-provider';
import { callbackOf, registerUpstream, sessionOf, signInVia } from '../federation/federation-helpers';
import { authorize, exchangeCode, registerClient, type RegisteredClient } from '../oauth/oauth-helpers';
import { seedOrg } from './org-fixtures';

/**
 * Issue 29: a browser session records the identity provider it came through (auth_sessions.idp_id),
 * set by a real federated sign-in against oidc-provider on 127.0.0.1, and require_sso is decided by
 * it alone: each browser's session carries its own proof.
 */
describe.each(TEST_DATABASES)('organizations: require_sso by the session’s provider [%s]', (kind) => {
  const t = useTestHub(kind, { config: { outboundAllowPrivate: true } });
  let corp: Upstream;
  let corpId: string;
  let client: RegisteredClient;

  beforeAll(async () => {
    corp = await startUpstream({ redirectUri: callbackOf(t, 'corp') });
    const admin = (await signedInUser(t.hub, ['platform_admin'])).cookie;
    corpId = await registerUpstream(t, admin, 'corp', corp, { may_create_accounts: true, trusts_email_verified: true });
    client = await registerClient(t, { scopes: ['openid', 'organizations'] });
  });
  afterAll(async () => {
    await corp?.close();
  });

  it('a sign-in through the provider records it on the session, and that session gets the organization’s token', async () => {
    corp.accounts.set('dana-sub', { email: 'dana@corp.test', email_verified: true, name: 'Dana' });
    const first = await sessionOf(t, await signInVia(t, 'corp', 'dana-sub'));
    expect(first?.row.idpId).toBe(corpId);
    const [dana] = await t.hub.db.select().from(platformUsers).where(eq(platformUsers.email, 'dana@corp.test'));
    const org = await seedOrg(t, [{ user: dana, roles: ['member'] }], 'Corp Hiring');
    await t.hub.db.update(organizations).set({ requireSsoProviderId: corpId }).where(eq(organizations.id, org.id));

    // Another browser signs in through the same provider later: this session's proof stands.
    t.clock.advance(3_600_000);
    const second = await sessionOf(t, await signInVia(t, 'corp', 'dana-sub'));
    expect(second?.row.id).not.toBe(first!.row.id);
    const { code } = await authorize(t, client, first!.cookie, { scope: 'openid', organization_id: org.id });
    const res = await exchangeCode(t, client, code, undefined);
    expect(res.statusCode, res.body).toBe(200);
    expect(decodeJwt(res.json().access_token).org_id).toBe(org.id);

    // Removed from the organization: the provider's session proves nothing more.
    await t.hub.db.delete(organizationMembers).where(eq(organizationMembers.orgId, org.id));
    await expect(authorize(t, client, second!.cookie, { scope: 'openid', organization_id: org.id })).rejects.toThrow(
      /no code/,
    );
  });
});
