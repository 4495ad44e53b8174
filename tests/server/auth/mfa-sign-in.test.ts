import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { TEST_DATABASES } from '../../helpers/test-hub';
import { FIXTURE_PASSWORD, createUser, sessionCookieFor } from '../../helpers/fixtures';
import { authSessions, mfaRecoveryCodes, mfaTotp } from '../../../src/server/db/schema/index';
import { sha256Hex } from '../../../src/server/crypto/tokens';
import { cookieFrom, cookieValue, setCookieLine } from '../../helpers/cookies';
import { MFA_PENDING_COOKIE } from '../../../src/server/auth/routes';
import { useTestHub } from '../../helpers/use-test-hub';

describe.each(TEST_DATABASES)('TOTP, recovery codes and the MFA sign-in step [%s]', (kind) => {
  const t = useTestHub(kind);

  const codeAt = (secret: string, offsetSteps = 0) =>
    generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) + offsetSteps * 30 });

  /** A user who enrolled TOTP through the API; returns the secret and recovery codes. */
  async function enrolled() {
    const user = await createUser(t.hub);
    const cookie = await sessionCookieFor(t.hub, user);
    const setup = await t.client.asBrowser(cookie).post('/api/me/mfa/totp');
    expect(setup.statusCode).toBe(200);
    const { secret, otpauth_uri } = setup.json();
    t.clock.advance(30_000);
    const confirmed = await t.client
      .asBrowser(cookie)
      .post('/api/me/mfa/totp/confirm', { body: { code: await codeAt(secret) } });
    expect(confirmed.statusCode).toBe(200);
    t.clock.advance(30_000);
    return { user, cookie, secret, otpauth_uri, recovery: confirmed.json().recovery_codes as string[] };
  }

  async function passwordStep(email: string) {
    const res = await t.client.post('/api/auth/sign-in', { csrf: true, body: { email, password: FIXTURE_PASSWORD } });
    expect(res.statusCode).toBe(200);
    return { res, pending: cookieFrom(res, MFA_PENDING_COOKIE)! };
  }

  it('enrols: secret sealed at rest, otpauth URI, a wrong code refused, 10 recovery codes stored hashed', async () => {
    const user = await createUser(t.hub);
    const cookie = await sessionCookieFor(t.hub, user);
    const setup = await t.client.asBrowser(cookie).post('/api/me/mfa/totp');
    const { secret, otpauth_uri } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    const uri = new URL(otpauth_uri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('secret')).toBe(secret);
    expect(uri.searchParams.get('issuer')).toBe('Ecosystem Hub');
    const [row] = await t.hub.db.select().from(mfaTotp).where(eq(mfaTotp.userId, user.id));
    expect(row.secretEnc).not.toContain(secret);
    expect(row.confirmedAt).toBeNull();
    // Not enrolled until confirmed: sign-in still needs the password only.
    expect(
      (
        await t.client.post('/api/auth/sign-in', {
          csrf: true,
          body: { email: user.email, password: FIXTURE_PASSWORD },
        })
      ).json(),
    ).toHaveProperty('user');

    const wrong = await t.client.asBrowser(cookie).post('/api/me/mfa/totp/confirm', { body: { code: '000000' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.code).toBe('invalid_code');
    const bad = await t.client.asBrowser(cookie).post('/api/me/mfa/totp/confirm', { body: { code: 'abc' } });
    expect(bad.statusCode).toBe(400);

    const ok = await t.client
      .asBrowser(cookie)
      .post('/api/me/mfa/totp/confirm', { body: { code: await codeAt(secret) } });
    expect(ok.statusCode).toBe(200);
    const codes: string[] = ok.json().recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const stored = await t.hub.db.select().from(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, user.id));
    expect(stored).toHaveLength(10);
    // Keyed by the master key: not the code, nor any plain hash of it a copy of the table could test.
    for (const c of codes) {
      const plain = [c, c.replace('-', ''), `${user.id}:${c.replace('-', '')}`].map(sha256Hex);
      expect(stored.some((s) => s.codeHash.includes(c) || plain.includes(s.codeHash))).toBe(false);
    }

    const me = (await t.client.get('/api/me', { cookie })).json();
    expect(me.mfa).toEqual({ totp: true, passkeys: 0, recovery_codes_left: 10 });
    expect((await t.client.asBrowser(cookie).post('/api/me/mfa/totp')).statusCode).toBe(409);
  });

  it('sign-in with the right password answers mfa_required and a 5-minute pending cookie, not a session', async () => {
    const { user } = await enrolled();
    const { res, pending } = await passwordStep(user.email);
    expect(res.json()).toEqual({ mfa_required: true, methods: ['totp', 'recovery_code'] });
    expect(setCookieLine(res)).toBeUndefined();
    const line = String(setCookieLine(res, MFA_PENDING_COOKIE));
    expect(line).toMatch(/Max-Age=300/);
    expect(line).toMatch(/Path=\/api\/auth/);
    expect(line).toMatch(/HttpOnly/i);
    const sessions = await t.hub.db.select().from(authSessions).where(eq(authSessions.userId, user.id));
    expect(sessions.filter((s) => s.isActive && s.kind === 'browser')).toHaveLength(1); // only the enrolment one

    // The pending cookie reaches no other route, under its own name or as a session cookie.
    const token = cookieValue(pending);
    for (const cookie of [pending, `hub_session=${token}`]) {
      expect((await t.client.get('/api/me', { cookie })).statusCode).toBe(401);
      expect((await t.client.get('/api/me/sessions', { cookie })).statusCode).toBe(401);
      expect((await t.client.get('/api/admin/users', { cookie })).statusCode).toBe(401);
      expect((await t.client.asBrowser(cookie).post('/api/me/mfa/totp')).statusCode).toBe(401);
      expect(
        (await t.client.asBrowser(cookie).post('/api/auth/reauthenticate', { body: { password: FIXTURE_PASSWORD } }))
          .statusCode,
      ).toBe(401);
      const session = await t.client.get('/api/auth/session', { cookie });
      expect(session.json().user).toBeNull();
    }
  });

  it('the code completes the sign-in once; the session records amr pwd+otp; a replayed code is refused', async () => {
    const { user, secret } = await enrolled();
    const { pending } = await passwordStep(user.email);
    const code = await codeAt(secret);
    const done = await t.client.asBrowser(pending).post('/api/auth/sign-in/mfa', { body: { code } });
    expect(done.statusCode).toBe(200);
    expect(done.json().user.id).toBe(user.id);
    const session = cookieFrom(done)!;
    const [row] = await t.hub.db
      .select()
      .from(authSessions)
      .where(eq(authSessions.sessionTokenHash, sha256Hex(cookieValue(session))));
    expect(row.amr).toEqual(['pwd', 'otp', 'mfa']);
    expect(row.authTime.getTime()).toBe(t.clock.now().getTime());

    // The pending sign-in is used up.
    const again = await t.client.asBrowser(pending).post('/api/auth/sign-in/mfa', { body: { code } });
    expect(again.statusCode).toBe(401);
    expect(again.json().error.code).toBe('mfa_pending_expired');

    // Replay: the same code (same step) on a new pending sign-in is refused, so is an earlier step.
    const second = await passwordStep(user.email);
    const replay = await t.client.asBrowser(second.pending).post('/api/auth/sign-in/mfa', { body: { code } });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error.code).toBe('invalid_code');
    const earlier = await t.client
      .asBrowser(second.pending)
      .post('/api/auth/sign-in/mfa', { body: { code: await codeAt(secret, -1) } });
    expect(earlier.statusCode).toBe(401);
    // The next step is fine (±1 step tolerance: a code of the next step is accepted now).
    const next = await t.client
      .asBrowser(second.pending)
      .post('/api/auth/sign-in/mfa', { body: { code: await codeAt(secret, 1) } });
    expect(next.statusCode).toBe(200);
  });

  it('two requests with the same code at once: exactly one session', async () => {
    const { user, secret } = await enrolled();
    const a = await passwordStep(user.email);
    const b = await passwordStep(user.email);
    const code = await codeAt(secret);
    const results = await Promise.all([
      t.client.asBrowser(a.pending).post('/api/auth/sign-in/mfa', { body: { code } }),
      t.client.asBrowser(b.pending).post('/api/auth/sign-in/mfa', { body: { code } }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401]);
  });

  it('a recovery code works once (case, dashes and spaces do not matter)', async () => {
    const { user, recovery, cookie } = await enrolled();
    const first = await passwordStep(user.email);
    const typed = ` ${recovery[3].toUpperCase().replace('-', ' ')} `;
    const ok = await t.client
      .asBrowser(first.pending)
      .post('/api/auth/sign-in/mfa', { body: { recovery_code: typed } });
    expect(ok.statusCode).toBe(200);
    const second = await passwordStep(user.email);
    const reused = await t.client
      .asBrowser(second.pending)
      .post('/api/auth/sign-in/mfa', { body: { recovery_code: recovery[3] } });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().error.code).toBe('invalid_code');
    const me = (await t.client.get('/api/me', { cookie: cookieFrom(ok) })).json();
    expect(me.mfa.recovery_codes_left).toBe(9);
    expect(cookie).toBeDefined();
  });

  it('a recovery code stored by the unkeyed hash of earlier versions still works, once', async () => {
    const { user } = await enrolled();
    const legacy = 'abcde-fghjk';
    await t.hub.db.insert(mfaRecoveryCodes).values({ userId: user.id, codeHash: sha256Hex(`${user.id}:abcdefghjk`) });
    const first = await passwordStep(user.email);
    expect(
      (await t.client.asBrowser(first.pending).post('/api/auth/sign-in/mfa', { body: { recovery_code: legacy } }))
        .statusCode,
    ).toBe(200);
    const second = await passwordStep(user.email);
    expect(
      (await t.client.asBrowser(second.pending).post('/api/auth/sign-in/mfa', { body: { recovery_code: legacy } }))
        .statusCode,
    ).toBe(401);
  });

  it('wrong codes count toward the sign-in brute-force limit (429, then even the password is blocked)', async () => {
    const { user, secret } = await enrolled();
    const { pending } = await passwordStep(user.email); // attempt 1 (not cleared: no session yet)
    for (let i = 0; i < 3; i++) {
      const res = await t.client.asBrowser(pending).post('/api/auth/sign-in/mfa', { body: { code: '000000' } });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.attempts_remaining).toBe(3 - i);
    }
    const fifth = await t.client.asBrowser(pending).post('/api/auth/sign-in/mfa', { body: { code: '000001' } });
    expect(fifth.statusCode).toBe(429);
    expect(fifth.headers['retry-after']).toBeDefined();
    const right = await t.client
      .asBrowser(pending)
      .post('/api/auth/sign-in/mfa', { body: { code: await codeAt(secret) } });
    expect(right.statusCode).toBe(429);
    expect(
      (
        await t.client.post('/api/auth/sign-in', {
          csrf: true,
          body: { email: user.email, password: FIXTURE_PASSWORD },
        })
      ).statusCode,
    ).toBe(429);
  });

  it('the pending sign-in expires after 5 minutes', async () => {
    const { user, secret } = await enrolled();
    const { pending } = await passwordStep(user.email);
    t.clock.advance(5 * 60_000 + 1000);
    const res = await t.client
      .asBrowser(pending)
      .post('/api/auth/sign-in/mfa', { body: { code: await codeAt(secret) } });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('mfa_pending_expired');
    expect((await t.client.post('/api/auth/sign-in/mfa', { csrf: true, body: { code: '123456' } })).statusCode).toBe(
      401,
    );
  });

  it('recovery codes can be regenerated (old ones stop working) and TOTP removed, both with the password', async () => {
    const { user, cookie, recovery } = await enrolled();
    const del = (payload: object) => t.client.asBrowser(cookie).delete('/api/me/mfa/totp', { body: payload });
    expect(
      (
        await t.client
          .asBrowser(cookie)
          .post('/api/me/mfa/recovery-codes', { body: { current_password: 'Wrong-Pass-123!' } })
      ).statusCode,
    ).toBe(401);
    const regen = await t.client
      .asBrowser(cookie)
      .post('/api/me/mfa/recovery-codes', { body: { current_password: FIXTURE_PASSWORD } });
    expect(regen.statusCode).toBe(200);
    const fresh: string[] = regen.json().recovery_codes;
    expect(fresh).toHaveLength(10);
    const step = await passwordStep(user.email);
    expect(
      (await t.client.asBrowser(step.pending).post('/api/auth/sign-in/mfa', { body: { recovery_code: recovery[0] } }))
        .statusCode,
    ).toBe(401);
    expect(
      (await t.client.asBrowser(step.pending).post('/api/auth/sign-in/mfa', { body: { recovery_code: fresh[0] } }))
        .statusCode,
    ).toBe(200);

    expect((await del({ current_password: 'Wrong-Pass-123!' })).statusCode).toBe(401);
    const removed = await del({ current_password: FIXTURE_PASSWORD });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ totp: false, passkeys: 0, recovery_codes_left: 0 });
    const plain = await t.client.post('/api/auth/sign-in', {
      csrf: true,
      body: { email: user.email, password: FIXTURE_PASSWORD },
    });
    expect(plain.json().user.id).toBe(user.id);
    expect((await del({ current_password: FIXTURE_PASSWORD })).statusCode).toBe(409);
  });
});
