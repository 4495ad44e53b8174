import { describe, expect, it } from 'vitest';
import { TEST_DATABASES } from '../../helpers/test-hub';
import { sessionCookieFor, signedInUser } from '../../helpers/fixtures';
import { useTestHub } from '../../helpers/use-test-hub';

describe.each(TEST_DATABASES)('own sessions /api/me [%s]', (kind) => {
  const t = useTestHub(kind);

  it("lists only the caller's live sessions, marks the current one, and revokes any of them but nobody else's", async () => {
    const { user, cookie } = await signedInUser(t.hub);
    const second = await sessionCookieFor(t.hub, user);
    const stranger = await signedInUser(t.hub);
    const list = (await t.client.get('/api/me/sessions', { cookie })).json().sessions;
    expect(list).toHaveLength(2);
    expect(list.filter((s: { is_current: boolean }) => s.is_current)).toHaveLength(1);
    const other = list.find((s: { is_current: boolean }) => !s.is_current);

    const strangers = (await t.client.get('/api/me/sessions', { cookie: stranger.cookie })).json().sessions;
    const foreign = await t.client.asBrowser(cookie).post(`/api/me/sessions/${strangers[0].id}/revoke`);
    expect(foreign.statusCode).toBe(404);
    expect((await t.client.get('/api/me/sessions', { cookie: stranger.cookie })).statusCode).toBe(200);

    const res = await t.client.asBrowser(cookie).post(`/api/me/sessions/${other.id}/revoke`);
    expect(res.json()).toEqual({ revoked: true });
    expect((await t.client.get('/api/me/sessions', { cookie: second })).statusCode).toBe(401);
    const left = (await t.client.get('/api/me/sessions', { cookie })).json().sessions;
    expect(left).toHaveLength(1);
    t.clock.advanceMinutes(1);
    const current = left[0];
    expect((await t.client.asBrowser(cookie).post(`/api/me/sessions/${current.id}/revoke`)).json()).toEqual({
      revoked: true,
    });
    expect((await t.client.get('/api/me/sessions', { cookie })).statusCode).toBe(401);
  });
});
