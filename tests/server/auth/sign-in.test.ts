import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TEST_DATABASES } from '../../helpers/test-hub';
import { createUser, FIXTURE_PASSWORD } from '../../helpers/fixtures';
import { authSessions, auditLogs, platformUsers } from '../../../src/server/db/schema/index';
import { hashPassword } from '../../../src/server/auth/passwords';
import { sha256Hex } from '../../../src/server/crypto/tokens';
import { cookieFrom, cookieValue, setCookieLine } from '../../helpers/cookies';
import { useTestHub } from '../../helpers/use-test-hub';

describe.each(TEST_DATABASES)('sign-in and session [%s]', (kind) => {
  const t = useTestHub(kind);

  const signIn = (email: string, password: string, headers: Record<string, string> = {}) =>
    t.client.post('/api/auth/sign-in', {
      csrf: true,
      headers: { 'user-agent': 'vitest-ua', ...headers },
      body: { email, password },
    });

  it('signed out: GET /api/auth/session answers 200 with nulls', async () => {
    const res = await t.client.get('/api/auth/session');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ user: null, session: null, is_ecosystem_admin: false });
  });

  it('signs in with a trimmed, upper-case email, sets a hardened cookie, and the session reads back', async () => {
    // The password-only path (no second factor enrolled); the MFA step is in mfa-sign-in.test.ts.
    const user = await createUser(t.hub, {
      email: 'mixed.case@example.test',
      roles: ['user', 'platform_admin'],
      mfa: false,
    });
    const res = await signIn('  Mixed.Case@EXAMPLE.test ', FIXTURE_PASSWORD);
    expect(res.statusCode).toBe(200);
    const setCookie = String(setCookieLine(res));
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toMatch(/Secure/i); // http public URL
    const body = res.json();
    expect(body.user).toMatchObject({ id: user.id, email: 'mixed.case@example.test', email_verified: false });
    expect(body.is_ecosystem_admin).toBe(true);
    expect(JSON.stringify(body)).not.toMatch(/argon2|password_hash/);

    const cookie = cookieFrom(res)!;
    const token = cookieValue(cookie);
    expect(Buffer.from(token, 'base64url').length).toBe(32);
    const [row] = await t.hub.db
      .select()
      .from(authSessions)
      .where(eq(authSessions.sessionTokenHash, sha256Hex(token)));
    expect(row).toMatchObject({ userId: user.id, userAgent: 'vitest-ua', isActive: true, kind: 'browser' });
    expect(body.session.id).toBe(row.id);

    const session = await t.client.get('/api/auth/session', { cookie });
    expect(session.json()).toMatchObject({
      user: { id: user.id, last_login_at: expect.any(String) },
      session: { id: row.id },
    });
  });

  it('every sign-in issues a new token and ends the one the browser brought (no fixation)', async () => {
    const user = await createUser(t.hub);
    const first = cookieFrom(await signIn(user.email, FIXTURE_PASSWORD))!;
    const second = await signIn(user.email, FIXTURE_PASSWORD, { cookie: first });
    expect(second.statusCode).toBe(200);
    expect(cookieFrom(second)).not.toBe(first);
    const old = await t.client.get('/api/auth/session', { cookie: first });
    expect(old.json().user).toBeNull();
  });

  it('wrong password, unknown email and inactive account all fail alike with 401 and attempts_remaining', async () => {
    const active = await createUser(t.hub);
    const inactive = await createUser(t.hub, { isActive: false });
    const answers = [
      await signIn(active.email, 'Wrong-Password-123!'),
      await signIn('nobody-here@example.test', FIXTURE_PASSWORD),
      await signIn(inactive.email, FIXTURE_PASSWORD),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        error: {
          code: 'invalid_credentials',
          message: 'Invalid email or password. 4 attempts remaining.',
          attempts_remaining: 4,
        },
      });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    const audits = await t.hub.db.select().from(auditLogs).where(eq(auditLogs.eventType, 'sign_in_failure'));
    expect(audits.length).toBeGreaterThanOrEqual(3);
  });

  it('missing email or password answers the provider message', async () => {
    const res = await t.client.post('/api/auth/sign-in', { csrf: true, body: { email: 'a@b.test' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('You must provide either an email or phone number and a password');
  });

  it('sign-out revokes the row and the cookie no longer works', async () => {
    const user = await createUser(t.hub);
    const cookie = cookieFrom(await signIn(user.email, FIXTURE_PASSWORD))!;
    const out = await t.client.asBrowser(cookie).post('/api/auth/sign-out');
    expect(out.statusCode).toBe(200);
    const after = await t.client.get('/api/auth/session', { cookie });
    expect(after.json().user).toBeNull();
    const rows = await t.hub.db
      .select()
      .from(authSessions)
      .where(eq(authSessions.sessionTokenHash, sha256Hex(cookieValue(cookie))));
    expect(rows[0]).toMatchObject({ isActive: false, revokedAt: expect.any(Date) });
  });
});

describe.each(TEST_DATABASES)('sign-in timing does not reveal accounts [%s]', (kind) => {
  const t = useTestHub(kind);

  it('a wrong password for a real account and any password for an unknown email take comparable time', async () => {
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    // The work each answer costs, not the wall time: CPU time of this process (argon2 runs on
    // libuv's threads, which count), which other processes on a loaded machine do not inflate.
    const time = async (email: string) => {
      const started = process.cpuUsage();
      const res = await t.client.post('/api/auth/sign-in', {
        csrf: true,
        body: { email, password: 'Wrong-Password-77!' },
      });
      expect(res.statusCode).toBe(401);
      const used = process.cpuUsage(started);
      return (used.user + used.system) / 1000;
    };
    // Real accounts carry a full-cost hash (the fixtures' cheap one would skew the comparison).
    const fullCost = await hashPassword(FIXTURE_PASSWORD);
    const realUser = async () => {
      const user = await createUser(t.hub);
      await t.hub.db.update(platformUsers).set({ passwordHash: fullCost }).where(eq(platformUsers.id, user.id));
      return user;
    };
    await time('warm-up@example.test');
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      known.push(await time((await realUser()).email));
      unknown.push(await time(`missing-${i}-${kind}@example.test`));
    }
    // Both run argon2id at full cost; without the dummy hash the unknown case costs the queries
    // alone. A full-cost verification is about 5 ms of CPU on a quiet 2-core VM and more under
    // load (its 19 MiB compete for the cache), the fixtures' cheap hash (1 MiB) a twentieth of
    // that: the floor below only tells the two apart (10 ms failed on a quiet machine, 9.6 ms).
    const ratio = median(unknown) / median(known);
    expect(median(known)).toBeGreaterThan(3);
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  });
});

describe.each(TEST_DATABASES)('session cookie under https [%s]', (kind) => {
  const t = useTestHub(kind, { config: { publicUrl: 'https://hub.example.test' } });

  it('is Secure when the hub is served over https, and lives no longer than the absolute lifetime', async () => {
    const user = await createUser(t.hub);
    const res = await t.client.post('/api/auth/sign-in', {
      csrf: true,
      body: { email: user.email, password: FIXTURE_PASSWORD },
    });
    const setCookie = String(setCookieLine(res));
    expect(setCookie).toMatch(/; Secure/i);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(new RegExp(`Max-Age=${7 * 24 * 3600}`));
  });
});
