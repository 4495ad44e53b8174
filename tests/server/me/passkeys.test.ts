import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TEST_DATABASES } from '../../helpers/test-hub';
import { FIXTURE_PASSWORD, createUser, sessionCookieFor } from '../../helpers/fixtures';
import { SoftAuthenticator } from '../../helpers/soft-authenticator';
import { auditLogs, authSessions, webauthnCredentials } from '../../../src/server/db/schema/index';
import { sha256Hex } from '../../../src/server/crypto/tokens';
import { cookieFrom, cookieValue } from '../../helpers/cookies';
import { MFA_PENDING_COOKIE } from '../../../src/server/auth/routes';
import { useTestHub } from '../../helpers/use-test-hub';

describe.each(TEST_DATABASES)('passkeys (WebAuthn) [%s]', (kind) => {
  const t = useTestHub(kind);
  let origin: string;
  beforeAll(async () => {
    origin = new URL(t.hub.config.publicUrl).origin;
  });

  async function withPasskey() {
    const user = await createUser(t.hub);
    const cookie = await sessionCookieFor(t.hub, user);
    const authenticator = new SoftAuthenticator(origin);
    const options = await t.client.asBrowser(cookie).post('/api/me/passkeys/options');
    expect(options.statusCode).toBe(200);
    const registered = await t.client
      .asBrowser(cookie)
      .post('/api/me/passkeys', { body: authenticator.register(options.json()) });
    expect(registered.statusCode).toBe(201);
    return { user, cookie, authenticator, passkey: registered.json() };
  }

  it('registration options are what the library generates: discoverable, user verification required, no attestation', async () => {
    const user = await createUser(t.hub);
    const cookie = await sessionCookieFor(t.hub, user);
    const res = await t.client.asBrowser(cookie).post('/api/me/passkeys/options');
    const options = res.json();
    expect(options).toMatchObject({
      rp: { name: 'Ecosystem Hub', id: new URL(origin).hostname },
      user: { name: user.email },
      attestation: 'none',
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    expect(options.pubKeyCredParams.map((p: { alg: number }) => p.alg)).toContain(-7);
    expect(options.challenge).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect((await t.client.post('/api/me/passkeys/options', { csrf: true })).statusCode).toBe(401);
  });

  it('registers a passkey, lists it, and signs in with it alone (amr hwk): no email, no password', async () => {
    const { user, cookie, authenticator, passkey } = await withPasskey();
    expect(passkey).toMatchObject({ name: 'Passkey 1', last_used_at: null });
    const list = await t.client.get('/api/me/passkeys', { cookie });
    expect(list.json().passkeys.map((p: { id: string }) => p.id)).toEqual([passkey.id]);
    const [row] = await t.hub.db.select().from(webauthnCredentials).where(eq(webauthnCredentials.userId, user.id));
    expect(row.credentialId).toBe(authenticator.id);

    const options = (await t.client.post('/api/auth/passkey/options', { csrf: true })).json();
    expect(options.userVerification).toBe('required');
    expect(options.allowCredentials ?? []).toEqual([]);
    const res = await t.client.post('/api/auth/passkey', { csrf: true, body: authenticator.authenticate(options) });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.id).toBe(user.id);
    const [session] = await t.hub.db
      .select()
      .from(authSessions)
      .where(eq(authSessions.sessionTokenHash, sha256Hex(cookieValue(cookieFrom(res)!))));
    expect(session.amr).toEqual(['hwk', 'mfa']);
    const me = await t.client.get('/api/me', { cookie: cookieFrom(res)! });
    expect(me.json().mfa.passkeys).toBe(1);
  });

  it('refuses a replayed challenge, a wrong origin, an assertion without user verification and an unknown key', async () => {
    const { authenticator } = await withPasskey();
    const options = (await t.client.post('/api/auth/passkey/options', { csrf: true })).json();
    const assertion = authenticator.authenticate(options);
    expect((await t.client.post('/api/auth/passkey', { csrf: true, body: assertion })).statusCode).toBe(200);
    const replay = await t.client.post('/api/auth/passkey', { csrf: true, body: assertion });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error.code).toBe('passkey_invalid');

    const other = (await t.client.post('/api/auth/passkey/options', { csrf: true })).json();
    expect(
      (
        await t.client.post('/api/auth/passkey', {
          csrf: true,
          body: authenticator.authenticate(other, { origin: 'https://evil.example' }),
        })
      ).statusCode,
    ).toBe(401);

    authenticator.userVerified = false;
    const noUv = (await t.client.post('/api/auth/passkey/options', { csrf: true })).json();
    expect(
      (await t.client.post('/api/auth/passkey', { csrf: true, body: authenticator.authenticate(noUv) })).statusCode,
    ).toBe(401);

    const stranger = new SoftAuthenticator(origin);
    const unknown = (await t.client.post('/api/auth/passkey/options', { csrf: true })).json();
    expect(
      (await t.client.post('/api/auth/passkey', { csrf: true, body: stranger.authenticate(unknown) })).statusCode,
    ).toBe(401);
    // A made-up challenge never issued by the hub.
    const forged = authenticator.authenticate({ challenge: 'bm90LWlzc3VlZA' });
    expect((await t.client.post('/api/auth/passkey', { csrf: true, body: forged })).statusCode).toBe(401);
  });

  it('a password sign-in of a passkey account asks for the passkey; the assertion completes it (amr pwd+hwk)', async () => {
    const { user, authenticator } = await withPasskey();
    const step = await t.client.post('/api/auth/sign-in', {
      csrf: true,
      body: { email: user.email, password: FIXTURE_PASSWORD },
    });
    expect(step.json()).toEqual({ mfa_required: true, methods: ['passkey'] });
    const pending = cookieFrom(step, MFA_PENDING_COOKIE)!;
    const options = (await t.client.asBrowser(pending).post('/api/auth/passkey/options')).json();
    const done = await t.client
      .asBrowser(pending)
      .post('/api/auth/sign-in/mfa', { body: authenticator.authenticate(options) });
    expect(done.statusCode).toBe(200);
    const [session] = await t.hub.db
      .select()
      .from(authSessions)
      .where(eq(authSessions.sessionTokenHash, sha256Hex(cookieValue(cookieFrom(done)!))));
    expect(session.amr).toEqual(['pwd', 'hwk', 'mfa']);

    // Someone else's passkey does not complete this user's sign-in.
    const other = await withPasskey();
    const again = await t.client.post('/api/auth/sign-in', {
      csrf: true,
      body: { email: user.email, password: FIXTURE_PASSWORD },
    });
    const foreignOptions = (
      await t.client.asBrowser(cookieFrom(again, MFA_PENDING_COOKIE)!).post('/api/auth/passkey/options')
    ).json();
    const foreign = await t.client
      .asBrowser(cookieFrom(again, MFA_PENDING_COOKIE)!)
      .post('/api/auth/sign-in/mfa', { body: other.authenticator.authenticate(foreignOptions) });
    expect(foreign.statusCode).toBe(401);
  });

  it('re-authenticates with a passkey assertion (step-up); the password alone is not enough for a passkey account', async () => {
    const { cookie, authenticator } = await withPasskey();
    const password = await t.client
      .asBrowser(cookie)
      .post('/api/auth/reauthenticate', { body: { password: FIXTURE_PASSWORD } });
    expect(password.statusCode).toBe(401);
    expect(password.json().error.code).toBe('invalid_code');
    t.clock.advanceMinutes(20);
    const options = (await t.client.asBrowser(cookie).post('/api/auth/passkey/options')).json();
    const res = await t.client
      .asBrowser(cookie)
      .post('/api/auth/reauthenticate', { body: authenticator.authenticate(options) });
    expect(res.statusCode).toBe(200);
    expect(res.json().authenticated_at).toBe(t.clock.now().toISOString());
    const [session] = await t.hub.db
      .select()
      .from(authSessions)
      .where(eq(authSessions.sessionTokenHash, sha256Hex(cookieValue(cookie))));
    expect(session.amr).toEqual(['hwk', 'mfa']);
    expect(session.authTime.getTime()).toBe(t.clock.now().getTime());
    // Another user's passkey does not re-authenticate this session.
    const other = await withPasskey();
    const foreign = (await t.client.asBrowser(cookie).post('/api/auth/passkey/options')).json();
    expect(
      (
        await t.client
          .asBrowser(cookie)
          .post('/api/auth/reauthenticate', { body: other.authenticator.authenticate(foreign) })
      ).statusCode,
    ).toBe(401);
  });

  it(
    'bounds passkey sign-in options per address: 300 a minute, then 429 + Retry-After',
    { timeout: 180_000 },
    async () => {
      const ask = () => t.client.post('/api/auth/passkey/options', { csrf: true, remoteAddress: '10.77.0.1' });
      for (let i = 0; i < 300; i++) expect((await ask()).statusCode).toBe(200);
      const limited = await ask();
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      t.clock.advance(61_000);
      expect((await ask()).statusCode).toBe(200);
    },
  );

  it('deletes only its own passkeys; a deleted passkey no longer signs in', async () => {
    const { cookie, authenticator, passkey } = await withPasskey();
    const stranger = await withPasskey();
    const foreign = await t.client.asBrowser(stranger.cookie).delete(`/api/me/passkeys/${passkey.id}`);
    expect(foreign.statusCode).toBe(404);
    const del = await t.client.asBrowser(cookie).delete(`/api/me/passkeys/${passkey.id}`);
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ deleted: true });
    const options = (await t.client.post('/api/auth/passkey/options', { csrf: true })).json();
    expect(
      (await t.client.post('/api/auth/passkey', { csrf: true, body: authenticator.authenticate(options) })).statusCode,
    ).toBe(401);
  });

  it('adding or removing a second factor needs a recent authentication, as a stolen session would not have', async () => {
    const { user, cookie, authenticator, passkey } = await withPasskey();
    const fresh = await createUser(t.hub);
    const freshCookie = await sessionCookieFor(t.hub, fresh);
    // Registering the passkey verified the user on it: the session counts it as its second factor.
    const unknown = await t.client.asBrowser(cookie).delete('/api/me/passkeys/00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    t.clock.advance(10 * 60_000 + 1000);
    const del = () => t.client.asBrowser(cookie).delete(`/api/me/passkeys/${passkey.id}`);
    const attempts = [
      await del(),
      await t.client.asBrowser(cookie).post('/api/me/passkeys/options'),
      await t.client.asBrowser(cookie).post('/api/me/mfa/totp'),
      await t.client.asBrowser(freshCookie).post('/api/me/mfa/totp'),
    ];
    for (const res of attempts) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toMatchObject({
        code: 'reauthentication_required',
        reauthenticate: '/api/auth/reauthenticate',
      });
    }
    const refusals = await t.hub.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.eventType, 'reauthentication_required'))
      .orderBy(auditLogs.id);
    expect(refusals.filter((r) => r.userId === user.id).map((r) => (r.details as { route: string }).route)).toEqual([
      '/api/me/passkeys/:id',
      '/api/me/passkeys/options',
      '/api/me/mfa/totp',
    ]);
    expect(
      await t.hub.db.select().from(webauthnCredentials).where(eq(webauthnCredentials.userId, user.id)),
    ).toHaveLength(1);

    // Confirmed with the passkey, the session may change its factors again.
    const options = (await t.client.asBrowser(cookie).post('/api/auth/passkey/options')).json();
    expect(
      (await t.client.asBrowser(cookie).post('/api/auth/reauthenticate', { body: authenticator.authenticate(options) }))
        .statusCode,
    ).toBe(200);
    expect((await del()).statusCode).toBe(200);
    // Without a second factor, the password alone renews it.
    expect(
      (await t.client.asBrowser(freshCookie).post('/api/auth/reauthenticate', { body: { password: FIXTURE_PASSWORD } }))
        .statusCode,
    ).toBe(200);
    expect((await t.client.asBrowser(freshCookie).post('/api/me/mfa/totp')).statusCode).toBe(200);
  });

  it('refuses a registration made for another challenge or origin', async () => {
    const user = await createUser(t.hub);
    const cookie = await sessionCookieFor(t.hub, user);
    const authenticator = new SoftAuthenticator(origin);
    const options = (await t.client.asBrowser(cookie).post('/api/me/passkeys/options')).json();
    const wrongOrigin = await t.client
      .asBrowser(cookie)
      .post('/api/me/passkeys', { body: authenticator.register(options, { origin: 'https://evil.example' }) });
    expect(wrongOrigin.statusCode).toBe(401);
    const unissued = await t.client
      .asBrowser(cookie)
      .post('/api/me/passkeys', { body: authenticator.register({ ...options, challenge: 'bm9wZQ' }) });
    expect(unissued.statusCode).toBe(401);
    // Another user's challenge cannot be used.
    const other = await createUser(t.hub);
    const otherCookie = await sessionCookieFor(t.hub, other);
    const otherOptions = (await t.client.asBrowser(otherCookie).post('/api/me/passkeys/options')).json();
    expect(
      (await t.client.asBrowser(cookie).post('/api/me/passkeys', { body: authenticator.register(otherOptions) }))
        .statusCode,
    ).toBe(401);
  });
});
