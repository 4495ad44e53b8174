import { describe, expect, it } from 'vitest';
import { TEST_DATABASES } from '../../helpers/test-hub';
import { createUser, FIXTURE_PASSWORD } from '../../helpers/fixtures';
import { auditLogs } from '../../../src/server/db/schema/index';
import { cookieFrom } from '../../helpers/cookies';
import { useTestHub } from '../../helpers/use-test-hub';

describe.each(TEST_DATABASES)('accounts audit trail [%s]', (kind) => {
  const t = useTestHub(kind);

  it('records sign-up, sign-in success and failure, the block, and sign-out, never a password', async () => {
    const post = (url: string, payload: object, cookie?: string) =>
      t.client.asBrowser(cookie).post(url, { headers: { 'user-agent': 'audit-ua' }, body: payload });
    const up = await post('/api/auth/sign-up', {
      email: 'trail@example.test',
      password: 'Velvet-Canyon-3817!',
      full_name: 'Trail',
    });
    const upCookie = cookieFrom(up)!;
    await post('/api/auth/sign-out', {}, upCookie);
    const user = await createUser(t.hub, { email: 'trail2@example.test' });
    const ok = await post('/api/auth/sign-in', { email: user.email, password: FIXTURE_PASSWORD });
    expect(ok.statusCode).toBe(200);
    for (let i = 0; i < 6; i += 1) await post('/api/auth/sign-in', { email: user.email, password: 'Guess-Number-40!' });

    // Emails are sealed under the person's key (audit/shredding.ts): read the rows opened.
    const stored = await t.hub.audit.subjectKeys.openRows(t.hub.db, await t.hub.db.select().from(auditLogs));
    const emails = ['trail@example.test', 'trail2@example.test'];
    const events = stored.filter(
      (e) => emails.includes((e.details as { email?: string }).email ?? '') || e.eventType === 'sign_out',
    );
    const types = events.map((e) => e.eventType);
    expect(types).toEqual(
      expect.arrayContaining(['sign_up', 'sign_out', 'sign_in_success', 'sign_in_failure', 'sign_in_blocked']),
    );
    expect(types.filter((x) => x === 'sign_in_failure')).toHaveLength(5);
    const lockout = events.find((e) => e.eventType === 'sign_in_blocked' && e.severity === 'high');
    expect(lockout).toMatchObject({ userId: user.id, userAgent: 'audit-ua' });
    expect(JSON.stringify(events)).not.toMatch(/Velvet-Canyon|Guess-Number|Cobalt-Harbor/);
    expect(await t.hub.audit.verifyChain()).toMatchObject({ ok: true });
  });
});
