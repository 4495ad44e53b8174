import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TEST_DATABASES } from '../../helpers/test-hub';
import { useTestHub } from '../../helpers/use-test-hub';
import { createUser, enrolFixtureTotp, signedInUser } from '../../helpers/fixtures';
import { federatedIdentities, platformUsers } from '../../../src/server/db/schema/index';
import { CookieJar, signInAtUpstream, startUpstream, type Upstream } from './upstream-provider';
import {
  auditRowsOf,
  callbackOf,
  deliver,
  registerUpstream,
  sessionOf,
  signInVia,
  startAt,
} from './federation-helpers';

/**
 * Upstream OpenID Connect sign-in (issue 27) against a real provider (oidc-provider on
 * 127.0.0.1), the browser's side driven by hand: the hub's redirect, the provider's login, the
 * callback. Nothing of the protocol is mocked.
 */
describe.each(TEST_DATABASES)('federated sign-in with OpenID Connect [%s]', (kind) => {
  const t = useTestHub(kind, { config: { outboundAllowPrivate: true } });
  let acme: Upstream;
  let other: Upstream;
  let adminCookie: string;
  let acmeId: string;

  beforeAll(async () => {
    acme = await startUpstream({ redirectUri: callbackOf(t, 'acme') });
    other = await startUpstream({ redirectUri: callbackOf(t, 'other') });
    adminCookie = (await signedInUser(t.hub, ['platform_admin'])).cookie;
    acmeId = await registerUpstream(t, adminCookie, 'acme', acme, {
      may_create_accounts: true,
      trusts_email_verified: true,
      email_domains: ['acme.test'],
    });
    await registerUpstream(t, adminCookie, 'other', other, { may_create_accounts: false });
  });
  afterAll(async () => {
    await acme?.close();
    await other?.close();
  });

  async function usersWithEmail(email: string) {
    return t.hub.db.select().from(platformUsers).where(eq(platformUsers.email, email));
  }

  it('JIT sign-up: a new person gets an account, a session like a password sign-in, and one audit row', async () => {
    acme.accounts.set('alice-sub', { email: 'Alice@Acme.test', email_verified: true, name: 'Alice Upstream' });
    const res = await signInVia(t, 'acme', 'alice-sub', { query: '?return_to=/account/security' });
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toBe('/account/security');
    const session = await sessionOf(t, res);
    expect(session?.row.amr).toEqual(['fed']);
    const me = (await t.client.get('/api/auth/session', { cookie: session!.cookie })).json();
    expect(me.user).toMatchObject({ email: 'alice@acme.test', full_name: 'Alice Upstream', email_verified: true });
    const [identity] = await t.hub.db
      .select()
      .from(federatedIdentities)
      .where(eq(federatedIdentities.subject, 'alice-sub'));
    expect(identity).toMatchObject({ providerId: acmeId, userId: me.user.id, emailAtLink: 'alice@acme.test' });
    expect(await auditRowsOf(t, 'federated_account_created', 'subject', 'alice-sub')).toHaveLength(1);
    // The state cookie is spent with the callback.
    expect(String(res.headers['set-cookie'])).toMatch(/hub_sso=;/);
  });

  it('signs in again by subject after the upstream email changed (no second account)', async () => {
    acme.accounts.set('dana-sub', { email: 'dana@acme.test', email_verified: true });
    const first = await signInVia(t, 'acme', 'dana-sub');
    const userId = (await sessionOf(t, first))!.row.userId;
    acme.accounts.set('dana-sub', { email: 'dana.renamed@acme.test', email_verified: true });
    const again = await signInVia(t, 'acme', 'dana-sub');
    expect(again.statusCode, again.body).toBe(303);
    expect((await sessionOf(t, again))!.row.userId).toBe(userId);
    expect(await usersWithEmail('dana.renamed@acme.test')).toHaveLength(0);
    expect(await auditRowsOf(t, 'federated_sign_in', 'subject', 'dana-sub')).toHaveLength(1);
  });

  it('never links silently to an existing account with the same email: sent to prove it, audited, nothing linked', async () => {
    const bob = await createUser(t.hub, { email: 'bob@acme.test' });
    await t.hub.db.update(platformUsers).set({ emailVerifiedAt: t.hub.clock() }).where(eq(platformUsers.id, bob.id));
    acme.accounts.set('bob-sub', { email: 'bob@acme.test', email_verified: true });
    const res = await signInVia(t, 'acme', 'bob-sub');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/auth?link=acme');
    expect(await sessionOf(t, res)).toBeNull();
    expect(await t.hub.db.select().from(federatedIdentities).where(eq(federatedIdentities.subject, 'bob-sub'))).toEqual(
      [],
    );
    const rows = await auditRowsOf(t, 'federated_link_required', 'subject', 'bob-sub');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: bob.id, details: { provider: 'acme', email: 'bob@acme.test' } });
  });

  it('refuses an existing account whose email was never verified', async () => {
    const carol = await createUser(t.hub, { email: 'carol@acme.test' });
    acme.accounts.set('carol-sub', { email: 'carol@acme.test', email_verified: true });
    const res = await signInVia(t, 'acme', 'carol-sub');
    expect(res.statusCode).toBe(403);
    expect(await sessionOf(t, res)).toBeNull();
    expect(await t.hub.db.select().from(federatedIdentities).where(eq(federatedIdentities.userId, carol.id))).toEqual(
      [],
    );
    const rows = await auditRowsOf(t, 'federated_sign_in_refused', 'subject', 'carol-sub');
    expect(rows.map((r) => (r.details as { reason: string }).reason)).toEqual(['unverified_local_account']);
  });

  it('creates no account through a provider that may only sign in existing accounts', async () => {
    other.accounts.set('erin-sub', { email: 'erin@other.test', email_verified: true });
    const res = await signInVia(t, 'other', 'erin-sub');
    expect(res.statusCode).toBe(403);
    expect(await usersWithEmail('erin@other.test')).toEqual([]);
    const rows = await auditRowsOf(t, 'federated_sign_in_refused', 'subject', 'erin-sub');
    expect(rows.map((r) => (r.details as { reason: string }).reason)).toEqual(['accounts_not_created']);
  });

  it('creates no account from an upstream email the provider does not assert verified (issue 38, finding 2)', async () => {
    // Before issue 38 this created an unverified account, which its owner reset while this identity stayed linked.
    acme.accounts.set('fay-sub', { email: 'fay@acme.test', email_verified: false });
    const res = await signInVia(t, 'acme', 'fay-sub');
    expect(res.statusCode, res.body).toBe(403);
    expect(await usersWithEmail('fay@acme.test')).toEqual([]);
    const rows = await auditRowsOf(t, 'federated_sign_in_refused', 'subject', 'fay-sub');
    expect(rows.map((r) => (r.details as { reason: string }).reason)).toEqual(['unverified_upstream_email']);
  });

  it('refuses a mix-up: one provider\u2019s answer delivered to the other\u2019s callback', async () => {
    other.accounts.set('mallory-sub', { email: 'mallory@acme.test', email_verified: true });
    // The browser started at "other" and comes back from it, but at acme's callback.
    const atOther = await startAt(t, 'other');
    const fromOther = await signInAtUpstream(atOther.location, 'mallory-sub');
    const swapped = new URL(fromOther);
    swapped.pathname = '/auth/sso/acme/callback';
    const crossed = await deliver(t, swapped, atOther.ssoCookie);
    expect(crossed.statusCode).toBe(400);
    // The browser started at acme; the answer (code and iss) is other's, with acme's state: iss differs (RFC 9207).
    const atAcme = await startAt(t, 'acme');
    const acmeState = new URL(atAcme.location).searchParams.get('state')!;
    const fromOther2 = await signInAtUpstream((await startAt(t, 'other')).location, 'mallory-sub');
    const forged = new URL(callbackOf(t, 'acme'));
    forged.searchParams.set('code', fromOther2.searchParams.get('code')!);
    forged.searchParams.set('state', acmeState);
    forged.searchParams.set('iss', fromOther2.searchParams.get('iss')!);
    const mixed = await deliver(t, forged, atAcme.ssoCookie);
    expect(mixed.statusCode).toBe(400);
    expect(mixed.body).toContain('href="/auth"');
    expect(await usersWithEmail('mallory@acme.test')).toEqual([]);
    const reasons = (await auditRowsOf(t, 'federated_sign_in_refused', 'provider', 'acme')).map(
      (r) => (r.details as { reason: string }).reason,
    );
    expect(reasons).toContain('provider_mismatch');
    expect(reasons.some((r) => r.startsWith('response_refused:'))).toBe(true);
  });

  it('refuses a wrong state, and a callback without the browser\u2019s state cookie', async () => {
    acme.accounts.set('gus-sub', { email: 'gus@acme.test', email_verified: true });
    const { location, ssoCookie } = await startAt(t, 'acme');
    const back = await signInAtUpstream(location, 'gus-sub');
    const tampered = new URL(back);
    tampered.searchParams.set('state', 'not-the-state');
    const wrong = await deliver(t, tampered, ssoCookie);
    expect(wrong.statusCode).toBe(400);
    const noCookie = await deliver(t, back);
    expect(noCookie.statusCode).toBe(400);
    expect(await usersWithEmail('gus@acme.test')).toEqual([]);
    const reasons = (await auditRowsOf(t, 'federated_sign_in_refused', 'provider', 'acme')).map(
      (r) => (r.details as { reason: string }).reason,
    );
    expect(reasons).toContain('state_missing');
  });

  it('refuses the provider\u2019s error answer and a forged state cookie, creating nothing', async () => {
    const { location, ssoCookie } = await startAt(t, 'acme');
    const state = new URL(location).searchParams.get('state')!;
    const denied = new URL(callbackOf(t, 'acme'));
    denied.search = new URLSearchParams({ error: 'access_denied', state, iss: acme.issuer }).toString();
    const res = await deliver(t, denied, ssoCookie);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('href="/auth"');
    expect(await auditRowsOf(t, 'federated_sign_in_refused', 'reason', 'upstream_error')).toHaveLength(1);

    acme.accounts.set('kim-sub', { email: 'kim@acme.test', email_verified: true });
    const started = await startAt(t, 'acme');
    const back = await signInAtUpstream(started.location, 'kim-sub');
    const value = started.ssoCookie.slice(started.ssoCookie.indexOf('=') + 1);
    const forged = `${started.ssoCookie.slice(0, started.ssoCookie.indexOf('=') + 1)}${value.slice(0, -4)}AAAA`;
    expect((await deliver(t, back, forged)).statusCode).toBe(400);
    expect(await usersWithEmail('kim@acme.test')).toEqual([]);
  });

  it('keeps return_to to the hub\u2019s own paths (a sister app\u2019s authorization request survives the detour)', async () => {
    acme.accounts.set('hal-sub', { email: 'hal@acme.test', email_verified: true });
    const pending = '/oauth/authorize?client_id=hub_x&response_type=code&state=s1';
    const res = await signInVia(t, 'acme', 'hal-sub', { query: `?return_to=${encodeURIComponent(pending)}` });
    expect(res.headers.location).toBe(pending);
    for (const outside of ['//evil.test/x', 'https://evil.test/', '/\\evil.test', '/auth/sso/acme']) {
      const again = await signInVia(t, 'acme', 'hal-sub', { query: `?return_to=${encodeURIComponent(outside)}` });
      expect(again.headers.location).toBe('/account');
    }
  });

  it('asks for the hub\u2019s second factor unless a provider trusted for MFA asserts it', async () => {
    acme.accounts.set('ivy-sub', { email: 'ivy@acme.test', email_verified: true });
    const first = await signInVia(t, 'acme', 'ivy-sub');
    const ivyId = (await sessionOf(t, first))!.row.userId!;
    await enrolFixtureTotp(t.hub, ivyId);
    const refused = await signInVia(t, 'acme', 'ivy-sub', { amr: ['pwd', 'mfa'] });
    expect(refused.statusCode).toBe(403);
    expect(await sessionOf(t, refused)).toBeNull();
    await t.client
      .asBrowser(adminCookie)
      .patch(`/api/admin/identity-providers/${acmeId}`, { body: { trusts_mfa: true } });
    const trusted = await signInVia(t, 'acme', 'ivy-sub', { amr: ['pwd', 'mfa'], jar: new CookieJar() });
    expect(trusted.statusCode, trusted.body).toBe(303);
    expect((await sessionOf(t, trusted))!.row.amr).toEqual(['fed', 'pwd', 'mfa']);
    await t.client
      .asBrowser(adminCookie)
      .patch(`/api/admin/identity-providers/${acmeId}`, { body: { trusts_mfa: false } });
  });

  it('refuses an unknown slug and a disabled provider with a page back to /auth and one audit row each', async () => {
    const unknown = await t.client.get('/auth/sso/no-such-provider');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toMatch(/text\/html/);
    expect(unknown.body).toContain('href="/auth"');
    expect(await auditRowsOf(t, 'federated_sign_in_refused', 'reason', 'unknown_provider')).toHaveLength(1);

    const started = await startAt(t, 'acme');
    await t.client
      .asBrowser(adminCookie)
      .patch(`/api/admin/identity-providers/${acmeId}`, { body: { enabled: false } });
    const disabled = await t.client.get('/auth/sso/acme');
    expect(disabled.statusCode).toBe(404);
    acme.accounts.set('jo-sub', { email: 'jo@acme.test', email_verified: true });
    const back = await signInAtUpstream(started.location, 'jo-sub');
    const late = await deliver(t, back, started.ssoCookie);
    expect(late.statusCode).toBe(404);
    expect(await usersWithEmail('jo@acme.test')).toEqual([]);
    expect(await auditRowsOf(t, 'federated_sign_in_refused', 'reason', 'provider_disabled')).toHaveLength(2);
    await t.client.asBrowser(adminCookie).patch(`/api/admin/identity-providers/${acmeId}`, { body: { enabled: true } });
  });
});
