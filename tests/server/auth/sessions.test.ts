import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TEST_DATABASES } from '../../helpers/test-hub';
import { createUser, sessionCookieFor } from '../../helpers/fixtures';
import { authSessions } from '../../../src/server/db/schema/index';
import { revokeUserSessions } from '../../../src/server/auth/sessions';
import { sha256Hex } from '../../../src/server/crypto/tokens';
import { cookieValue } from '../../helpers/cookies';
import { useTestHub } from '../../helpers/use-test-hub';

describe.each(TEST_DATABASES)('browser sessions [%s]', (kind) => {
  const t = useTestHub(kind);

  const session = (cookie: string) => t.client.get('/api/auth/session', { cookie });
  const row = async (cookie: string) =>
    (
      await t.hub.db
        .select()
        .from(authSessions)
        .where(eq(authSessions.sessionTokenHash, sha256Hex(cookieValue(cookie))))
    )[0];

  it('stores only the SHA-256 of the token and touches last_accessed_at at most once a minute', async () => {
    const cookie = await sessionCookieFor(t.hub, await createUser(t.hub));
    const start = (await row(cookie)).lastAccessedAt.getTime();
    t.clock.advance(30_000);
    await session(cookie);
    expect((await row(cookie)).lastAccessedAt.getTime()).toBe(start);
    t.clock.advance(31_000);
    await session(cookie);
    expect((await row(cookie)).lastAccessedAt.getTime()).toBe(start + 61_000);
  });

  it('ends after 2 hours idle', async () => {
    const cookie = await sessionCookieFor(t.hub, await createUser(t.hub));
    t.clock.advanceMinutes(119);
    expect((await session(cookie)).json().user).not.toBeNull();
    t.clock.advanceMinutes(119);
    expect((await session(cookie)).json().user).not.toBeNull();
    t.clock.advanceMinutes(121);
    expect((await session(cookie)).json().user).toBeNull();
    expect((await row(cookie)).isActive).toBe(false);
  });

  it('ends 7 days after sign-in even when used', async () => {
    const cookie = await sessionCookieFor(t.hub, await createUser(t.hub));
    for (let h = 0; h < 7 * 24 - 1; h += 1) {
      t.clock.advanceMinutes(60);
      if (h % 20 === 0) expect((await session(cookie)).json().user).not.toBeNull();
      else
        await t.hub.db
          .update(authSessions)
          .set({ lastAccessedAt: t.clock.now() })
          .where(eq(authSessions.id, (await row(cookie)).id));
    }
    expect((await session(cookie)).json().user).not.toBeNull();
    t.clock.advanceMinutes(61);
    expect((await session(cookie)).json().user).toBeNull();
  });

  it('revokeUserSessions (deactivation, password change) ends every session of the user', async () => {
    const user = await createUser(t.hub);
    const a = await sessionCookieFor(t.hub, user);
    const b = await sessionCookieFor(t.hub, user);
    expect(await revokeUserSessions(t.hub, user.id, null)).toBe(2);
    expect((await session(a)).json().user).toBeNull();
    expect((await session(b)).json().user).toBeNull();
  });

  it('a garbage or unknown cookie is simply signed out', async () => {
    for (const cookie of ['hub_session=nope', `hub_session=${'x'.repeat(5000)}`, 'hub_session=']) {
      const res = await session(cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json().user).toBeNull();
    }
  });

  it('sign-out without the CSRF header or own Origin is refused and the session survives', async () => {
    const cookie = await sessionCookieFor(t.hub, await createUser(t.hub));
    const res = await t.client.post('/api/auth/sign-out', { cookie, headers: { origin: 'https://evil.example' } });
    expect(res.statusCode).toBe(403);
    expect((await session(cookie)).json().user).not.toBeNull();
    const ok = await t.client.asBrowser(cookie).post('/api/auth/sign-out');
    expect(ok.statusCode).toBe(200);
  });

  it('a revocation inside a transaction reaches subscribers on commit, and never on rollback', async () => {
    const heard: string[] = [];
    let hear: (() => void) | undefined;
    const stop = t.hub.revocations.subscribe((ids) => {
      heard.push(...ids);
      hear?.();
    });
    try {
      const kept = await createUser(t.hub);
      const keptCookie = await sessionCookieFor(t.hub, kept);
      await t.hub.db
        .transaction(async (tx) => {
          await revokeUserSessions(t.hub, kept.id, null, tx);
          throw new Error('roll back');
        })
        .catch(() => undefined);
      expect((await session(keptCookie)).json().user).not.toBeNull();

      const user = await createUser(t.hub);
      const cookie = await sessionCookieFor(t.hub, user);
      const id = (await row(cookie)).id;
      const heardCommitted = new Promise<void>((resolve) => {
        hear = () => heard.includes(id) && resolve();
      });
      await t.hub.db.transaction(async (tx) => {
        expect(await revokeUserSessions(t.hub, user.id, null, tx)).toBe(1);
      });
      // Waits for the notification itself (the test's timeout is the only deadline). It comes
      // after the rolled-back transaction's would have, so its absence is settled by then.
      await heardCommitted;
      expect(heard).toContain(id);
      expect(heard).not.toContain((await row(keptCookie)).id);
    } finally {
      stop();
    }
  });
});
