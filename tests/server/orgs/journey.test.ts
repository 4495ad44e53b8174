import { describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { TEST_DATABASES } from '../../helpers/test-hub';
import { useTestHub } from '../../helpers/use-test-hub';
import { cookieFrom } from '../../helpers/cookies';
import { FIXTURE_PASSWORD } from '../../helpers/fixtures';
import { devOutbox } from '../../../src/server/auth/mailer';
import { SESSION_COOKIE } from '../../../src/server/auth/sessions';
import { authorize, exchangeCode, registerClient } from '../oauth/oauth-helpers';
import { person } from './org-fixtures';

/** The last mail to `to` whose subject starts with `subject`, once it is in the dev outbox. */
async function mailTo(to: string, subject: string) {
  await expect.poll(() => devOutbox.some((m) => m.to === to && m.subject.startsWith(subject))).toBe(true);
  return devOutbox.filter((m) => m.to === to && m.subject.startsWith(subject)).at(-1)!;
}
const pathOf = (link: string) => new URL(link).pathname + new URL(link).search;

/**
 * The journey through the API: an owner creates an organization and invites a recruiter;
 * the recruiter signs up from the mailed link, verifies the address, accepts, and a sister app
 * finds the organization in the ID token and an organization-scoped access token.
 */
describe.each(TEST_DATABASES)('organizations: invitation to token, end to end over the API [%s]', (kind) => {
  const t = useTestHub(kind);

  it('invite → sign up → verify → accept → organizations claim and org-scoped token', async () => {
    const owner = await person(t);
    const eco = await person(t, { roles: ['user', 'platform_admin'] });
    expect(
      (await t.client.asBrowser(eco.cookie).post('/api/admin/org-roles', { body: { name: 'recruiter' } })).statusCode,
    ).toBe(201);
    const created = await t.client
      .asBrowser(owner.cookie)
      .post('/api/orgs', { body: { name: 'Acme Hiring', slug: 'acme-hiring' } });
    const orgId = created.json().organization.id;
    const email = `rita-${kind}@acme-hiring.test`;
    const invited = await t.client
      .asBrowser(owner.cookie)
      .post(`/api/orgs/${orgId}/invitations`, { body: { email, role: 'recruiter' } });
    expect(invited.statusCode).toBe(201);
    const invitation = await mailTo(email, 'You are invited');
    const token = new URL(invitation.link!).searchParams.get('token')!;

    const signUp = await t.client.post('/api/auth/sign-up', {
      csrf: true,
      body: { email, password: FIXTURE_PASSWORD, full_name: 'Rita Recruiter' },
    });
    expect(signUp.statusCode, signUp.body).toBe(201);
    const cookie = `${SESSION_COOKIE}=${cookieFrom(signUp, SESSION_COOKIE)!.split('=')[1]}`;
    const early = await t.client.asBrowser(cookie).post('/api/invitations/accept', { body: { token } });
    expect(early.statusCode).toBe(400);
    expect((await t.client.get(pathOf((await mailTo(email, 'Verify')).link!))).headers.location).toBe(
      '/auth?verified=true',
    );

    const accepted = await t.client.asBrowser(cookie).post('/api/invitations/accept', { body: { token } });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const mine = (await t.client.get('/api/me/orgs', { cookie })).json().organizations;
    expect(mine).toEqual([expect.objectContaining({ id: orgId, slug: 'acme-hiring', roles: ['member', 'recruiter'] })]);

    const userId = (await t.client.get('/api/auth/session', { cookie })).json().user.id;
    const app = await registerClient(t, { scopes: ['openid', 'email', 'organizations'] });
    const { code } = await authorize(t, app, cookie, { scope: 'openid email organizations', organization_id: orgId });
    const tokens = (await exchangeCode(t, app, code, undefined)).json();
    expect(decodeJwt(tokens.id_token)).toMatchObject({
      sub: userId,
      organizations: [{ id: orgId, slug: 'acme-hiring', name: 'Acme Hiring', roles: ['member', 'recruiter'] }],
    });
    expect(decodeJwt(tokens.access_token)).toMatchObject({ org_id: orgId, org_roles: ['member', 'recruiter'] });
  });
});
