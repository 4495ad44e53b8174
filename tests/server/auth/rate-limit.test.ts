import { attemptKey } from '../../../src/server/auth/sign-in';
import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { TEST_DATABASES } from '../../helpers/test-hub';
import { createUser, FIXTURE_PASSWORD } from '../../helpers/fixtures';
import { auditLogs, signInAttempts } from '../../../src/server/db/schema/index';
import { deleteStaleAttempts } from '../../../src/server/auth/sign-in-limit-queries';
import { useTestHub } from '../../helpers/use-test-hub';

describe.each(TEST_DATABASES)('sign-in rate limit (spec §9, server-side) [%s]', (kind) => {
  const t = useTestHub(kind);

  const attempt = (email: string, password: string) =>
    t.client.post('/api/auth/sign-in', { csrf: true, body: { email, password } });
  const wrong = (email: string) => attempt(email, 'Not-The-Password-9!');
  const counter = async (email: string) =>
    (
      await t.hub.db
        .select()
        .from(signInAttempts)
        .where(eq(signInAttempts.key, attemptKey(t.hub, email)))
    )[0];
  const seed = async (email: string, failures: number) => {
    const now = t.clock.now();
    await t.hub.db.insert(signInAttempts).values({
      key: attemptKey(t.hub, email),
      failures,
      windowStartedAt: now,
      lastFailureAt: now,
      blockedUntil: null,
    });
  };

  it('counts down attempts_remaining, blocks 10 minutes at the fifth failure, refuses uncounted during the block', async () => {
    const user = await createUser(t.hub);
    for (const remaining of [4, 3, 2, 1]) {
      const res = await wrong(user.email);
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toMatchObject({
        attempts_remaining: remaining,
        message: `Invalid email or password. ${remaining} attempts remaining.`,
      });
    }
    const fifth = await wrong(user.email);
    expect(fifth.statusCode).toBe(429);
    expect(fifth.headers['retry-after']).toBe('600');
    expect(fifth.json().error.message).toBe('Too many failed attempts. Please try again in 10 minutes.');

    // During the block even the right password is refused, and nothing is counted.
    t.clock.advanceMinutes(4);
    const blocked = await attempt(user.email, FIXTURE_PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBe('360');
    expect(blocked.json().error.message).toBe('Too many failed attempts. Please try again in 6 minutes.');
    expect((await counter(user.email)).failures).toBe(5);

    // The block ends after 10 minutes; the next failure (within 15 minutes of the last) makes 6 → 12 minutes.
    t.clock.advanceMinutes(6);
    const sixth = await wrong(user.email);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.headers['retry-after']).toBe('720');
    expect((await counter(user.email)).failures).toBe(6);

    // After that block, the right password signs in and clears the counter.
    t.clock.advanceMinutes(12);
    expect((await attempt(user.email, FIXTURE_PASSWORD)).statusCode).toBe(200);
    expect(await counter(user.email)).toBeUndefined();
  });

  it.each([
    [10, 20],
    [14, 28],
    [15, 30],
    [20, 30],
  ])('the failure that makes %i blocks for %i minutes (cap 30)', async (count, minutes) => {
    const email = `arith-${count}-${Math.random().toString(36).slice(2)}@example.test`;
    await seed(email, count - 1);
    const res = await wrong(email);
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe(String(minutes * 60));
    expect(res.json().error.message).toBe(`Too many failed attempts. Please try again in ${minutes} minutes.`);
    expect((await counter(email)).failures).toBe(count);
  });

  it('the count restarts after 15 minutes without a failure, and after a successful sign-in', async () => {
    const user = await createUser(t.hub);
    await wrong(user.email);
    await wrong(user.email);
    t.clock.advanceMinutes(14);
    expect((await wrong(user.email)).json().error.attempts_remaining).toBe(2);
    t.clock.advanceMinutes(15);
    expect((await wrong(user.email)).json().error.attempts_remaining).toBe(4);
    expect((await attempt(user.email, FIXTURE_PASSWORD)).statusCode).toBe(200);
    expect((await wrong(user.email)).json().error.attempts_remaining).toBe(4);
  });

  it('unknown emails are limited the same way (no enumeration through the limiter)', async () => {
    const email = `ghost-${Math.random().toString(36).slice(2)}@example.test`;
    const statuses = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await wrong(email)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
  });

  it('100 concurrent wrong passwords leave exactly 5 failures and never check a sixth guess', async () => {
    const user = await createUser(t.hub, { email: `burst-${kind}@example.test` });
    const answers = await Promise.all(Array.from({ length: 100 }, () => wrong(user.email)));
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(4);
    expect(statuses.filter((s) => s === 429)).toHaveLength(96);
    const row = await counter(user.email);
    expect(row.failures).toBe(5);
    expect(row.blockedUntil!.getTime() - t.clock.now().getTime()).toBe(10 * 60_000);
    // Exactly five passwords were checked: five sign_in_failure events for this account (its email sealed).
    const failures = await t.hub.db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLogs)
      .where(and(eq(auditLogs.eventType, 'sign_in_failure'), eq(auditLogs.userId, user.id)));
    expect(Number(failures[0].n)).toBe(5);
    // And the correct password is refused too until the block ends.
    expect((await attempt(user.email, FIXTURE_PASSWORD)).statusCode).toBe(429);
  });

  it('stale counters are cleaned; live blocks and recent counters are kept', async () => {
    const now = t.clock.now();
    const minutes = (n: number) => new Date(now.getTime() + n * 60_000);
    await t.hub.db.insert(signInAttempts).values([
      {
        key: 'email:stale@example.test',
        failures: 2,
        windowStartedAt: minutes(-40),
        lastFailureAt: minutes(-20),
        blockedUntil: null,
      },
      {
        key: 'email:recent@example.test',
        failures: 2,
        windowStartedAt: minutes(-5),
        lastFailureAt: minutes(-5),
        blockedUntil: null,
      },
      {
        key: 'email:blocked@example.test',
        failures: 15,
        windowStartedAt: minutes(-40),
        lastFailureAt: minutes(-20),
        blockedUntil: minutes(10),
      },
      {
        key: 'email:expired-block@example.test',
        failures: 5,
        windowStartedAt: minutes(-60),
        lastFailureAt: minutes(-30),
        blockedUntil: minutes(-20),
      },
    ]);
    await deleteStaleAttempts(t.hub.db, now);
    const keys = (await t.hub.db.select({ key: signInAttempts.key }).from(signInAttempts)).map((r) => r.key);
    expect(keys).not.toContain('email:stale@example.test');
    expect(keys).not.toContain('email:expired-block@example.test');
    expect(keys).toContain('email:recent@example.test');
    expect(keys).toContain('email:blocked@example.test');
  });
});
