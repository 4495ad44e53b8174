import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASES } from '../../helpers/test-hub';
import { useTestHub } from '../../helpers/use-test-hub';
import { enrolFixtureTotp, signedInUser } from '../../helpers/fixtures';
import { CookieJar, startUpstream, type Upstream } from './upstream-provider';
import { callbackOf, registerUpstream, sessionOf, signInVia } from './federation-helpers';

/**
 * Issue 38, finding 10: a provider trusted for MFA stands in for the hub's second factor only
 * when what it asserts is multi-factor by the hub's one rule (shared/amr.ts): `otp` or `hwk`
 * alone is one factor. The upstream is a real OpenID provider on 127.0.0.1 (upstream-provider.ts).
 */
describe.each(TEST_DATABASES)('an upstream amr counts as MFA only when it is [%s]', (kind) => {
  const t = useTestHub(kind, { config: { outboundAllowPrivate: true } });
  let upstream: Upstream;

  beforeAll(async () => {
    upstream = await startUpstream({ redirectUri: callbackOf(t, 'corp') });
    const adminCookie = (await signedInUser(t.hub, ['platform_admin'])).cookie;
    await registerUpstream(t, adminCookie, 'corp', upstream, {
      may_create_accounts: true,
      trusts_email_verified: true,
      trusts_mfa: true,
      email_domains: ['corp.test'],
    });
    upstream.accounts.set('ada-sub', { email: 'ada@corp.test', email_verified: true });
    // The account is created by a first sign-in, then gets the hub's own second factor.
    const first = await signInVia(t, 'corp', 'ada-sub', { amr: ['pwd', 'otp'] });
    await enrolFixtureTotp(t.hub, (await sessionOf(t, first))!.row.userId!);
  });
  afterAll(() => upstream?.close());

  const signIn = (amr: string[]) => signInVia(t, 'corp', 'ada-sub', { amr, jar: new CookieJar() });

  it.each([[['otp']], [['hwk']], [['otp', 'hwk']]])(
    'refuses %j alone for an account with a second factor',
    async (amr) => {
      const res = await signIn(amr);
      expect(res.statusCode).toBe(403);
      expect(await sessionOf(t, res)).toBeNull();
    },
  );

  it('signs in with a password and a one-time code, and the session says mfa', async () => {
    const res = await signIn(['pwd', 'otp']);
    expect(res.statusCode, res.body).toBe(303);
    expect((await sessionOf(t, res))!.row.amr).toEqual(['fed', 'pwd', 'otp', 'mfa']);
  });
});
