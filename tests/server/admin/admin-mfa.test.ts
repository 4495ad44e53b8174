import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { TEST_DATABASES, createTestHub } from '../../helpers/test-hub';
import { FIXTURE_PASSWORD, createUser, sessionCookieFor, signedInUser, totpCodeAt } from '../../helpers/fixtures';
import { auditLogs, authSessions, mfaTotp, oauthClients } from '../../../src/server/db/schema/index';
import { callRoute, listRoutes } from './route-inventory';
import { useTestHub } from '../../helpers/use-test-hub';

describe.each(TEST_DATABASES)('administrators need a second factor; step-up for sensitive actions [%s]', (kind) => {
  const t = useTestHub(kind);

  it('refuses an admin without a second factor on every /api/admin/* route (listed by Fastify): 403 mfa_enrollment_required', async () => {
    const routes = listRoutes(t.app).filter((r) => r.url.startsWith('/api/admin/'));
    expect(routes.length).toBeGreaterThanOrEqual(20);
    for (const role of ['platform_admin', 'super_admin'] as const) {
      const { cookie } = await signedInUser(t.hub, ['user', role], { mfa: false });
      for (const route of routes) {
        const res = await callRoute(t.client, route, cookie);
        expect(`${route.method} ${route.url} ${res.statusCode}`).toBe(`${route.method} ${route.url} 403`);
        expect(res.json().error.code).toBe('mfa_enrollment_required');
      }
    }
    // Their own account routes still work: that is where they enrol.
    const { cookie } = await signedInUser(t.hub, ['user', 'platform_admin'], { mfa: false });
    expect((await t.client.asBrowser(cookie).post('/api/me/mfa/totp', { body: {} })).statusCode).toBe(200);
    const audit = await t.hub.db.select().from(auditLogs).where(eq(auditLogs.eventType, 'mfa_enrollment_required'));
    expect(audit.length).toBeGreaterThanOrEqual(routes.length * 2);
  });

  it('lets the same admin in once a factor is enrolled, and the Users list shows MFA status', async () => {
    const { user, cookie } = await signedInUser(t.hub, ['user', 'platform_admin'], { mfa: false });
    expect((await t.client.asBrowser(cookie).get('/api/admin/users')).statusCode).toBe(403);
    await t.hub.db.insert(mfaTotp).values({ userId: user.id, secretEnc: 'x', confirmedAt: t.clock.now() });
    const res = await t.client.asBrowser(cookie).get(`/api/admin/users?q=${encodeURIComponent(user.email)}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().users[0]).toMatchObject({ id: user.id, mfa: { totp: true, passkeys: 0 } });
    const plain = await createUser(t.hub);
    const other = await t.client.asBrowser(cookie).get(`/api/admin/users?q=${encodeURIComponent(plain.email)}`);
    expect(other.json().users[0].mfa).toEqual({ totp: false, passkeys: 0 });
  });

  it('HUB_ADMIN_MFA=optional lets an admin without a factor in', async () => {
    const relaxed = await createTestHub(kind, { config: { adminMfa: 'optional' } });
    try {
      const { cookie } = await signedInUser(relaxed.hub, ['user', 'platform_admin'], { mfa: false });
      const res = await relaxed.client.get('/api/admin/users', { cookie });
      expect(res.statusCode).toBe(200);
    } finally {
      await relaxed.close();
    }
  });

  it('step-up: the four sensitive routes need an authentication in the last 10 minutes; reauthenticate renews it', async () => {
    const admin = await createUser(t.hub, { roles: ['user', 'super_admin'] });
    const cookie = await sessionCookieFor(t.hub, admin);
    const target = await createUser(t.hub);
    const [client] = await t.hub.db
      .insert(oauthClients)
      .values({
        clientId: `step-up-${Date.now()}`,
        appName: 'Step',
        appUrl: 'https://step.example',
        clientSecretHash: 'x',
      })
      .returning();
    const sensitive = [
      () => t.client.asBrowser(cookie).put(`/api/admin/users/${target.id}/roles`, { body: { roles: ['user'] } }),
      () => t.client.asBrowser(cookie).post(`/api/admin/oauth-clients/${client.id}/secret`, { body: {} }),
      () =>
        t.client
          .asBrowser(cookie)
          .post(`/api/admin/credential-grants/00000000-0000-4000-8000-000000000000/reveal`, { body: {} }),
      () => t.client.asBrowser(cookie).patch(`/api/admin/users/${target.id}`, { body: { is_active: false } }),
    ];
    t.clock.advance(10 * 60_000 + 1000);
    for (const attempt of sensitive) {
      const res = await attempt();
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('reauthentication_required');
    }
    // Ordinary admin routes do not ask.
    expect((await t.client.asBrowser(cookie).get('/api/admin/users')).statusCode).toBe(200);
    // A refused deactivation changed nothing.
    expect(
      (await t.client.asBrowser(cookie).get(`/api/admin/users?q=${encodeURIComponent(target.email)}`)).json().users[0]
        .is_active,
    ).toBe(true);

    // The password alone is not enough when the account has an authenticator app.
    const noCode = await t.client
      .asBrowser(cookie)
      .post('/api/auth/reauthenticate', { body: { password: FIXTURE_PASSWORD } });
    expect(noCode.statusCode).toBe(401);
    expect(noCode.json().error.code).toBe('invalid_code');
    const wrong = await t.client.asBrowser(cookie).post('/api/auth/reauthenticate', {
      body: {
        password: FIXTURE_PASSWORD,
        code: '000000',
      },
    });
    expect(wrong.statusCode).toBe(401);
    const ok = await t.client.asBrowser(cookie).post('/api/auth/reauthenticate', {
      body: {
        password: FIXTURE_PASSWORD,
        code: await totpCodeAt(t.hub),
      },
    });
    expect(ok.statusCode).toBe(200);
    expect(new Date(ok.json().step_up_until).getTime() - new Date(ok.json().authenticated_at).getTime()).toBe(600_000);

    const roles = await sensitive[0]();
    expect(roles.statusCode).toBe(200);
    const secret = await sensitive[1]();
    expect(secret.json().error?.code).not.toBe('reauthentication_required');
    const reveal = await sensitive[2]();
    expect(reveal.statusCode).toBe(404);
    const deactivate = await sensitive[3]();
    expect(deactivate.statusCode).toBe(200);

    // And it expires again.
    t.clock.advance(10 * 60_000 + 1000);
    const late = await t.client
      .asBrowser(cookie)
      .put(`/api/admin/users/${target.id}/roles`, { body: { roles: ['user'] } });
    expect(late.json().error.code).toBe('reauthentication_required');
    const [row] = await t.hub.db
      .select()
      .from(authSessions)
      .where(and(eq(authSessions.userId, admin.id)));
    expect(row.amr).toEqual(['pwd', 'otp', 'mfa']);
  });

  it('a super_admin resets a user’s MFA (audited, their sessions end); a platform_admin may not', async () => {
    const { cookie: superCookie } = await signedInUser(t.hub, ['user', 'super_admin']);
    const { cookie: platformCookie } = await signedInUser(t.hub, ['user', 'platform_admin']);
    const victim = await createUser(t.hub, { roles: ['user', 'platform_admin'] });
    const victimCookie = await sessionCookieFor(t.hub, victim);
    const refused = await t.client
      .asBrowser(platformCookie)
      .post(`/api/admin/users/${victim.id}/mfa/reset`, { body: {} });
    expect(refused.statusCode).toBe(403);
    const res = await t.client.asBrowser(superCookie).post(`/api/admin/users/${victim.id}/mfa/reset`, { body: {} });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ mfa_reset: true, sessions_ended: 1 });
    expect((await t.client.asBrowser(victimCookie).get('/api/me')).statusCode).toBe(401);
    const signIn = await t.client.post('/api/auth/sign-in', {
      csrf: true,
      body: {
        email: victim.email,
        password: FIXTURE_PASSWORD,
      },
    });
    expect(signIn.json().user.id).toBe(victim.id);
    const [event] = await t.hub.db.select().from(auditLogs).where(eq(auditLogs.eventType, 'mfa_reset'));
    expect(event).toMatchObject({ severity: 'critical', details: { target_user_id: victim.id, totp: true } });
    expect(
      (
        await t.client
          .asBrowser(superCookie)
          .post(`/api/admin/users/00000000-0000-4000-8000-000000000000/mfa/reset`, { body: {} })
      ).statusCode,
    ).toBe(404);
  });
});
