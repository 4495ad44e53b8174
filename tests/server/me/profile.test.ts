import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TEST_DATABASES } from '../../helpers/test-hub';
import { FIXTURE_PASSWORD, createUser, sessionCookieFor, signedInUser } from '../../helpers/fixtures';
import { auditLogs, platformUsers } from '../../../src/server/db/schema/index';
import { devOutbox } from '../../../src/server/auth/mailer';
import { meSchema } from '../../../src/shared/api/me';
import { cookieFrom } from '../../helpers/cookies';
import { useTestHub } from '../../helpers/use-test-hub';

const NEW_PASSWORD = 'Granite-Orchid-6153!';

describe.each(TEST_DATABASES)('own profile /api/me [%s]', (kind) => {
  const t = useTestHub(kind);
  const signedIn = async (cookie: string) => (await t.client.get('/api/auth/session', { cookie })).json().user !== null;

  it('GET /api/me answers the fixed shape; signed out is 401', async () => {
    const { user, cookie } = await signedInUser(t.hub, ['user'], { organization: 'Acme' });
    const res = await t.client.asBrowser(cookie).get('/api/me');
    expect(res.statusCode).toBe(200);
    const me = meSchema.parse(res.json());
    expect(Object.keys(res.json()).sort()).toEqual(
      ['department', 'email', 'email_verified', 'full_name', 'id', 'locale', 'mfa', 'organization', 'roles'].sort(),
    );
    expect(me).toMatchObject({
      id: user.id,
      email: user.email,
      email_verified: false,
      organization: 'Acme',
      roles: ['user'],
      mfa: { totp: false, passkeys: 0, recovery_codes_left: 0 },
    });
    expect((await t.client.get('/api/me', { csrf: true })).statusCode).toBe(401);
  });

  it('PATCH /api/me takes any subset of full_name, organization, department; nothing else', async () => {
    const { user, cookie } = await signedInUser(t.hub, ['user'], { organization: 'Acme' });
    const one = await t.client.asBrowser(cookie).patch('/api/me', { body: { department: 'Research' } });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ department: 'Research', organization: 'Acme', full_name: user.fullName });
    const two = await t.client.asBrowser(cookie).patch('/api/me', { body: { full_name: 'Ada L.', organization: '' } });
    expect(two.json()).toMatchObject({ full_name: 'Ada L.', organization: null, department: 'Research' });
    expect((await t.client.asBrowser(cookie).patch('/api/me', { body: {} })).statusCode).toBe(200);
    const sneaky = await t.client.asBrowser(cookie).patch('/api/me', { body: { email: 'x@example.test' } });
    expect(sneaky.statusCode).toBe(400);
    const sneakyRole = await t.client.asBrowser(cookie).patch('/api/me', { body: { roles: ['super_admin'] } });
    expect(sneakyRole.statusCode).toBe(400);
    const [row] = await t.hub.db.select().from(platformUsers).where(eq(platformUsers.id, user.id));
    expect(row.email).toBe(user.email);
    expect((await t.client.patch('/api/me', { csrf: true, body: { full_name: 'x' } })).statusCode).toBe(401);
  });

  it('email change: confirmation to the new address, changed only when confirmed, old address told', async () => {
    const { user, cookie } = await signedInUser(t.hub);
    const newEmail = `moved-${Date.now()}@example.test`;
    const wrong = await t.client.asBrowser(cookie).post('/api/me/email', {
      body: {
        new_email: newEmail,
        current_password: 'Wrong-Pass-123!',
      },
    });
    expect(wrong.statusCode).toBe(401);
    const taken = await createUser(t.hub);
    const clash = await t.client.asBrowser(cookie).post('/api/me/email', {
      body: {
        new_email: taken.email,
        current_password: FIXTURE_PASSWORD,
      },
    });
    expect(clash.statusCode).toBe(409);

    const res = await t.client
      .asBrowser(cookie)
      .post('/api/me/email', { body: { new_email: newEmail, current_password: FIXTURE_PASSWORD } });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ confirmation_sent: true, new_email: newEmail });
    expect((await t.client.asBrowser(cookie).get('/api/me')).json().email).toBe(user.email);
    const mail = devOutbox.find((m) => m.to === newEmail);
    expect(mail).toBeDefined();
    const token = new URL(String(mail!.link)).searchParams.get('token')!;

    expect(
      (await t.client.asBrowser(cookie).post('/api/me/email/confirm', { body: { token: 'nope' } })).statusCode,
    ).toBe(400);
    // The link works signed out too: the token alone names the change.
    const confirmed = await t.client.post('/api/me/email/confirm', { csrf: true, body: { token } });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ email: newEmail, email_verified: true });
    expect((await t.client.asBrowser(cookie).post('/api/me/email/confirm', { body: { token } })).statusCode).toBe(400);
    const me = (await t.client.asBrowser(cookie).get('/api/me')).json();
    expect(me).toMatchObject({ email: newEmail, email_verified: true });
    expect(devOutbox.some((m) => m.to === user.email && m.subject === 'Your email address was changed')).toBe(true);
    const types = (await t.hub.db.select().from(auditLogs).where(eq(auditLogs.userId, user.id))).map(
      (e) => e.eventType,
    );
    expect(types).toEqual(expect.arrayContaining(['email_change_requested', 'email_changed']));
  });

  it('POST /api/me/password: ends every other session, keeps this browser signed in, new password works', async () => {
    const { user, cookie } = await signedInUser(t.hub);
    const other = await sessionCookieFor(t.hub, user);
    const res = await t.client.asBrowser(cookie).post('/api/me/password', {
      body: {
        current_password: FIXTURE_PASSWORD,
        new_password: NEW_PASSWORD,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ changed: true, other_sessions_ended: 1 });
    expect(await signedIn(other)).toBe(false);
    expect(await signedIn(cookieFrom(res)!)).toBe(true);
    const weak = await t.client.asBrowser(cookieFrom(res)!).post('/api/me/password', {
      body: {
        current_password: NEW_PASSWORD,
        new_password: 'short',
      },
    });
    expect(weak.statusCode).toBe(400);
  });

  it.each(['/api/me/password', '/api/auth/change-password'])(
    '%s is counted by the sign-in brute-force limit: the 5th wrong current password blocks (429), even sign-in',
    async (url) => {
      const { user, cookie } = await signedInUser(t.hub);
      const attempt = (current: string) =>
        t.client.asBrowser(cookie).post(url, { body: { current_password: current, new_password: NEW_PASSWORD } });
      for (let i = 0; i < 4; i++) {
        const res = await attempt(`Wrong-Guess-${i}-xyz!`);
        expect(res.statusCode).toBe(401);
        expect(res.json().error.attempts_remaining).toBe(4 - i);
      }
      const fifth = await attempt('Wrong-Guess-5-xyz!');
      expect(fifth.statusCode).toBe(429);
      expect(fifth.headers['retry-after']).toBeDefined();
      // Blocked: even the right password is not checked now.
      expect((await attempt(FIXTURE_PASSWORD)).statusCode).toBe(429);
      const signIn = await t.client.post('/api/auth/sign-in', {
        csrf: true,
        body: {
          email: user.email,
          password: FIXTURE_PASSWORD,
        },
      });
      expect(signIn.statusCode).toBe(429);
    },
  );
});

describe.each(TEST_DATABASES)('admin email change resets verification [%s]', (kind) => {
  const t = useTestHub(kind);

  it('PATCH /api/admin/users/:id with a new email clears email_verified_at and mails a verification link', async () => {
    const target = await createUser(t.hub);
    await t.hub.db.update(platformUsers).set({ emailVerifiedAt: new Date() }).where(eq(platformUsers.id, target.id));
    const { cookie } = await signedInUser(t.hub, ['platform_admin']);
    const newEmail = `readdressed-${Date.now()}@example.test`;
    const res = await t.client.asBrowser(cookie).patch(`/api/admin/users/${target.id}`, { body: { email: newEmail } });
    expect(res.statusCode).toBe(200);
    const [row] = await t.hub.db.select().from(platformUsers).where(eq(platformUsers.id, target.id));
    expect(row.emailVerifiedAt).toBeNull();
    expect(devOutbox.some((m) => m.to === newEmail && m.subject === 'Verify your email address')).toBe(true);
  });
});
