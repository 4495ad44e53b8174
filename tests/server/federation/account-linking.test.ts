import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TEST_DATABASES } from '../../helpers/test-hub';
import { useTestHub } from '../../helpers/use-test-hub';
import { cookieFrom } from '../../helpers/cookies';
import {
  createUser,
  enrolFixtureTotp,
  FIXTURE_PASSWORD,
  sessionCookieFor,
  signedInUser,
  totpCodeAt,
} from '../../helpers/fixtures';
import { SoftAuthenticator } from '../../helpers/soft-authenticator';
import { devOutbox } from '../../../src/server/auth/mailer';
import { federatedIdentities, platformUsers, type PlatformUser } from '../../../src/server/db/schema/index';
import { LINK_COOKIE } from '../../../src/server/federation/pending-link';
import { startUpstream, type Upstream } from './upstream-provider';
import { auditRowsOf, callbackOf, registerUpstream, sessionOf, signInVia } from './federation-helpers';

/**
 * Linking an upstream identity to an existing account without takeover (issue 27), against a
 * real upstream (oidc-provider on 127.0.0.1): the callback never links by email; the person
 * proves the local account in the same browser (password, and the code when enrolled) or opens
 * a single-use, 15-minute link mailed to the account's address, bound to that exact identity.
 */
describe.each(TEST_DATABASES)('linking an upstream identity to an existing account [%s]', (kind) => {
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

  async function verifiedUser(email: string, mfa = false): Promise<PlatformUser> {
    const user = await createUser(t.hub, { email, mfa });
    await t.hub.db.update(platformUsers).set({ emailVerifiedAt: t.hub.clock() }).where(eq(platformUsers.id, user.id));
    return (await t.hub.db.select().from(platformUsers).where(eq(platformUsers.id, user.id)))[0];
  }

  /** The detour of `subject` whose upstream email is an existing account's: the pending link's cookie. */
  async function detour(subject: string, email: string, query = ''): Promise<string> {
    acme.accounts.set(subject, { email, email_verified: true });
    const res = await signInVia(t, 'acme', subject, { query });
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toBe('/auth?link=acme');
    expect(await sessionOf(t, res)).toBeNull();
    const cookie = cookieFrom(res, LINK_COOKIE);
    expect(cookie).toBeTruthy();
    return cookie!;
  }

  async function identitiesOf(subject: string) {
    return t.hub.db.select().from(federatedIdentities).where(eq(federatedIdentities.subject, subject));
  }

  const confirm = (cookie: string | undefined, body: unknown) =>
    t.client.asBrowser(cookie).post('/api/auth/sso/link/confirm', { body: body as Record<string, unknown> });

  it('links by re-authentication: a wrong password is counted and links nothing, the right one links and signs in', async () => {
    const bob = await verifiedUser('bob@acme.test');
    const cookie = await detour('bob-sub', 'bob@acme.test', '?return_to=/account/security');

    const pending = await t.client.asBrowser(cookie).get('/api/auth/sso/link');
    expect(pending.statusCode, pending.body).toBe(200);
    expect(pending.json()).toMatchObject({
      provider: { slug: 'acme', display_name: 'acme SSO' },
      email: 'bob@acme.test',
    });

    const wrong = await confirm(cookie, { password: 'not-the-password-1!' });
    expect(wrong.statusCode, wrong.body).toBe(401);
    expect(wrong.json()).toMatchObject({ error: { code: 'invalid_credentials', attempts_remaining: 4 } });
    expect(await auditRowsOf(t, 'sign_in_failure', 'email', 'bob@acme.test')).toHaveLength(1);
    expect(await identitiesOf('bob-sub')).toEqual([]);

    const right = await confirm(cookie, { password: FIXTURE_PASSWORD });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json()).toEqual({ linked: true, return_to: '/account/security' });
    const session = await sessionOf(t, right);
    expect(session?.row.userId).toBe(bob.id);
    expect(session?.row.amr).toEqual(['fed', 'pwd']);
    expect(await identitiesOf('bob-sub')).toMatchObject([{ userId: bob.id }]);
    const rows = await auditRowsOf(t, 'federated_identity_linked', 'subject', 'bob-sub');
    expect(rows).toMatchObject([{ userId: bob.id, details: { provider: 'acme', method: 'reauthentication' } }]);

    // Single use: the pending identity is spent.
    expect((await confirm(cookie, { password: FIXTURE_PASSWORD })).statusCode).toBe(400);
    // From now on the identity signs in by subject.
    const again = await signInVia(t, 'acme', 'bob-sub');
    expect(again.statusCode, again.body).toBe(303);
    expect((await sessionOf(t, again))?.row.userId).toBe(bob.id);
  });

  it('asks for the second factor when one is enrolled: password alone links nothing, password and code do', async () => {
    const mia = await verifiedUser('mia@acme.test');
    await enrolFixtureTotp(t.hub, mia.id);
    const cookie = await detour('mia-sub', 'mia@acme.test');

    const passwordOnly = await confirm(cookie, { password: FIXTURE_PASSWORD });
    expect(passwordOnly.statusCode).toBe(401);
    expect(passwordOnly.json()).toMatchObject({ error: { code: 'invalid_code', field: 'code' } });
    const wrongCode = await confirm(cookie, { password: FIXTURE_PASSWORD, code: '000000' });
    expect(wrongCode.statusCode).toBe(401);
    expect(wrongCode.json()).toMatchObject({ error: { code: 'invalid_code' } });
    expect(await identitiesOf('mia-sub')).toEqual([]);

    const ok = await confirm(cookie, { password: FIXTURE_PASSWORD, code: await totpCodeAt(t.hub) });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await sessionOf(t, ok))?.row.amr).toEqual(['fed', 'pwd', 'otp', 'mfa']);
    expect(await identitiesOf('mia-sub')).toMatchObject([{ userId: mia.id }]);
  });

  it('links by a passkey: a passkey account needs the passkey (not the password), and only its own passkey counts', async () => {
    const uma = await verifiedUser('uma@acme.test');
    const origin = new URL(t.hub.config.publicUrl).origin;
    const authenticator = new SoftAuthenticator(origin);
    const owner = await sessionCookieFor(t.hub, uma);
    const options = await t.client.asBrowser(owner).post('/api/me/passkeys/options');
    const registered = await t.client
      .asBrowser(owner)
      .post('/api/me/passkeys', { body: authenticator.register(options.json()) });
    expect(registered.statusCode, registered.body).toBe(201);
    const cookie = await detour('uma-sub', 'uma@acme.test');

    const passwordOnly = await confirm(cookie, { password: FIXTURE_PASSWORD });
    expect(passwordOnly.statusCode).toBe(401);
    // Someone else's passkey is not a proof of this account.
    const stranger = await signedInUser(t.hub);
    const strangerKey = new SoftAuthenticator(origin);
    const strangerOptions = await t.client.asBrowser(stranger.cookie).post('/api/me/passkeys/options');
    await t.client
      .asBrowser(stranger.cookie)
      .post('/api/me/passkeys', { body: strangerKey.register(strangerOptions.json()) });
    const foreign = (await t.client.post('/api/auth/passkey/options', { csrf: true })).json();
    expect((await confirm(cookie, strangerKey.authenticate(foreign))).statusCode).toBe(401);
    expect(await identitiesOf('uma-sub')).toEqual([]);
    const refusals = await auditRowsOf(t, 'federated_link_refused', 'subject', 'uma-sub');
    expect(refusals).toMatchObject([{ userId: uma.id, details: { provider: 'acme', reason: 'passkey_not_verified' } }]);

    const challenge = (await t.client.post('/api/auth/passkey/options', { csrf: true })).json();
    const ok = await confirm(cookie, authenticator.authenticate(challenge));
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await sessionOf(t, ok))?.row.amr).toEqual(['fed', 'hwk', 'mfa']);
    expect(await identitiesOf('uma-sub')).toMatchObject([{ userId: uma.id }]);
  });

  it('refuses a confirmation without the pending identity (another browser), and an account no longer verified', async () => {
    expect((await confirm(undefined, { password: FIXTURE_PASSWORD })).statusCode).toBe(400);
    const olga = await verifiedUser('olga@acme.test');
    const cookie = await detour('olga-sub', 'olga@acme.test');
    await t.hub.db.update(platformUsers).set({ emailVerifiedAt: null }).where(eq(platformUsers.id, olga.id));
    const res = await confirm(cookie, { password: FIXTURE_PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(await identitiesOf('olga-sub')).toEqual([]);
    const rows = await auditRowsOf(t, 'federated_link_refused', 'subject', 'olga-sub');
    expect(rows.map((r) => (r.details as { reason: string }).reason)).toEqual(['account_changed']);
  });

  it('never links to an account whose email was never verified: refused at the callback, no pending identity', async () => {
    await createUser(t.hub, { email: 'nina@acme.test' });
    acme.accounts.set('nina-sub', { email: 'nina@acme.test', email_verified: true });
    const res = await signInVia(t, 'acme', 'nina-sub');
    expect(res.statusCode).toBe(403);
    expect(cookieFrom(res, LINK_COOKIE)).toBeUndefined();
    expect(await identitiesOf('nina-sub')).toEqual([]);
    const rows = await auditRowsOf(t, 'federated_sign_in_refused', 'subject', 'nina-sub');
    expect(rows).toMatchObject([{ details: { reason: 'unverified_local_account' } }]);
  });

  /** The last link mailed to `email` (the outbox is shared by the runs on each database). */
  const lastMailTo = (email: string) =>
    devOutbox.filter((m) => m.to === email && m.link?.includes('/auth/sso/link/')).at(-1)!;
  const pathOf = (link: string) => new URL(link).pathname;
  /** The button of the page the mailed link opens: a form POST from the hub's own origin. */
  const openMailedLink = (link: string, cookie?: string) =>
    t.client.post(pathOf(link), {
      form: {},
      headers: { origin: new URL(t.hub.config.publicUrl).origin },
      ...(cookie ? { cookie } : {}),
    });

  it('links by a mailed link: sent to the account, single use, signs in where the detour started', async () => {
    const pia = await verifiedUser('pia@acme.test');
    const cookie = await detour('pia-sub', 'pia@acme.test', '?return_to=/account');
    const sent = await t.client.asBrowser(cookie).post('/api/auth/sso/link/email', { body: {} });
    expect(sent.statusCode, sent.body).toBe(202);
    expect(sent.json()).toEqual({ sent: true, expires_in_minutes: 15 });
    const mail = lastMailTo('pia@acme.test');
    expect(mail).toBeTruthy();
    expect(await identitiesOf('pia-sub')).toEqual([]);

    // Fetching the link (a person, or a mail scanner) spends nothing: only the page's button links.
    const page = await t.client.get(pathOf(mail.link!));
    expect(page.statusCode, page.body).toBe(200);
    expect(page.body).toContain(`action="${pathOf(mail.link!)}"`);
    expect(await sessionOf(t, page)).toBeNull();
    expect(await identitiesOf('pia-sub')).toEqual([]);
    // A POST from another site is refused and spends nothing.
    const crossSite = await t.client.post(pathOf(mail.link!), { form: {}, headers: { origin: 'https://evil.test' } });
    expect(crossSite.statusCode).toBe(403);
    expect(await identitiesOf('pia-sub')).toEqual([]);

    const opened = await openMailedLink(mail.link!);
    expect(opened.statusCode, opened.body).toBe(303);
    expect(opened.headers.location).toBe('/account');
    expect((await sessionOf(t, opened))?.row.userId).toBe(pia.id);
    expect(await identitiesOf('pia-sub')).toMatchObject([{ userId: pia.id }]);
    expect(await auditRowsOf(t, 'federated_identity_linked', 'subject', 'pia-sub')).toMatchObject([
      { details: { method: 'email' } },
    ]);

    const again = await openMailedLink(mail.link!);
    expect(again.statusCode).toBe(400);
    expect(again.headers['content-type']).toMatch(/text\/html/);
    expect(await sessionOf(t, again)).toBeNull();
    // The pending identity it came from is spent too.
    expect((await confirm(cookie, { password: FIXTURE_PASSWORD })).statusCode).toBe(400);
  });

  it('a mailed link expires after 15 minutes and links nothing', async () => {
    await verifiedUser('quinn@acme.test');
    const cookie = await detour('quinn-sub', 'quinn@acme.test');
    expect((await t.client.asBrowser(cookie).post('/api/auth/sso/link/email', { body: {} })).statusCode).toBe(202);
    const mail = lastMailTo('quinn@acme.test');
    t.clock.advanceMinutes(15);
    const res = await openMailedLink(mail.link!);
    expect(res.statusCode).toBe(400);
    expect(await sessionOf(t, res)).toBeNull();
    expect(await identitiesOf('quinn-sub')).toEqual([]);
  });

  it('a mailed link is bound to its identity: the link for A links A, never B pending for the same account', async () => {
    const rae = await verifiedUser('rae@acme.test');
    const cookieA = await detour('rae-a', 'rae@acme.test');
    const cookieB = await detour('rae-b', 'rae@acme.test');
    expect((await t.client.asBrowser(cookieA).post('/api/auth/sso/link/email', { body: {} })).statusCode).toBe(202);
    const mailA = lastMailTo('rae@acme.test');
    // Opened in the browser that holds B's pending identity: still A that is linked.
    const opened = await openMailedLink(mailA.link!, cookieB);
    expect(opened.statusCode, opened.body).toBe(303);
    expect(await identitiesOf('rae-a')).toMatchObject([{ userId: rae.id }]);
    expect(await identitiesOf('rae-b')).toEqual([]);
  });

  it('a mailed link to an account with a second factor links, but the sign-in still asks for the factor', async () => {
    const sam = await verifiedUser('sam@acme.test', true);
    const cookie = await detour('sam-sub', 'sam@acme.test');
    expect((await t.client.asBrowser(cookie).post('/api/auth/sso/link/email', { body: {} })).statusCode).toBe(202);
    const mail = lastMailTo('sam@acme.test');
    const opened = await openMailedLink(mail.link!);
    expect(opened.statusCode, opened.body).toBe(303);
    expect(opened.headers.location).toBe('/auth?linked=acme');
    expect(await sessionOf(t, opened)).toBeNull();
    expect(await identitiesOf('sam-sub')).toMatchObject([{ userId: sam.id }]);
  });
});
