import { beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { and, eq } from 'drizzle-orm';
import { TEST_DATABASES } from '../../helpers/test-hub';
import { useTestHub } from '../../helpers/use-test-hub';
import { countStatements } from '../../helpers/count-statements';
import { enrolFixtureTotp } from '../../helpers/fixtures';
import { createBrowserSession, SESSION_COOKIE } from '../../../src/server/auth/sessions';
import {
  federatedIdentities,
  identityProviders,
  organizationMembers,
  organizations,
} from '../../../src/server/db/schema/index';
import {
  authorize,
  authorizeUrl,
  basic,
  exchangeCode,
  registerClient,
  type RegisteredClient,
} from '../oauth/oauth-helpers';
import { auditOf, person, seedOrg, type Person } from './org-fixtures';
import type { Organization } from '../../../src/server/db/schema/index';

const SCOPES = ['openid', 'profile', 'email', 'offline_access', 'organizations'];

describe.each(TEST_DATABASES)('organizations: claims in tokens, userinfo and introspection [%s]', (kind) => {
  const t = useTestHub(kind);
  let client: RegisteredClient;
  let plainClient: RegisteredClient;
  let recruiter: Person;
  let acme: Organization;
  let beta: Organization;
  beforeAll(async () => {
    client = await registerClient(t, { scopes: SCOPES });
    plainClient = await registerClient(t, { scopes: ['openid', 'profile'] });
    recruiter = await person(t);
    acme = await seedOrg(t, [{ user: recruiter.user, roles: ['member', 'recruiter'] }], 'Acme Hiring');
    beta = await seedOrg(t, [{ user: recruiter.user, roles: ['owner'] }], 'Beta Staffing');
  });

  /** The whole code flow; the token response's body. */
  async function tokensFor(cookie: string, extra: Record<string, string>) {
    const { code } = await authorize(t, client, cookie, extra);
    const res = await exchangeCode(t, client, code, undefined);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }
  const introspect = (token: string) =>
    t.client.post('/oauth/introspect', { headers: { authorization: basic(client) }, form: { token } });
  const deniedBy = async (cookie: string, extra: Record<string, string>, c = client) => {
    const res = await t.client.get(authorizeUrl(c, { scope: 'openid', state: 's', ...extra }), { cookie });
    expect(res.statusCode).toBe(302);
    const url = new URL(String(res.headers.location));
    return { error: url.searchParams.get('error'), description: url.searchParams.get('error_description') };
  };

  it('puts every membership in the ID token, userinfo and introspection under scope organizations', async () => {
    const body = await tokensFor(recruiter.cookie, { scope: 'openid organizations' });
    const expected = [
      { id: acme.id, slug: acme.slug, name: 'Acme Hiring', roles: ['member', 'recruiter'] },
      { id: beta.id, slug: beta.slug, name: 'Beta Staffing', roles: ['owner'] },
    ];
    expect(decodeJwt(body.id_token).organizations).toEqual(expected);
    expect(decodeJwt(body.access_token).org_id).toBeUndefined();
    const info = await t.client.get('/oauth/userinfo', { headers: { authorization: `Bearer ${body.access_token}` } });
    expect(info.json().organizations).toEqual(expected);
    const intro = await introspect(body.access_token);
    expect(intro.json()).toMatchObject({ active: true, organizations: expected });
    const without = await tokensFor(recruiter.cookie, { scope: 'openid profile' });
    expect(decodeJwt(without.id_token).organizations).toBeUndefined();
    const disc = (await t.client.get('/.well-known/openid-configuration')).json();
    expect(disc.scopes_supported).toContain('organizations');
    expect(disc.claims_supported).toEqual(expect.arrayContaining(['organizations', 'org_id', 'org_roles']));
  });

  it('scopes an access token to one organization by organization_id or scope organization:<id>', async () => {
    const requests: Record<string, string>[] = [
      { scope: 'openid', organization_id: acme.id },
      { scope: `openid organization:${acme.id}` },
    ];
    for (const extra of requests) {
      const body = await tokensFor(recruiter.cookie, extra);
      const at = decodeJwt(body.access_token);
      expect(at).toMatchObject({ org_id: acme.id, org_roles: ['member', 'recruiter'] });
      expect(String(at.scope).split(' ')).toContain(`organization:${acme.id}`);
      expect((await introspect(body.access_token)).json()).toMatchObject({
        active: true,
        org_id: acme.id,
        org_roles: ['member', 'recruiter'],
      });
    }
  });

  it('refuses an organization the user is not in, a malformed one, two at once, and a client not registered for it', async () => {
    const stranger = await seedOrg(t, [], 'Stranger Co');
    expect(await deniedBy(recruiter.cookie, { organization_id: stranger.id })).toMatchObject({
      error: 'access_denied',
    });
    const refusals = await auditOf(t, 'oauth_authorize_refused');
    expect(refusals.map((r) => [r.userId, r.details])).toContainEqual([
      recruiter.user.id,
      expect.objectContaining({
        error: 'access_denied',
        description: 'The user is not a member of this organization.',
      }),
    ]);
    expect(await deniedBy(recruiter.cookie, { organization_id: 'acme' })).toMatchObject({ error: 'invalid_request' });
    expect(
      await deniedBy(recruiter.cookie, { organization_id: acme.id, scope: `openid organization:${beta.id}` }),
    ).toMatchObject({ error: 'invalid_request' });
    expect(await deniedBy(recruiter.cookie, { organization_id: acme.id }, plainClient)).toMatchObject({
      error: 'invalid_scope',
    });
  });

  it('enforces require_mfa: a silent password-only sign-in is refused, a sign-in with a second factor is not', async () => {
    const org = await seedOrg(t, [{ user: recruiter.user, roles: ['member'] }], 'Strict Co');
    await t.hub.db.update(organizations).set({ requireMfa: true }).where(eq(organizations.id, org.id));
    // Without prompt=none the member is sent to enrolment instead (mfa-policy.test.ts).
    const refused = await deniedBy(recruiter.cookie, { organization_id: org.id, prompt: 'none' });
    expect(refused).toMatchObject({ error: 'interaction_required' });
    expect(refused.description).toContain('second factor');
    await enrolFixtureTotp(t.hub, recruiter.user.id);
    const { token } = await createBrowserSession(t.hub, { userId: recruiter.user.id, amr: ['pwd', 'otp', 'mfa'] });
    const body = await tokensFor(`${SESSION_COOKIE}=${token}`, { scope: 'openid', organization_id: org.id });
    expect(decodeJwt(body.access_token).org_id).toBe(org.id);
  });

  it('enforces require_sso by the session’s own provider: not a password session, not another browser’s sign-in', async () => {
    const [idp] = await t.hub.db
      .insert(identityProviders)
      .values({
        slug: `corp-${kind}`,
        displayName: 'Corp SSO',
        protocol: 'oidc',
        issuer: 'https://sso.corp.test',
        clientId: 'hub',
        attributeMapping: { email: 'email', name: 'name' },
      })
      .returning();
    const employee = await person(t);
    const org = await seedOrg(t, [{ user: employee.user, roles: ['member'] }], 'Corp');
    await t.hub.db.update(organizations).set({ requireSsoProviderId: idp.id }).where(eq(organizations.id, org.id));
    const refused = await deniedBy(employee.cookie, { organization_id: org.id });
    expect(refused).toMatchObject({ error: 'access_denied' });
    expect(refused.description).toContain('single sign-on');
    const now = t.hub.clock();
    await t.hub.db
      .insert(federatedIdentities)
      .values({ providerId: idp.id, subject: 'emp-1', userId: employee.user.id, lastSignInAt: now });
    const { token } = await createBrowserSession(t.hub, { userId: employee.user.id, amr: ['fed'], idpId: idp.id });
    // A password session of the same user, even right after a sign-in through the provider, is refused.
    expect(await deniedBy(employee.cookie, { organization_id: org.id })).toMatchObject({ error: 'access_denied' });
    // A sign-in through the same provider in another browser, much later, takes nothing from this session.
    t.clock.advance(3_600_000);
    await createBrowserSession(t.hub, { userId: employee.user.id, amr: ['fed'], idpId: idp.id });
    await t.hub.db
      .update(federatedIdentities)
      .set({ lastSignInAt: t.hub.clock() })
      .where(eq(federatedIdentities.userId, employee.user.id));
    const body = await tokensFor(`${SESSION_COOKIE}=${token}`, {
      scope: 'openid offline_access',
      organization_id: org.id,
    });
    expect(decodeJwt(body.access_token).org_id).toBe(org.id);
    // The token endpoint reads the browser session's provider again at every refresh.
    const refreshed = await t.client.post('/oauth/token', {
      headers: { authorization: basic(client) },
      form: { grant_type: 'refresh_token', refresh_token: body.refresh_token },
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(decodeJwt(refreshed.json().access_token).org_id).toBe(org.id);
    // A session through another provider is not this organization's.
    const { token: other } = await createBrowserSession(t.hub, {
      userId: employee.user.id,
      amr: ['fed'],
      idpId: '00000000-0000-4000-8000-000000000000',
    });
    expect(await deniedBy(`${SESSION_COOKIE}=${other}`, { organization_id: org.id })).toMatchObject({
      error: 'access_denied',
    });
  });

  it('checks again at the token endpoint: a refresh after removal or a tightened policy is refused', async () => {
    const member = await person(t);
    const org = await seedOrg(t, [{ user: member.user, roles: ['admin'] }], 'Refresh Co');
    const body = await tokensFor(member.cookie, { scope: 'openid offline_access', organization_id: org.id });
    expect(body.refresh_token).toEqual(expect.any(String));
    const refresh = (token: string) =>
      t.client.post('/oauth/token', {
        headers: { authorization: basic(client) },
        form: { grant_type: 'refresh_token', refresh_token: token },
      });
    const first = await refresh(body.refresh_token);
    expect(first.statusCode, first.body).toBe(200);
    expect(decodeJwt(first.json().access_token).org_roles).toEqual(['admin']);
    await t.hub.db.update(organizations).set({ requireMfa: true }).where(eq(organizations.id, org.id));
    const tightened = await refresh(first.json().refresh_token);
    expect(tightened.statusCode).toBe(400);
    expect(tightened.json()).toMatchObject({ error: 'invalid_scope' });
    await t.hub.db.update(organizations).set({ requireMfa: false }).where(eq(organizations.id, org.id));
    await t.hub.db
      .delete(organizationMembers)
      .where(and(eq(organizationMembers.orgId, org.id), eq(organizationMembers.userId, member.user.id)));
    const removed = await refresh(first.json().refresh_token);
    expect(removed.json()).toMatchObject({ error: 'invalid_scope' });
  });

  it('adds exactly one query to the code exchange for the organizations claim, and none without it', async () => {
    const counted = async (scope: string) => {
      const { code } = await authorize(t, client, recruiter.cookie, { scope });
      const counter = countStatements();
      try {
        expect((await exchangeCode(t, client, code, undefined)).statusCode).toBe(200);
        return [...counter.texts];
      } finally {
        counter.stop();
      }
    };
    const plain = await counted('openid');
    const withOrgs = await counted('openid organizations');
    expect(withOrgs.length - plain.length, withOrgs.join('\n')).toBe(1);
    expect(withOrgs.filter((q) => q.includes('"organizations"'))).toHaveLength(1);
    expect(plain.filter((q) => q.includes('organization'))).toEqual([]);
  });
});
