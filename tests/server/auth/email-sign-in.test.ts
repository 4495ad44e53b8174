import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { TEST_DATABASES } from '../../helpers/test-hub';
import { createUser, FIXTURE_PASSWORD, signedInUser, totpCodeAt } from '../../helpers/fixtures';
import { useTestHub } from '../../helpers/use-test-hub';
import { cookieFrom } from '../../helpers/cookies';
import { auditLogs, authSessions, platformUsers } from '../../../src/server/db/schema/index';
import { devOutbox } from '../../../src/server/auth/mailer';
import { LINK_BROWSER_COOKIE } from '../../../src/server/auth/email-sign-in';
import { MFA_PENDING_COOKIE } from '../../../src/server/auth/routes';

let ipCounter = 0;
/** Each request its own client address: the per-IP mail limit of one test does not touch another. */
const nextIp = () => `10.42.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

describe.each(TEST_DATABASES)('sign-in by emailed code or link [%s]', (kind) => {
  const t = useTestHub(kind);

  const ask = (email: string, mode: 'code' | 'link', cookie?: string) =>
    t.client.post('/api/auth/email-sign-in', { csrf: true, cookie, body: { email, mode }, remoteAddress: nextIp() });
  const verify = (email: string, code: string) =>
    t.client.post('/api/auth/email-sign-in/verify', { csrf: true, body: { email, code } });
  const open = (token: string, cookie?: string, confirm_code?: string) =>
    t.client.post('/api/auth/email-sign-in/link', { csrf: true, cookie, body: { token, confirm_code } });
  const lastMail = (to: string) => devOutbox.filter((m) => m.to === to).at(-1);
  const tokenOf = (to: string) => new URL(lastMail(to)!.link!).searchParams.get('token')!;

  it('is off by default; a super admin turns it on', async () => {
    expect((await t.client.get('/api/auth/email-sign-in')).json()).toEqual({ code: false, link: false });
    const off = await ask('anyone@example.test', 'code');
    expect(off.statusCode).toBe(403);
    expect(off.json().error.code).toBe('email_sign_in_disabled');
    const admin = await signedInUser(t.hub, ['user', 'super_admin']);
    const put = await t.client.put('/api/admin/sign-in-settings', {
      csrf: true,
      cookie: admin.cookie,
      body: { email_code: true, email_link: true },
    });
    expect(put.statusCode).toBe(200);
    expect((await t.client.get('/api/auth/email-sign-in')).json()).toEqual({ code: true, link: true });
    const [audit] = await t.hub.db.select().from(auditLogs).where(eq(auditLogs.eventType, 'sign_in_settings_updated'));
    expect(audit.userId).toBe(admin.user.id);
  });

  it('answers the same for known and unknown emails, and mails only the known', async () => {
    const user = await createUser(t.hub);
    for (const mode of ['code', 'link'] as const) {
      const known = await ask(user.email, mode);
      const unknown = await ask(`nobody-${mode}@example.test`, mode);
      expect(known.statusCode).toBe(202);
      expect(unknown.statusCode).toBe(202);
      expect(Object.keys(unknown.json())).toEqual(Object.keys(known.json()));
      expect(Object.keys(known.json())).toEqual(mode === 'code' ? ['accepted'] : ['accepted', 'confirm_code']);
      expect(cookieFrom(known, LINK_BROWSER_COOKIE) === undefined).toBe(
        cookieFrom(unknown, LINK_BROWSER_COOKIE) === undefined,
      );
      expect(devOutbox.some((m) => m.to === `nobody-${mode}@example.test`)).toBe(false);
    }
    await expect.poll(() => devOutbox.filter((m) => m.to === user.email).length).toBe(2);
  });

  it('a 6-digit code signs in once, marks the email verified, and expires after 10 minutes', async () => {
    const user = await createUser(t.hub);
    await ask(user.email, 'code');
    await expect.poll(() => lastMail(user.email)?.code).toMatch(/^\d{6}$/);
    const code = lastMail(user.email)!.code!;
    expect(lastMail(user.email)!.text).toContain(code);

    const wrong = await verify(user.email, code === '000000' ? '111111' : '000000');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toMatchObject({ code: 'invalid_code', attempts_remaining: 4 });

    const ok = await verify(user.email.toUpperCase(), code);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user).toMatchObject({ id: user.id, email_verified: true });
    const [session] = await t.hub.db
      .select()
      .from(authSessions)
      .where(and(eq(authSessions.userId, user.id), eq(authSessions.isActive, true)));
    expect(session.amr).toEqual(['otp']);
    const [row] = await t.hub.db.select().from(platformUsers).where(eq(platformUsers.id, user.id));
    expect(row.emailVerifiedAt).toBeInstanceOf(Date);

    expect((await verify(user.email, code)).statusCode).toBe(401);

    await ask(user.email, 'code');
    await expect.poll(() => lastMail(user.email)?.code).not.toBe(code);
    const late = lastMail(user.email)!.code!;
    t.clock.advanceMinutes(10);
    expect((await verify(user.email, late)).statusCode).toBe(401);
  });

  it('counts wrong codes with the password guesses: five start a block for both', async () => {
    const user = await createUser(t.hub);
    await ask(user.email, 'code');
    await expect.poll(() => lastMail(user.email)?.code).toBeDefined();
    const code = lastMail(user.email)!.code!;
    const wrongCode = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) expect((await verify(user.email, wrongCode)).statusCode).toBe(401);
    const fifth = await verify(user.email, wrongCode);
    expect(fifth.statusCode).toBe(429);
    // The right code, and the right password, wait for the block to end.
    expect((await verify(user.email, code)).statusCode).toBe(429);
    const password = await t.client.post('/api/auth/sign-in', {
      csrf: true,
      body: { email: user.email, password: FIXTURE_PASSWORD },
    });
    expect(password.statusCode).toBe(429);
    const failures = await t.hub.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.userId, user.id), eq(auditLogs.eventType, 'email_sign_in_failure')));
    expect(failures).toHaveLength(5);
    t.clock.advanceMinutes(11);
  });

  it('a link signs in the browser that asked; elsewhere it asks for the code shown there', async () => {
    const user = await createUser(t.hub);
    const asked = await ask(user.email, 'link');
    const binding = cookieFrom(asked, LINK_BROWSER_COOKIE)!;
    const confirm = asked.json().confirm_code as string;
    await expect.poll(() => lastMail(user.email)?.link).toMatch(/\/email-sign-in\?token=/);
    const token = tokenOf(user.email);

    const elsewhere = await open(token);
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json().error.code).toBe('confirm_code_required');
    expect((await open(token, undefined, confirm === '000000' ? '111111' : '000000')).statusCode).toBe(401);
    const confirmed = await open(token, undefined, confirm);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().user.id).toBe(user.id);
    // Single use.
    expect((await open(token, binding)).json().error.code).toBe('invalid_token');

    const again = await ask(user.email, 'link');
    await expect.poll(() => tokenOf(user.email)).not.toBe(token);
    const same = await open(tokenOf(user.email), cookieFrom(again, LINK_BROWSER_COOKIE));
    expect(same.statusCode).toBe(200);
    expect(cookieFrom(same)).toMatch(/^hub_session=/);
  });

  it('still asks for the second factor', async () => {
    const user = await createUser(t.hub, { mfa: true });
    await ask(user.email, 'code');
    await expect.poll(() => lastMail(user.email)?.code).toBeDefined();
    const first = await verify(user.email, lastMail(user.email)!.code!);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ mfa_required: true, methods: ['totp'] });
    const pending = cookieFrom(first, MFA_PENDING_COOKIE)!;
    const second = await t.client.post('/api/auth/sign-in/mfa', {
      csrf: true,
      cookie: pending,
      body: { code: await totpCodeAt(t.hub) },
    });
    expect(second.statusCode).toBe(200);
    const [session] = await t.hub.db
      .select()
      .from(authSessions)
      .where(and(eq(authSessions.userId, user.id), eq(authSessions.isActive, true)));
    expect(session.amr).toEqual(['otp', 'mfa']);
  });
});
