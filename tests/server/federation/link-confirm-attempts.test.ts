import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TEST_DATABASES } from '../../helpers/test-hub';
import { useTestHub } from '../../helpers/use-test-hub';
import { cookieFrom } from '../../helpers/cookies';
import { createUser, FIXTURE_PASSWORD, signedInUser } from '../../helpers/fixtures';
import { federatedIdentities, platformUsers } from '../../../src/server/db/schema/index';
import { LINK_COOKIE } from '../../../src/server/federation/pending-link';
import { startUpstream, type Upstream } from './upstream-provider';
import { auditRowsOf, callbackOf, registerUpstream, signInVia } from './federation-helpers';

/**
 * Issue 27 hardening: the password (and code) typed to link an upstream identity is a guessable
 * secret like every other (auth/counted-attempt.ts). It counts on the account's own counter, so
 * guesses there and at the sign-in form add up to one block, and a block at either refuses both.
 * (tests/server/auth/counted-attempt.test.ts drives the route with the other guessable secrets.)
 */
describe.each(TEST_DATABASES)('linking by re-authentication is a counted attempt [%s]', (kind) => {
  const t = useTestHub(kind, { config: { outboundAllowPrivate: true } });
  let acme: Upstream;

  beforeAll(async () => {
    acme = await startUpstream({ redirectUri: callbackOf(t, 'acme') });
    const admin = (await signedInUser(t.hub, ['platform_admin'])).cookie;
    await registerUpstream(t, admin, 'acme', acme, { may_create_accounts: true, trusts_email_verified: true });
  });
  afterAll(async () => {
    await acme?.close();
  });

  it('wrong passwords at the link screen and at sign-in add up; the fifth blocks both, even the right password', async () => {
    const user = await createUser(t.hub, { email: 'pat@acme.test' });
    await t.hub.db.update(platformUsers).set({ emailVerifiedAt: t.hub.clock() }).where(eq(platformUsers.id, user.id));
    acme.accounts.set('pat-sub', { email: 'pat@acme.test', email_verified: true });
    const detour = await signInVia(t, 'acme', 'pat-sub');
    expect(detour.headers.location).toBe('/auth?link=acme');
    const cookie = cookieFrom(detour, LINK_COOKIE)!;
    const confirm = (password: string) =>
      t.client.asBrowser(cookie).post('/api/auth/sso/link/confirm', { body: { password } });
    const signIn = (password: string) =>
      t.client.post('/api/auth/sign-in', { csrf: true, body: { email: 'pat@acme.test', password } });

    for (let n = 1; n <= 3; n++) {
      const res = await confirm(`Wrong-Guess-${n}-xyz!`);
      expect(res.statusCode, res.body).toBe(401);
      expect(res.json().error).toMatchObject({ code: 'invalid_credentials', attempts_remaining: 5 - n });
    }
    // The sign-in form counts on the same counter.
    const fourth = await signIn('Wrong-Guess-4-xyz!');
    expect(fourth.json().error).toMatchObject({ code: 'invalid_credentials', attempts_remaining: 1 });
    const fifth = await confirm('Wrong-Guess-5-xyz!');
    expect(fifth.statusCode).toBe(429);
    expect(fifth.headers['retry-after']).toBe('600');

    // During the block the right password is refused at both, unchecked, and nothing is linked.
    expect((await confirm(FIXTURE_PASSWORD)).statusCode).toBe(429);
    expect((await signIn(FIXTURE_PASSWORD)).statusCode).toBe(429);
    expect(await t.hub.db.select().from(federatedIdentities).where(eq(federatedIdentities.subject, 'pat-sub'))).toEqual(
      [],
    );
    expect(await auditRowsOf(t, 'sign_in_blocked', 'email', 'pat@acme.test')).toHaveLength(1);

    // The block (10 minutes) outlasts the pending identity (10 minutes): after it, a new detour links.
    t.clock.advanceMinutes(10);
    expect((await confirm(FIXTURE_PASSWORD)).statusCode).toBe(400);
    const again = cookieFrom(await signInVia(t, 'acme', 'pat-sub'), LINK_COOKIE)!;
    const linked = await t.client
      .asBrowser(again)
      .post('/api/auth/sso/link/confirm', { body: { password: FIXTURE_PASSWORD } });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(await t.hub.db.select().from(federatedIdentities).where(eq(federatedIdentities.subject, 'pat-sub'))).toEqual(
      [expect.objectContaining({ userId: user.id })],
    );
  });
});
