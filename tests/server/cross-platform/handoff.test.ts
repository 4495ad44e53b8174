import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASES } from '../../helpers/test-hub';
import { signedInUser } from '../../helpers/fixtures';
import { authSessions } from '../../../src/server/db/schema/index';
import { eq } from 'drizzle-orm';
import { basic, registerClient, type RegisteredClient } from '../oauth/oauth-helpers';
import { useTestHub } from '../../helpers/use-test-hub';

describe.each(TEST_DATABASES)('cross-platform hand-off and app calls [%s]', (kind) => {
  const t = useTestHub(kind);
  let app: RegisteredClient;
  let user: Awaited<ReturnType<typeof signedInUser>>;

  beforeAll(async () => {
    app = await registerClient(t, { redirect_uris: ['https://qrc.example.test/auth/callback'] });
    user = await signedInUser(t.hub);
  });

  const introspect = (token: string) =>
    t.client.post('/oauth/introspect', { headers: { authorization: basic(app) }, form: { token } });

  it('creates a short-lived hand-off session bound to app and user, validated through introspection', async () => {
    const res = await t.client.asBrowser(user.cookie).post('/api/cross-platform/sessions', {
      body: {
        app_id: app.client_id,
        redirect_url: app.redirect_uris[0],
      },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ user_id: user.user.id, redirect_url: app.redirect_uris[0] });
    expect(body.timestamp).toBe(t.clock.now().getTime());
    const [row] = await t.hub.db
      .select()
      .from(authSessions)
      .where(eq(authSessions.userId, user.user.id))
      .then((r) => r.filter((s) => s.kind === 'handoff'));
    expect(row).toMatchObject({ kind: 'handoff', clientId: app.client_id, isActive: true });
    expect(row.sessionTokenHash).not.toBe(body.session_token);
    expect((await introspect(body.session_token)).json()).toMatchObject({
      active: true,
      sub: user.user.id,
      client_id: app.client_id,
    });
    t.clock.advanceMinutes(6);
    expect((await introspect(body.session_token)).json()).toEqual({ active: false });
  });

  it('obeys the /oauth/authorize rules: registered scopes only, consent for a third party, then the hand-off', async () => {
    const third = await registerClient(t, {
      app_name: 'Outside Talent',
      app_type: 'third_party',
      scopes: ['openid', 'read:profile'],
      redirect_uris: ['https://outside.example.test/handoff'],
    });
    const ask = (extra: Record<string, string> = {}) =>
      t.client.asBrowser(user.cookie).post('/api/cross-platform/sessions', {
        body: {
          app_id: third.client_id,
          redirect_url: third.redirect_uris[0],
          ...extra,
        },
      });
    const unregistered = await ask({ scope: 'read:profile read:organization' });
    expect(unregistered.statusCode).toBe(400);
    expect(unregistered.json().error.message).toContain('read:organization');
    // No consent yet: nothing is minted, the answer names the consent page.
    const before = (await t.hub.db.select().from(authSessions)).filter((s) => s.clientId === third.client_id);
    const refused = await ask();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('consent_required');
    const consentUrl = refused.json().error.consent_url as string;
    expect(consentUrl).toMatch(/^\/oauth\/handoff\?/);
    expect((await t.hub.db.select().from(authSessions)).filter((s) => s.clientId === third.client_id)).toEqual(before);
    // The consent page (GET or POST alike), then the spec's form POST to the app.
    const page = await t.client.get(consentUrl, { cookie: user.cookie });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Outside Talent wants to access your account');
    const request = /name="request" value="([^"]*)"/.exec(page.body)![1].replace(/&amp;/g, '&');
    const csrf = /name="csrf" value="([^"]*)"/.exec(page.body)![1];
    const decide = (decision: string, origin?: string) =>
      t.client.post('/oauth/handoff/decision', {
        cookie: user.cookie,
        headers: origin ? { origin } : {},
        form: { request, csrf, decision },
      });
    expect((await decide('allow', 'https://evil.example.test')).statusCode).toBe(403);
    expect((await decide('deny')).statusCode).toBe(403);
    const allowed = await decide('allow');
    expect(allowed.statusCode).toBe(200);
    expect(allowed.body).toContain('action="https://outside.example.test/handoff"');
    const token = /name="session_token" value="([^"]*)"/.exec(allowed.body)![1];
    const introspected = await t.client.post('/oauth/introspect', {
      headers: { authorization: basic(third) },
      form: { token },
    });
    expect(introspected.json()).toMatchObject({ active: true, sub: user.user.id, scope: 'read:profile' });
    // Consent is remembered: the API hands off directly now.
    expect((await ask()).statusCode).toBe(201);
    // Signed out, the page sends the user to sign in first.
    const out = await t.client.get(consentUrl);
    expect(String(out.headers.location)).toMatch(/^\/auth\?/);
  });

  it('refuses an unregistered redirect URL, an inactive app, an unknown app and a signed-out caller, minting nothing', async () => {
    const count = async () =>
      (await t.hub.db.select().from(authSessions).where(eq(authSessions.kind, 'handoff'))).length;
    const before = await count();
    const bad = await t.client.asBrowser(user.cookie).post('/api/cross-platform/sessions', {
      body: {
        app_id: app.client_id,
        redirect_url: 'https://evil.example.test/steal',
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('redirect_url_not_registered');
    expect(
      (
        await t.client
          .asBrowser(user.cookie)
          .post('/api/cross-platform/sessions', { body: { app_id: 'nope', redirect_url: 'https://x.test/' } })
      ).json().error.code,
    ).toBe('app_not_found');
    expect(
      (
        await t.client
          .asBrowser('')
          .post('/api/cross-platform/sessions', { body: { app_id: app.client_id, redirect_url: app.redirect_uris[0] } })
      ).statusCode,
    ).toBe(401);
    const inactive = await registerClient(t, { app_name: 'Off', redirect_uris: ['https://off.example.test/cb'] });
    const admin = await signedInUser(t.hub, ['platform_admin']);
    await t.client
      .asBrowser(admin.cookie)
      .patch(`/api/admin/oauth-clients/${inactive.id}`, { body: { is_active: false } });
    const off = await t.client.asBrowser(user.cookie).post('/api/cross-platform/sessions', {
      body: {
        app_id: inactive.client_id,
        redirect_url: inactive.redirect_uris[0],
      },
    });
    expect(off.statusCode).toBe(403);
    expect(off.json().error.code).toBe('app_inactive');
    expect(await count()).toBe(before);
  });

  it('issues an app token, validates it for its owner only, and revokes app access', async () => {
    const res = await t.client.asBrowser(user.cookie).post(`/api/apps/${app.client_id}/token`, { body: {} });
    expect(res.statusCode).toBe(200);
    const { access_token, scope } = res.json();
    expect(scope).toBe('read:profile');
    expect(
      (await t.client.asBrowser(user.cookie).post('/api/sessions/validate', { body: { access_token } })).json(),
    ).toEqual({ valid: true });
    const stranger = await signedInUser(t.hub);
    expect(
      (await t.client.asBrowser(stranger.cookie).post('/api/sessions/validate', { body: { access_token } })).json(),
    ).toEqual({
      valid: false,
    });
    expect(
      (
        await t.client.asBrowser(user.cookie).post('/api/sessions/validate', { body: { access_token: 'garbage' } })
      ).json(),
    ).toEqual({
      valid: false,
    });
    const revoke = await t.client.asBrowser(user.cookie).delete(`/api/apps/${app.client_id}/sessions`);
    expect(revoke.statusCode).toBe(200);
    expect(revoke.json().revoked).toBeGreaterThanOrEqual(1);
    expect(
      (await t.client.asBrowser(user.cookie).post('/api/sessions/validate', { body: { access_token } })).json(),
    ).toEqual({ valid: false });
    expect((await introspect(access_token)).json()).toEqual({ active: false });
  });

  it('requires the CSRF header on these calls', async () => {
    const res = await t.client.post('/api/cross-platform/sessions', {
      cookie: user.cookie,
      body: { app_id: app.client_id, redirect_url: app.redirect_uris[0] },
    });
    expect(res.statusCode).toBe(403);
  });
});
