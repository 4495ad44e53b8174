import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { CSRF, TEST_DATABASES, createTestHub, type TestHub } from '../../helpers/test-hub';
import { FIXTURE_PASSWORD, createUser, sessionCookieFor } from '../../helpers/fixtures';
import { authSessions, mfaRecoveryCodes, mfaTotp } from '../../../src/server/db/schema/index';
import { sha256Hex } from '../../../src/server/crypto/tokens';

type Res = Awaited<ReturnType<TestHub['app']['inject']>>;
const cookieValue = (res: Res, name: string) => {
  const line = [res.headers['set-cookie']].flat().find((c) => String(c).startsWith(`${name}=`));
  return line ? String(line) : undefined;
};
const pair = (line: string | undefined) => String(line).split(';')[0];

describe.each(TEST_DATABASES)('TOTP, recovery codes and the MFA sign-in step [%s]', (kind) => {
  let t: TestHub;
  beforeAll(async () => {
    t = await createTestHub(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (url: string, payload?: object, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { ...CSRF, ...(cookie ? { cookie } : {}) },
      ...(payload ? { payload } : {}),
    });
  const codeAt = (secret: string, offsetSteps = 0) =>
    generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) + offsetSteps * 30 });

  /** A user who enrolled TOTP through the API; returns the secret and recovery codes. */
  async function enrolled() {
    const user = await createUser(t.hub);
    const cookie = await sessionCookieFor(t.hub, user);
    const setup = await post('/api/me/mfa/totp', undefined, cookie);
    expect(setup.statusCode).toBe(200);
    const { secret, otpauth_uri } = setup.json();
    t.clock.advance(30_000);
    const confirmed = await post('/api/me/mfa/totp/confirm', { code: await codeAt(secret) }, cookie);
    expect(confirmed.statusCode).toBe(200);
    t.clock.advance(30_000);
    return { user, cookie, secret, otpauth_uri, recovery: confirmed.json().recovery_codes as string[] };
  }

  async function passwordStep(email: string) {
    const res = await post('/api/auth/sign-in', { email, password: FIXTURE_PASSWORD });
    expect(res.statusCode).toBe(200);
    return { res, pending: pair(cookieValue(res, 'hub_mfa_pending')) };
  }

  it('enrols: secret sealed at rest, otpauth URI, a wrong code refused, 10 recovery codes stored hashed', async () => {
    const user = await createUser(t.hub);
    const cookie = await sessionCookieFor(t.hub, user);
    const setup = await post('/api/me/mfa/totp', undefined, cookie);
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
    expect((await post('/api/auth/sign-in', { email: user.email, password: FIXTURE_PASSWORD })).json()).toHaveProperty(
      'user',
    );

    const wrong = await post('/api/me/mfa/totp/confirm', { code: '000000' }, cookie);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.code).toBe('invalid_code');
    const bad = await post('/api/me/mfa/totp/confirm', { code: 'abc' }, cookie);
    expect(bad.statusCode).toBe(400);

    const ok = await post('/api/me/mfa/totp/confirm', { code: await codeAt(secret) }, cookie);
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

    const me = (await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json();
    expect(me.mfa).toEqual({ totp: true, passkeys: 0, recovery_codes_left: 10 });
    expect((await post('/api/me/mfa/totp', undefined, cookie)).statusCode).toBe(409);
  });

  it('sign-in with the right password answers mfa_required and a 5-minute pending cookie, not a session', async () => {
    const { user } = await enrolled();
    const { res, pending } = await passwordStep(user.email);
    expect(res.json()).toEqual({ mfa_required: true, methods: ['totp', 'recovery_code'] });
    expect(cookieValue(res, 'hub_session')).toBeUndefined();
    const line = String(cookieValue(res, 'hub_mfa_pending'));
    expect(line).toMatch(/Max-Age=300/);
    expect(line).toMatch(/Path=\/api\/auth/);
    expect(line).toMatch(/HttpOnly/i);
    const sessions = await t.hub.db.select().from(authSessions).where(eq(authSessions.userId, user.id));
    expect(sessions.filter((s) => s.isActive && s.kind === 'browser')).toHaveLength(1); // only the enrolment one

    // The pending cookie reaches no other route, under its own name or as a session cookie.
    const token = pending.split('=')[1];
    for (const cookie of [pending, `hub_session=${token}`]) {
      expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'GET', url: '/api/me/sessions', headers: { cookie } })).statusCode).toBe(
        401,
      );
      expect((await t.app.inject({ method: 'GET', url: '/api/admin/users', headers: { cookie } })).statusCode).toBe(
        401,
      );
      expect((await post('/api/me/mfa/totp', undefined, cookie)).statusCode).toBe(401);
      expect((await post('/api/auth/reauthenticate', { password: FIXTURE_PASSWORD }, cookie)).statusCode).toBe(401);
      const session = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
      expect(session.json().user).toBeNull();
    }
  });

  it('the code completes the sign-in once; the session records amr pwd+otp; a replayed code is refused', async () => {
    const { user, secret } = await enrolled();
    const { pending } = await passwordStep(user.email);
    const code = await codeAt(secret);
    const done = await post('/api/auth/sign-in/mfa', { code }, pending);
    expect(done.statusCode).toBe(200);
    expect(done.json().user.id).toBe(user.id);
    const session = pair(cookieValue(done, 'hub_session'));
    const [row] = await t.hub.db
      .select()
      .from(authSessions)
      .where(eq(authSessions.sessionTokenHash, sha256Hex(session.split('=')[1])));
    expect(row.amr).toEqual(['pwd', 'otp', 'mfa']);
    expect(row.authTime.getTime()).toBe(t.clock.now().getTime());

    // The pending sign-in is used up.
    const again = await post('/api/auth/sign-in/mfa', { code }, pending);
    expect(again.statusCode).toBe(401);
    expect(again.json().error.code).toBe('mfa_pending_expired');

    // Replay: the same code (same step) on a new pending sign-in is refused, so is an earlier step.
    const second = await passwordStep(user.email);
    const replay = await post('/api/auth/sign-in/mfa', { code }, second.pending);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error.code).toBe('invalid_code');
    const earlier = await post('/api/auth/sign-in/mfa', { code: await codeAt(secret, -1) }, second.pending);
    expect(earlier.statusCode).toBe(401);
    // The next step is fine (±1 step tolerance: a code of the next step is accepted now).
    const next = await post('/api/auth/sign-in/mfa', { code: await codeAt(secret, 1) }, second.pending);
    expect(next.statusCode).toBe(200);
  });

  it('two requests with the same code at once: exactly one session', async () => {
    const { user, secret } = await enrolled();
    const a = await passwordStep(user.email);
    const b = await passwordStep(user.email);
    const code = await codeAt(secret);
    const results = await Promise.all([
      post('/api/auth/sign-in/mfa', { code }, a.pending),
      post('/api/auth/sign-in/mfa', { code }, b.pending),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401]);
  });

  it('a recovery code works once (case, dashes and spaces do not matter)', async () => {
    const { user, recovery, cookie } = await enrolled();
    const first = await passwordStep(user.email);
    const typed = ` ${recovery[3].toUpperCase().replace('-', ' ')} `;
    const ok = await post('/api/auth/sign-in/mfa', { recovery_code: typed }, first.pending);
    expect(ok.statusCode).toBe(200);
    const second = await passwordStep(user.email);
    const reused = await post('/api/auth/sign-in/mfa', { recovery_code: recovery[3] }, second.pending);
    expect(reused.statusCode).toBe(401);
    expect(reused.json().error.code).toBe('invalid_code');
    const me = (
      await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: pair(cookieValue(ok, 'hub_session')) } })
    ).json();
    expect(me.mfa.recovery_codes_left).toBe(9);
    expect(cookie).toBeDefined();
  });

  it('a recovery code stored by the unkeyed hash of earlier versions still works, once', async () => {
    const { user } = await enrolled();
    const legacy = 'abcde-fghjk';
    await t.hub.db.insert(mfaRecoveryCodes).values({ userId: user.id, codeHash: sha256Hex(`${user.id}:abcdefghjk`) });
    const first = await passwordStep(user.email);
    expect((await post('/api/auth/sign-in/mfa', { recovery_code: legacy }, first.pending)).statusCode).toBe(200);
    const second = await passwordStep(user.email);
    expect((await post('/api/auth/sign-in/mfa', { recovery_code: legacy }, second.pending)).statusCode).toBe(401);
  });

  it('wrong codes count toward the sign-in brute-force limit (429, then even the password is blocked)', async () => {
    const { user, secret } = await enrolled();
    const { pending } = await passwordStep(user.email); // attempt 1 (not cleared: no session yet)
    for (let i = 0; i < 3; i++) {
      const res = await post('/api/auth/sign-in/mfa', { code: '000000' }, pending);
      expect(res.statusCode).toBe(401);
      expect(res.json().error.attempts_remaining).toBe(3 - i);
    }
    const fifth = await post('/api/auth/sign-in/mfa', { code: '000001' }, pending);
    expect(fifth.statusCode).toBe(429);
    expect(fifth.headers['retry-after']).toBeDefined();
    const right = await post('/api/auth/sign-in/mfa', { code: await codeAt(secret) }, pending);
    expect(right.statusCode).toBe(429);
    expect((await post('/api/auth/sign-in', { email: user.email, password: FIXTURE_PASSWORD })).statusCode).toBe(429);
  });

  it('the pending sign-in expires after 5 minutes', async () => {
    const { user, secret } = await enrolled();
    const { pending } = await passwordStep(user.email);
    t.clock.advance(5 * 60_000 + 1000);
    const res = await post('/api/auth/sign-in/mfa', { code: await codeAt(secret) }, pending);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('mfa_pending_expired');
    expect((await post('/api/auth/sign-in/mfa', { code: '123456' })).statusCode).toBe(401);
  });

  it('recovery codes can be regenerated (old ones stop working) and TOTP removed, both with the password', async () => {
    const { user, cookie, recovery } = await enrolled();
    const del = (payload: object) =>
      t.app.inject({ method: 'DELETE', url: '/api/me/mfa/totp', headers: { ...CSRF, cookie }, payload });
    expect((await post('/api/me/mfa/recovery-codes', { current_password: 'Wrong-Pass-123!' }, cookie)).statusCode).toBe(
      401,
    );
    const regen = await post('/api/me/mfa/recovery-codes', { current_password: FIXTURE_PASSWORD }, cookie);
    expect(regen.statusCode).toBe(200);
    const fresh: string[] = regen.json().recovery_codes;
    expect(fresh).toHaveLength(10);
    const step = await passwordStep(user.email);
    expect((await post('/api/auth/sign-in/mfa', { recovery_code: recovery[0] }, step.pending)).statusCode).toBe(401);
    expect((await post('/api/auth/sign-in/mfa', { recovery_code: fresh[0] }, step.pending)).statusCode).toBe(200);

    expect((await del({ current_password: 'Wrong-Pass-123!' })).statusCode).toBe(401);
    const removed = await del({ current_password: FIXTURE_PASSWORD });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ totp: false, passkeys: 0, recovery_codes_left: 0 });
    const plain = await post('/api/auth/sign-in', { email: user.email, password: FIXTURE_PASSWORD });
    expect(plain.json().user.id).toBe(user.id);
    expect((await del({ current_password: FIXTURE_PASSWORD })).statusCode).toBe(409);
  });
});
