import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TEST_DATABASES } from '../../helpers/test-hub';
import { useTestHub } from '../../helpers/use-test-hub';
import { FIXTURE_PASSWORD, signedInUser } from '../../helpers/fixtures';
import { federatedIdentities } from '../../../src/server/db/schema/index';
import { SSO_STATE_COOKIE } from '../../../src/server/federation/state-cookie';
import { LINK_INTENT_COOKIE } from '../../../src/server/federation/link-intent';
import { cookieFrom } from '../../helpers/cookies';
import { signInAtUpstream, startUpstream, type Upstream } from './upstream-provider';
import { auditRowsOf, callbackOf, deliver, registerUpstream } from './federation-helpers';

/**
 * POST /api/me/identities/link (issue 27): /account's "Link …" button asks where to go before it
 * leaves the page. It is a step-up route, like the detour's start with `link=1`, so the web app
 * can run step-up in a dialog first; its answer is that start, coming back to the Security section.
 */
describe.each(TEST_DATABASES)('linking a provider from /account [%s]', (kind) => {
  const t = useTestHub(kind, { config: { outboundAllowPrivate: true } });
  let acme: Upstream;
  let adminCookie: string;
  let acmeId: string;

  beforeAll(async () => {
    acme = await startUpstream({ redirectUri: callbackOf(t, 'acme') });
    adminCookie = (await signedInUser(t.hub, ['platform_admin'])).cookie;
    acmeId = await registerUpstream(t, adminCookie, 'acme', acme, { may_create_accounts: false });
  });
  afterAll(async () => {
    await acme?.close();
  });

  const ask = (cookie: string | undefined, provider: string) =>
    t.client.asBrowser(cookie).post('/api/me/identities/link', { body: { provider } });

  it('needs a session and a recent authentication; then answers the detour’s start, which links and comes back', async () => {
    expect((await ask(undefined, 'acme')).statusCode).toBe(401);
    const { user, cookie } = await signedInUser(t.hub);

    t.clock.advanceMinutes(11);
    const stale = await ask(cookie, 'acme');
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toMatchObject({ error: { code: 'reauthentication_required' } });
    const reauth = await t.client.asBrowser(cookie).post('/api/auth/reauthenticate', {
      body: { password: FIXTURE_PASSWORD },
    });
    expect(reauth.statusCode, reauth.body).toBe(200);

    const res = await ask(cookie, 'acme');
    expect(res.statusCode, res.body).toBe(200);
    const { location } = res.json() as { location: string };
    const url = new URL(location, t.hub.config.publicUrl);
    expect(url.pathname).toBe('/auth/sso/acme');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      link: '1',
      return_to: '/account?tab=security&linked=acme',
    });

    // The browser follows it: the start accepts the same session (and the intent the answer set), and the callback
    // links and comes back.
    const start = await t.client.get(location, { cookie: `${cookie}; ${cookieFrom(res, LINK_INTENT_COOKIE)}` });
    expect(start.statusCode, start.body).toBe(302);
    acme.accounts.set('ola-acme', { email: 'ola.elsewhere@acme.test', email_verified: true });
    const back = await signInAtUpstream(String(start.headers.location), 'ola-acme');
    const done = await deliver(t, back, `${cookie}; ${cookieFrom(start, SSO_STATE_COOKIE)}`);
    expect(done.statusCode, done.body).toBe(303);
    expect(done.headers.location).toBe('/account?tab=security&linked=acme');
    expect(
      await t.hub.db.select().from(federatedIdentities).where(eq(federatedIdentities.subject, 'ola-acme')),
    ).toMatchObject([{ userId: user.id }]);
    expect(await auditRowsOf(t, 'federated_identity_linked', 'subject', 'ola-acme')).toHaveLength(1);
  });

  it('an unknown or disabled provider is not found; a malformed slug is a 400; nothing is started', async () => {
    const { cookie } = await signedInUser(t.hub);
    expect((await ask(cookie, 'no-such-provider')).statusCode).toBe(404);
    expect((await ask(cookie, '../admin')).statusCode).toBe(400);
    await t.client
      .asBrowser(adminCookie)
      .patch(`/api/admin/identity-providers/${acmeId}`, { body: { enabled: false } });
    const disabled = await ask(cookie, 'acme');
    expect(disabled.statusCode).toBe(404);
    expect(disabled.json()).toMatchObject({ error: { code: 'not_found' } });
    await t.client.asBrowser(adminCookie).patch(`/api/admin/identity-providers/${acmeId}`, { body: { enabled: true } });
  });
});
