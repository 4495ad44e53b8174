import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { TEST_DATABASES } from '../../helpers/test-hub';
import { createUser, sessionCookieFor } from '../../helpers/fixtures';
import { auditLogs, platformUsers } from '../../../src/server/db/schema/index';
import { ensureSetupKey } from '../../../src/server/setup/setup-key';
import { checkPassword } from '../../../src/shared/password-policy';
import { rows } from '../../../src/server/db/client';
import { useTestHub } from '../../helpers/use-test-hub';

const KEY = 'correct-horse-setup-key-123';

describe.each(TEST_DATABASES)('setup tools [%s]', (kind) => {
  const t = useTestHub(kind, { config: { setupKey: KEY } });
  beforeAll(async () => {
    await ensureSetupKey(t.hub);
  });

  const post = (url: string, payload: object) => t.client.post(url, { csrf: true, body: payload });
  const counts = async () =>
    (
      await rows<Record<string, number>>(
        t.hub.db,
        sql`select (select count(*) from platform_users)::int as users, (select count(*) from platform_role_assignments)::int as roles`,
      )
    )[0];

  it('wrong or missing key: 403, audited, nothing changed', async () => {
    await createUser(t.hub);
    const before = await counts();
    for (const body of [{}, { confirmation_key: 'wrong-key-wrong-key' }]) {
      for (const url of ['/api/setup/system-admins', '/api/setup/cleanup']) {
        const res = await post(url, body);
        expect(res.statusCode).toBe(403);
        expect(res.json().error.code).toBe('invalid_setup_key');
      }
    }
    expect(await counts()).toEqual(before);
    const events = await t.hub.db.select().from(auditLogs).where(eq(auditLogs.eventType, 'setup_key_invalid'));
    expect(events).toHaveLength(4);
  });

  it('limits setup key attempts per address: the 5th wrong key blocks (429 + Retry-After), even the right key', async () => {
    const from = (payload: object) =>
      t.client.post('/api/setup/cleanup', { csrf: true, body: payload, remoteAddress: '10.66.0.1' });
    for (let i = 0; i < 4; i++)
      expect((await from({ confirmation_key: `guess-${i}-guess-guess` })).statusCode).toBe(403);
    const fifth = await from({ confirmation_key: 'guess-5-guess-guess' });
    expect(fifth.statusCode).toBe(429);
    expect(Number(fifth.headers['retry-after'])).toBeGreaterThan(0);
    const before = await counts();
    const blocked = await from({ confirmation_key: KEY });
    expect(blocked.statusCode).toBe(429);
    expect(await counts()).toEqual(before);
    // Another address is not blocked; and the blocked one may try again once the block is over.
    const other = await t.client.post('/api/setup/system-admins', {
      csrf: true,
      body: { confirmation_key: 'wrong-key-wrong-key' },
      remoteAddress: '10.66.0.2',
    });
    expect(other.statusCode).toBe(403);
    t.clock.advanceMinutes(31);
    expect((await from({ confirmation_key: 'still-wrong-still-wrong' })).statusCode).toBe(403);
    const events = await t.hub.db.select().from(auditLogs).where(eq(auditLogs.eventType, 'setup_key_blocked'));
    expect(events.length).toBeGreaterThanOrEqual(2);
  });

  it('creates three system admins with policy-valid passwords returned once; a re-run reports exists', async () => {
    const first = await post('/api/setup/system-admins', { confirmation_key: KEY });
    expect(first.statusCode).toBe(200);
    const results = first.json().results;
    expect(results).toHaveLength(3);
    for (const r of results) {
      expect(r.status).toBe('created');
      expect(checkPassword(r.password).valid).toBe(true);
    }
    // The returned password really signs in, and the account is an ecosystem admin.
    const signIn = await post('/api/auth/sign-in', { email: results[0].email, password: results[0].password });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().is_ecosystem_admin).toBe(true);

    const hashes = await t.hub.db
      .select({ email: platformUsers.email, hash: platformUsers.passwordHash })
      .from(platformUsers);
    const again = await post('/api/setup/system-admins', { confirmation_key: KEY });
    expect(again.json().results.map((r: { status: string; password?: string }) => [r.status, r.password])).toEqual([
      ['exists', undefined],
      ['exists', undefined],
      ['exists', undefined],
    ]);
    expect(
      await t.hub.db.select({ email: platformUsers.email, hash: platformUsers.passwordHash }).from(platformUsers),
    ).toEqual(hashes);
    // Passwords never reach the audit log.
    const audit = await t.hub.db.select().from(auditLogs).where(eq(auditLogs.eventType, 'setup_admins_created'));
    expect(JSON.stringify(audit)).not.toContain(results[0].password);
  });

  it('emails are configurable per call', async () => {
    const res = await post('/api/setup/system-admins', { confirmation_key: KEY, emails: ['Ops.One@Example.test'] });
    expect(res.json().results).toEqual([
      { email: 'ops.one@example.test', status: 'created', password: expect.any(String) },
    ]);
  });

  it('cleanup deletes users, roles, sessions and audit logs, answers the counts, then records one event', async () => {
    const user = await createUser(t.hub);
    await sessionCookieFor(t.hub, user);
    const before = (
      await rows<Record<string, number>>(
        t.hub.db,
        sql`select (select count(*) from platform_users)::int as users, (select count(*) from platform_role_assignments)::int as roles,
                   (select count(*) from auth_sessions)::int as sessions, (select count(*) from audit_logs)::int as audit`,
      )
    )[0];
    const res = await post('/api/setup/cleanup', { confirmation_key: KEY });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      cleared: {
        auth_users: before.users,
        platform_users: before.users,
        role_assignments: before.roles,
        sessions: before.sessions,
        audit_logs: before.audit,
      },
    });
    expect(await counts()).toEqual({ users: 0, roles: 0 });
    const audit = await t.hub.db.select().from(auditLogs);
    expect(audit.map((a) => a.eventType)).toEqual(['setup_cleanup']);
    expect(await t.hub.audit.verifyChain()).toMatchObject({ ok: true });
  });
});
