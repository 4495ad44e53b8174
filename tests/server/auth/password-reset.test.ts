import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { TEST_DATABASES } from '../../helpers/test-hub';
import { createUser, sessionCookieFor, FIXTURE_PASSWORD } from '../../helpers/fixtures';
import { auditLogs, oneTimeTokens } from '../../../src/server/db/schema/index';
import { devOutbox } from '../../../src/server/auth/mailer';
import { countStatements } from '../../helpers/count-statements';
import { useTestHub } from '../../helpers/use-test-hub';

const NEW_PASSWORD = 'Granite-Orchid-6153!';
let ipCounter = 0;
/** Each test its own client address, so the per-IP limit of one test does not touch another. */
const nextIp = () => `10.13.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

describe.each(TEST_DATABASES)('forgot / reset password [%s]', (kind) => {
  const t = useTestHub(kind);

  const forgot = (email: string, ip = nextIp()) =>
    t.client.post('/api/auth/password/forgot', { csrf: true, body: { email }, remoteAddress: ip });
  const reset = (token: string, password = NEW_PASSWORD) =>
    t.client.post('/api/auth/password/reset', { csrf: true, body: { token, password } });
  const signIn = (email: string, password: string) =>
    t.client.post('/api/auth/sign-in', { csrf: true, body: { email, password } });
  const mailsTo = (email: string) => devOutbox.filter((m) => m.to === email && m.subject === 'Reset your password');
  const tokenOf = (link: string | undefined) => new URL(String(link)).searchParams.get('token')!;
  const signedIn = async (cookie: string) => (await t.client.get('/api/auth/session', { cookie })).json().user !== null;

  it('mails a single-use link to /reset-password; reset ends every session and the new password works', async () => {
    const user = await createUser(t.hub);
    const cookie = await sessionCookieFor(t.hub, user);
    const res = await forgot(user.email.toUpperCase());
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ accepted: true });
    await expect.poll(() => mailsTo(user.email).length).toBe(1);
    const link = mailsTo(user.email)[0].link!;
    expect(new URL(link).pathname).toBe('/reset-password');
    const token = tokenOf(link);
    // Only the hash is stored.
    const stored = await t.hub.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.userId, user.id));
    expect(stored.some((r) => r.tokenHash === token)).toBe(false);
    expect(stored[0].expiresAt.getTime() - stored[0].createdAt.getTime()).toBe(3_600_000);

    const weak = await reset(token, 'short');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.code).toBe('weak_password');

    const done = await reset(token);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ password_reset: true });
    expect(await signedIn(cookie)).toBe(false);

    const again = await reset(token, 'Another-Harbor-8842!');
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('invalid_token');

    expect((await signIn(user.email, FIXTURE_PASSWORD)).statusCode).toBe(401);
    expect((await signIn(user.email, NEW_PASSWORD)).statusCode).toBe(200);

    const events = await t.hub.db.select().from(auditLogs).where(eq(auditLogs.userId, user.id));
    const types = events.map((e) => e.eventType);
    expect(types).toContain('password_reset_requested');
    expect(events.find((e) => e.eventType === 'password_reset')?.details).toEqual({ sessions_revoked: 1 });
  });

  it('a link expires after one hour', async () => {
    const user = await createUser(t.hub);
    expect((await forgot(user.email)).statusCode).toBe(202);
    await expect.poll(() => mailsTo(user.email).length).toBe(1);
    const token = tokenOf(mailsTo(user.email)[0].link);
    t.clock.advanceMinutes(61);
    const res = await reset(token);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_token');
    expect((await signIn(user.email, FIXTURE_PASSWORD)).statusCode).toBe(200);
  });

  it('answers an unknown address exactly like a known one: 202, same body, no mail, no token row', async () => {
    const user = await createUser(t.hub);
    const unknown = `nobody-${Date.now()}@example.test`;
    const known = await forgot(user.email);
    const missing = await forgot(unknown);
    expect(missing.statusCode).toBe(known.statusCode);
    expect(missing.body).toBe(known.body);
    expect(Object.keys(missing.headers).sort()).toEqual(Object.keys(known.headers).sort());
    expect(devOutbox.some((m) => m.to === unknown)).toBe(false);
    const audit = await t.hub.db.select().from(auditLogs).where(eq(auditLogs.eventType, 'password_reset_requested'));
    expect(audit.find((e) => (e.details as { email: string }).email === unknown)?.details).toMatchObject({
      mailed: false,
    });
  });

  it('does the same database work for an unknown address as for a known one (no timing oracle)', async () => {
    // Compared by the statements sent, not by a stopwatch: wall-clock minima drifted past any
    // margin with a second suite on the machine. A path that did extra work for real accounts (a
    // lookup more, a hash, a token write the other path lacks) changes this list; an awaited mail
    // would show in the outbox before the answer (checked below).
    const counter = countStatements();
    try {
      const sentFor = async (email: string) => {
        const from = counter.count();
        const res = await forgot(email);
        expect(res.statusCode).toBe(202);
        return counter.texts.slice(from);
      };
      for (let i = 0; i < 3; i++) {
        const user = await createUser(t.hub);
        const known = await sentFor(user.email);
        const unknown = await sentFor(`ghost-${i}-${Date.now()}@example.test`);
        expect(known.length).toBeGreaterThan(0);
        expect(unknown).toEqual(known);
      }
    } finally {
      counter.stop();
    }
  });

  it('sends at most 5 mails per address per hour (still 202), and 429 + Retry-After beyond 20 requests per IP', async () => {
    const user = await createUser(t.hub);
    for (let i = 0; i < 7; i++) expect((await forgot(user.email)).statusCode).toBe(202);
    await expect.poll(() => mailsTo(user.email).length).toBe(5);
    const ip = nextIp();
    for (let i = 0; i < 20; i++) expect((await forgot(`x${i}@example.test`, ip)).statusCode).toBe(202);
    const limited = await forgot(user.email, ip);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(3600);
    t.clock.advanceMinutes(61);
    expect((await forgot(user.email, ip)).statusCode).toBe(202);
    await expect.poll(() => mailsTo(user.email).length).toBe(6);
  });

  it('refuses malformed tokens and bodies with 400, never 5xx', async () => {
    expect((await reset('not-a-token')).statusCode).toBe(400);
    const res = await t.client.post('/api/auth/password/reset', { csrf: true, body: { token: 'x' } });
    expect(res.statusCode).toBe(400);
    const tokens = await t.hub.db
      .select()
      .from(oneTimeTokens)
      .where(and(eq(oneTimeTokens.purpose, 'password_reset'), eq(oneTimeTokens.tokenHash, 'not-a-token')));
    expect(tokens).toHaveLength(0);
  });
});

describe.each(TEST_DATABASES)('resend verification [%s]', (kind) => {
  const t = useTestHub(kind);
  const resend = (cookie?: string) => t.client.asBrowser(cookie).post('/api/auth/verify-email/resend');

  it('sends a new link to a signed-in unverified user, at most one per 60 s (429 + Retry-After)', async () => {
    const user = await createUser(t.hub);
    const cookie = await sessionCookieFor(t.hub, user);
    const first = await resend(cookie);
    expect(first.statusCode).toBe(202);
    const mails = () => devOutbox.filter((m) => m.to === user.email && m.subject === 'Verify your email address');
    expect(mails()).toHaveLength(1);
    const second = await resend(cookie);
    expect(second.statusCode).toBe(429);
    expect(Number(second.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(second.headers['retry-after'])).toBeLessThanOrEqual(60);
    t.clock.advance(61_000);
    expect((await resend(cookie)).statusCode).toBe(202);
    expect(mails()).toHaveLength(2);
    // The link verifies.
    const link = new URL(String(mails()[1].link));
    const verified = await t.client.get(link.pathname + link.search);
    expect(verified.headers.location).toBe('/auth?verified=true');
    t.clock.advance(61_000);
    const after = await resend(cookie);
    expect(after.statusCode).toBe(409);
    expect(after.json().error.code).toBe('already_verified');
  });

  it('refuses a signed-out caller with 401', async () => {
    expect((await resend()).statusCode).toBe(401);
  });
});
