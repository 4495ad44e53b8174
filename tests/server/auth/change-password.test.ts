import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TEST_DATABASES } from '../../helpers/test-hub';
import { createUser, sessionCookieFor, FIXTURE_PASSWORD } from '../../helpers/fixtures';
import { auditLogs } from '../../../src/server/db/schema/index';
import { cookieFrom } from '../../helpers/cookies';
import { useTestHub } from '../../helpers/use-test-hub';

describe.each(TEST_DATABASES)('password change revokes sessions [%s]', (kind) => {
  const t = useTestHub(kind);

  const change = (cookie: string, current: string, next: string) =>
    t.client
      .asBrowser(cookie)
      .post('/api/auth/change-password', { body: { current_password: current, new_password: next } });
  const signedIn = async (cookie: string) => (await t.client.get('/api/auth/session', { cookie })).json().user !== null;

  it('ends every session of the user, keeps this browser signed in with a new token, and the new password works', async () => {
    const user = await createUser(t.hub);
    const here = await sessionCookieFor(t.hub, user);
    const elsewhere = await sessionCookieFor(t.hub, user);
    const res = await change(here, FIXTURE_PASSWORD, 'Granite-Orchid-6153!');
    expect(res.statusCode).toBe(200);
    const fresh = cookieFrom(res)!;
    expect(await signedIn(here)).toBe(false);
    expect(await signedIn(elsewhere)).toBe(false);
    expect(await signedIn(fresh)).toBe(true);

    const old = await t.client.post('/api/auth/sign-in', {
      csrf: true,
      body: { email: user.email, password: FIXTURE_PASSWORD },
    });
    expect(old.statusCode).toBe(401);
    const now = await t.client.post('/api/auth/sign-in', {
      csrf: true,
      body: { email: user.email, password: 'Granite-Orchid-6153!' },
    });
    expect(now.statusCode).toBe(200);
    const events = await t.hub.db.select().from(auditLogs).where(eq(auditLogs.eventType, 'password_changed'));
    expect(events[0]).toMatchObject({ userId: user.id, details: { sessions_revoked: 2 } });
  });

  it('refuses a wrong current password (401) and a weak new one (400), changing nothing', async () => {
    const user = await createUser(t.hub);
    const cookie = await sessionCookieFor(t.hub, user);
    expect((await change(cookie, 'Not-Current-123!', 'Granite-Orchid-6153!')).statusCode).toBe(401);
    const weak = await change(cookie, FIXTURE_PASSWORD, 'short');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.code).toBe('weak_password');
    expect(await signedIn(cookie)).toBe(true);
    expect((await change('hub_session=none', FIXTURE_PASSWORD, 'Granite-Orchid-6153!')).statusCode).toBe(401);
  });
});
