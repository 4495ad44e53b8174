import { decodeJwt } from 'jose';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASES } from '../../helpers/test-hub';
import { useTestHub } from '../../helpers/use-test-hub';
import { oauthConsents, type Organization } from '../../../src/server/db/schema/index';
import { person, seedOrg, type Person } from '../orgs/org-fixtures';
import { exchangeCode, registerClient, type RegisteredClient } from './oauth-helpers';

/**
 * Issue 38, finding 8: an organization-scoped grant carries the user's membership (`org_id`,
 * `org_roles`), so the organization is part of what the user consents to. A third party consented
 * for `openid` alone is asked again for the organization; prompt=none without that consent is
 * `consent_required`, the same answer for a member and for someone who is not one (no membership
 * oracle); consent given for one organization covers that one, not the next.
 */
describe.each(TEST_DATABASES)('organization-scoped grants need the user’s consent to the organization [%s]', (kind) => {
  const t = useTestHub(kind);
  let client: RegisteredClient;
  let member: Person;
  let acme: Organization;
  let beta: Organization;
  let stranger: Organization;

  beforeAll(async () => {
    client = await registerClient(t, {
      app_name: 'Outside Co',
      app_type: 'third_party',
      scopes: ['openid', 'organizations'],
    });
    member = await person(t);
    acme = await seedOrg(t, [{ user: member.user, roles: ['member', 'recruiter'] }], 'Acme Hiring');
    beta = await seedOrg(t, [{ user: member.user, roles: ['owner'] }], 'Beta Staffing');
    stranger = await seedOrg(t, [], 'Stranger Co');
  });

  const query = (extra: Record<string, string>) =>
    new URLSearchParams({
      response_type: 'code',
      client_id: client.client_id,
      redirect_uri: client.redirect_uris[0],
      scope: 'openid',
      state: 'st',
      ...extra,
    }).toString();
  const authorize = (extra: Record<string, string>, cookie = member.cookie) =>
    t.client.get(`/oauth/authorize?${query(extra)}`, { cookie });
  const answerOf = (res: { headers: Record<string, unknown> }) => {
    const url = new URL(String(res.headers.location));
    return { error: url.searchParams.get('error'), description: url.searchParams.get('error_description') };
  };

  /** The consent screen's answer, allowed: the redirect it leads to. */
  async function allow(page: { body: string }, cookie = member.cookie) {
    const csrf = /name="csrf" value="([^"]+)"/.exec(page.body)![1];
    const request = /name="request" value="([^"]+)"/.exec(page.body)![1].replace(/&amp;/g, '&');
    const res = await t.client.post('/oauth/authorize/decision', {
      cookie,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ request, csrf, decision: 'allow' }).toString(),
    });
    expect(res.statusCode, res.body).toBe(302);
    return new URL(String(res.headers.location));
  }

  async function consentedScopes(userId: string) {
    const [row] = await t.hub.db
      .select({ scopes: oauthConsents.scopes })
      .from(oauthConsents)
      .where(and(eq(oauthConsents.userId, userId), eq(oauthConsents.clientId, client.client_id)));
    return row?.scopes ?? [];
  }

  it('consent to openid alone does not cover an organization: prompt=none is consent_required, member or not', async () => {
    const first = await authorize({});
    expect(first.statusCode).toBe(200);
    expect((await allow(first)).searchParams.get('code')).toBeTruthy();
    expect(await consentedScopes(member.user.id)).toEqual(['openid']);

    const asMember = await authorize({ organization_id: acme.id, prompt: 'none' });
    expect(asMember.statusCode).toBe(302);
    expect(answerOf(asMember)).toMatchObject({ error: 'consent_required' });
    // Not a member: the very same answer, so prompt=none tells the client nothing about membership.
    const asStranger = await authorize({ organization_id: stranger.id, prompt: 'none' });
    expect(answerOf(asStranger)).toEqual(answerOf(asMember));
    const byScope = await authorize({ scope: `openid organization:${acme.id}`, prompt: 'none' });
    expect(answerOf(byScope)).toEqual(answerOf(asMember));
  });

  it('asks for the organization by name; once allowed, the grant carries it and prompt=none goes through for it alone', async () => {
    const page = await authorize({ organization_id: acme.id });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Your membership and your roles in Acme Hiring');
    const redirect = await allow(page);
    const tokens = await exchangeCode(t, client, redirect.searchParams.get('code')!, undefined);
    expect(tokens.statusCode, tokens.body).toBe(200);
    expect(decodeJwt(tokens.json().access_token)).toMatchObject({
      org_id: acme.id,
      org_roles: ['member', 'recruiter'],
    });
    expect(await consentedScopes(member.user.id)).toEqual(['openid', `organization:${acme.id}`]);

    const silent = await authorize({ organization_id: acme.id, prompt: 'none' });
    expect(new URL(String(silent.headers.location)).searchParams.get('code')).toBeTruthy();
    // Consent to Acme is not consent to Beta.
    expect(answerOf(await authorize({ organization_id: beta.id, prompt: 'none' }))).toMatchObject({
      error: 'consent_required',
    });
  });

  it('a person outside the organization is shown no name, and is refused once they allow', async () => {
    const outsider = await person(t);
    const page = await authorize({ organization_id: stranger.id }, outsider.cookie);
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('Stranger Co');
    expect(page.body).toContain('Your membership and your roles in the organization it asks for');
    const redirect = await allow(page, outsider.cookie);
    expect(redirect.searchParams.get('error')).toBe('access_denied');
    expect(redirect.searchParams.get('code')).toBeNull();
  });
});
