import { describe, expect, it } from 'vitest';
import { TEST_DATABASES } from '../../helpers/test-hub';
import { signedInUser } from '../../helpers/fixtures';
import { oauthConsents } from '../../../src/server/db/schema/index';
import { authorize, basic, exchangeCode, pkcePair, registerClient } from '../oauth/oauth-helpers';
import { useTestHub } from '../../helpers/use-test-hub';

describe.each(TEST_DATABASES)('connected apps /api/me/apps [%s]', (kind) => {
  const t = useTestHub(kind);

  it('lists apps with live sessions and consents; revoking ends every token of that app for the user only', async () => {
    const client = await registerClient(t, { app_name: 'Role Builder' });
    const partner = await registerClient(t, { app_name: 'Partner Portal', app_type: 'third_party' });
    const { user, cookie } = await signedInUser(t.hub);
    const other = await signedInUser(t.hub);
    const tokensFor = async (who: string) => {
      const { verifier, challenge } = pkcePair();
      const { code } = await authorize(t, client, who, { code_challenge: challenge, code_challenge_method: 'S256' });
      const res = await exchangeCode(t, client, code, verifier);
      expect(res.statusCode).toBe(200);
      return res.json() as { access_token: string; refresh_token: string };
    };
    const mine = await tokensFor(cookie);
    const theirs = await tokensFor(other.cookie);
    await t.hub.db
      .insert(oauthConsents)
      .values({ userId: user.id, clientId: partner.client_id, scopes: ['openid', 'email'], grantedAt: t.clock.now() });

    const list = await t.client.get('/api/me/apps', { cookie });
    expect(list.statusCode).toBe(200);
    const apps = list.json().apps;
    expect(apps.map((a: { app_name: string }) => a.app_name)).toEqual(['Partner Portal', 'Role Builder']);
    expect(apps[1]).toMatchObject({
      client_id: client.client_id,
      app_type: 'platform',
      consented_at: null,
      active_sessions: 1,
      scopes: expect.arrayContaining(['openid', 'profile', 'email']),
    });
    expect(apps[0]).toMatchObject({ client_id: partner.client_id, active_sessions: 0, scopes: ['email', 'openid'] });
    expect(apps[0].consented_at).toEqual(expect.any(String));

    const revoke = (clientId: string) =>
      t.client.asBrowser(cookie).delete(`/api/me/apps/${encodeURIComponent(clientId)}`);
    const done = await revoke(client.client_id);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ consent_revoked: false, sessions_ended: 1 });

    const userinfo = (token: string) =>
      t.client.get('/oauth/userinfo', { headers: { authorization: `Bearer ${token}` } });
    expect((await userinfo(mine.access_token)).statusCode).toBe(401);
    const refresh = await t.client.post('/oauth/token', {
      headers: { authorization: basic(client) },
      form: { grant_type: 'refresh_token', refresh_token: mine.refresh_token },
    });
    expect(refresh.statusCode).toBe(400);
    // The other user's tokens of the same app still work.
    expect((await userinfo(theirs.access_token)).statusCode).toBe(200);

    const consent = await revoke(partner.client_id);
    expect(consent.json()).toEqual({ consent_revoked: true, sessions_ended: 0 });
    expect((await t.client.get('/api/me/apps', { cookie })).json().apps).toEqual([]);
    expect((await revoke(partner.client_id)).statusCode).toBe(404);
    expect((await t.client.get('/api/me/apps')).statusCode).toBe(401);
  });
});
