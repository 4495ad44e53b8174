import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TEST_DATABASES } from '../../helpers/test-hub';
import { useTestHub } from '../../helpers/use-test-hub';
import { cookieFrom, setCookieLine } from '../../helpers/cookies';
import { signedInUser } from '../../helpers/fixtures';
import { federatedIdentities } from '../../../src/server/db/schema/index';
import { SSO_STATE_COOKIE } from '../../../src/server/federation/state-cookie';
import { LINK_INTENT_COOKIE } from '../../../src/server/federation/link-intent';
import { signInAtUpstream, startUpstream, type Upstream } from './upstream-provider';
import { callbackOf, deliver, registerUpstream } from './federation-helpers';

/**
 * Issue 38, finding 10: linking from /account starts only when the hub's own page asked for it.
 * A link from another site to `GET /auth/sso/:slug?link=1` arrives with the visitor's session
 * cookie (SameSite=Lax follows top-level navigations), and used to start a link of whatever
 * identity the provider then signed in to the visitor's account. The start now needs the intent
 * `POST /api/me/identities/link` sets (an /api route under the CSRF rule): for this session and
 * this provider, short-lived, in a SameSite=Strict cookie no cross-site navigation carries.
 */
describe.each(TEST_DATABASES)('starting a link needs the hub page\u2019s intent [%s]', (kind) => {
  const t = useTestHub(kind, { config: { outboundAllowPrivate: true } });
  let acme: Upstream;
  let beta: Upstream;

  beforeAll(async () => {
    acme = await startUpstream({ redirectUri: callbackOf(t, 'acme') });
    beta = await startUpstream({ redirectUri: callbackOf(t, 'beta') });
    const admin = (await signedInUser(t.hub, ['platform_admin'])).cookie;
    await registerUpstream(t, admin, 'acme', acme, { may_create_accounts: false });
    await registerUpstream(t, admin, 'beta', beta, { may_create_accounts: false });
  });
  afterAll(async () => {
    await acme?.close();
    await beta?.close();
  });

  const identitiesOf = (subject: string) =>
    t.hub.db.select().from(federatedIdentities).where(eq(federatedIdentities.subject, subject));
  const askIntent = (cookie: string, provider: string) =>
    t.client.asBrowser(cookie).post('/api/me/identities/link', { body: { provider } });

  it('refuses a cross-site start (session cookie only): no state, nothing linked', async () => {
    const { cookie } = await signedInUser(t.hub);
    acme.accounts.set('eve-sub', { email: 'eve@evil.test', email_verified: true });
    const start = await t.client.get('/auth/sso/acme?link=1', { cookie, headers: { 'sec-fetch-site': 'cross-site' } });
    if (start.statusCode === 302) {
      // What happened before the fix: the detour went on and linked the provider's identity.
      const back = await signInAtUpstream(String(start.headers.location), 'eve-sub');
      await deliver(t, back, `${cookie}; ${cookieFrom(start, SSO_STATE_COOKIE)}`);
    }
    expect(await identitiesOf('eve-sub')).toEqual([]);
    expect(start.statusCode).toBe(403);
    expect(start.headers['content-type']).toMatch(/text\/html/);
    expect(cookieFrom(start, SSO_STATE_COOKIE)).toBeUndefined();
  });

  it('sets the intent from the hub\u2019s page only (CSRF rule), Strict, for the detour\u2019s start', async () => {
    const { cookie } = await signedInUser(t.hub);
    const foreign = await t.client.post('/api/me/identities/link', {
      cookie,
      body: { provider: 'acme' },
      headers: { origin: 'https://evil.test' },
    });
    expect(foreign.statusCode).toBe(403);
    expect(setCookieLine(foreign, LINK_INTENT_COOKIE)).toBeUndefined();
    const asked = await askIntent(cookie, 'acme');
    expect(asked.statusCode, asked.body).toBe(200);
    const line = setCookieLine(asked, LINK_INTENT_COOKIE)!;
    expect(line).toMatch(/SameSite=Strict/i);
    expect(line).toMatch(/HttpOnly/i);
    expect(line).toMatch(/Path=\/auth\/sso/);
    // Used by the start, which clears it.
    const start = await t.client.get('/auth/sso/acme?link=1', {
      cookie: `${cookie}; ${cookieFrom(asked, LINK_INTENT_COOKIE)}`,
    });
    expect(start.statusCode, start.body).toBe(302);
    expect(setCookieLine(start, LINK_INTENT_COOKIE)).toMatch(new RegExp(`^${LINK_INTENT_COOKIE}=;`));
  });

  it('an intent is for one provider, one session, one minute', async () => {
    const ada = await signedInUser(t.hub);
    const bo = await signedInUser(t.hub);
    const intent = cookieFrom(await askIntent(ada.cookie, 'acme'), LINK_INTENT_COOKIE)!;
    expect((await t.client.get('/auth/sso/beta?link=1', { cookie: `${ada.cookie}; ${intent}` })).statusCode).toBe(403);
    expect((await t.client.get('/auth/sso/acme?link=1', { cookie: `${bo.cookie}; ${intent}` })).statusCode).toBe(403);
    t.clock.advance(61_000);
    expect((await t.client.get('/auth/sso/acme?link=1', { cookie: `${ada.cookie}; ${intent}` })).statusCode).toBe(403);
  });
});
