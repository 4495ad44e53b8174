import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { TestClient } from '../../helpers/client';
import { TEST_DATABASES } from '../../helpers/test-hub';
import { auditRow, createUser, sessionCookieFor, signedInUser, refreshAuthentication } from '../../helpers/fixtures';
import { rows } from '../../../src/server/db/client';
import { API_KEY_CONTEXT } from '../../../src/server/oauth/clients/service';
import { auditLogs, authSessions, oauthClients, platformUsers } from '../../../src/server/db/schema/index';
import { auditMark } from '../../helpers/audit-mark';
import { useTestHub } from '../../helpers/use-test-hub';

describe.each(TEST_DATABASES)('administration API [%s]', (kind) => {
  const t = useTestHub(kind);
  let superCookie: string;
  /** The signed-in super_admin most of these tests act as. */
  let asRoot: TestClient;
  let superId: string;
  let adminCookie: string;
  let admin2Cookie: string;
  let appId: string;
  beforeAll(async () => {
    const s = await signedInUser(t.hub, ['user', 'super_admin'], { email: 'root@hub.test', fullName: 'Root Admin' });
    superCookie = s.cookie;
    asRoot = t.client.asBrowser(superCookie);
    superId = s.user.id;
    const a = await signedInUser(t.hub, ['user', 'platform_admin'], { email: 'pat@hub.test', fullName: 'Pat Admin' });
    adminCookie = a.cookie;
    admin2Cookie = (await signedInUser(t.hub, ['user', 'platform_admin'], { email: 'quinn@hub.test' })).cookie;
    const [app] = await t.hub.db
      .insert(oauthClients)
      .values({
        clientId: 'talentmls',
        appName: 'TalentMLS',
        appUrl: 'https://talentmls.example',
        apiKeyEnc: t.hub.secrets.seal('tmls_api_key_value_123', API_KEY_CONTEXT),
        webhookSecretEnc: null,
      })
      .returning();
    appId = app.id;
  });

  describe('users', () => {
    beforeAll(async () => {
      await createUser(t.hub, { email: 'alice@acme.test', fullName: 'Alice Zephyr', organization: 'Acme Corp' });
      await createUser(t.hub, { email: 'bob@globex.test', fullName: null, organization: 'Globex' });
      await createUser(t.hub, { email: 'carol@initech.test', fullName: 'Carol 100%_Sure', organization: null });
    });

    it('searches case-insensitively over email, full name and organization, with the matching count', async () => {
      const byOrg = (await asRoot.get('/api/admin/users?q=ACME')).json();
      expect(byOrg.users.map((u: { email: string }) => u.email)).toEqual(['alice@acme.test']);
      expect(byOrg.total).toBe(1);
      expect((await asRoot.get('/api/admin/users?q=zeph')).json().users[0].email).toBe('alice@acme.test');
      expect((await asRoot.get('/api/admin/users?q=GLOBEX.TEST')).json().total).toBe(1);
      // LIKE wildcards in the search are literal characters.
      expect((await asRoot.get('/api/admin/users?q=100%25_')).json().total).toBe(1);
      expect((await asRoot.get('/api/admin/users?q=_')).json().total).toBe(1);
      expect((await asRoot.get('/api/admin/users?q=nobody-like-this')).json()).toEqual({
        users: [],
        total: 0,
        total_capped: false,
        next_cursor: null,
      });
    });

    it('pages with a cursor, newest first, with no repeats and no gaps, and never returns password hashes', async () => {
      const all = (await asRoot.get('/api/admin/users?limit=100')).json();
      expect(all.total).toBe(all.users.length);
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const res = await asRoot.get(`/api/admin/users?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
        expect(res.statusCode).toBe(200);
        expect(res.body).not.toMatch(/password|argon2/);
        const body = res.json();
        expect(body.total).toBe(all.total);
        seen.push(...body.users.map((u: { id: string }) => u.id));
        cursor = body.next_cursor;
      } while (cursor);
      expect(seen).toEqual(all.users.map((u: { id: string }) => u.id));
      const root = all.users.find((u: { email: string }) => u.email === 'root@hub.test');
      expect(root.roles.sort()).toEqual(['super_admin', 'user']);
      expect((await asRoot.get('/api/admin/users?cursor=garbage')).statusCode).toBe(400);
    });

    it('caps the count of a common term at 1,000 and still pages its matches newest first', async () => {
      await t.hub.db.execute(sql`
        insert into platform_users (email, full_name, organization, created_at)
        select 'bulk' || g || '@many.test', 'Bulk ' || g, case when g % 2 = 0 then 'Commonorg' else null end,
               ${t.hub.clock().toISOString()}::timestamptz - (g || ' seconds')::interval
          from generate_series(1, 2100) g`);
      const first = (await asRoot.get('/api/admin/users?q=commonORG&limit=50')).json();
      expect(first.total).toBe(1000);
      expect(first.total_capped).toBe(true);
      const expected = await rows<{ email: string }>(
        t.hub.db,
        sql`select email from platform_users where organization = 'Commonorg' order by created_at desc, id desc limit 100`,
      );
      const second = (await asRoot.get(`/api/admin/users?q=commonORG&limit=50&cursor=${first.next_cursor}`)).json();
      expect([...first.users, ...second.users].map((u: { email: string }) => u.email)).toEqual(
        expected.map((r) => r.email),
      );
      const rare = (await asRoot.get('/api/admin/users?q=bulk2099@')).json();
      expect(rare).toMatchObject({ total: 1, total_capped: false });
      await t.hub.db.execute(sql`delete from platform_users where email like 'bulk%@many.test'`);
    });

    it('edits a user: empty full name saves null, email must stay unique', async () => {
      const target = await createUser(t.hub, { email: 'dave@hub.test', fullName: 'Dave' });
      const res = await asRoot.patch(`/api/admin/users/${target.id}`, {
        body: {
          email: 'Dave.New@Hub.test',
          full_name: '',
          organization: 'Umbrella',
          department: 'R&D',
        },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        email: 'dave.new@hub.test',
        full_name: null,
        organization: 'Umbrella',
        department: 'R&D',
        is_active: true,
      });
      const taken = await asRoot.patch(`/api/admin/users/${target.id}`, { body: { email: 'alice@acme.test' } });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().error).toMatchObject({ code: 'email_in_use', field: 'email' });
      // Every refused field at once, each with its path and zod's code: programs keep the paths, the web words them.
      const refused = await asRoot.patch(`/api/admin/users/${target.id}`, {
        body: { email: 'not-an-email', full_name: 'x'.repeat(500) },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toMatchObject({
        code: 'invalid_request',
        field: 'email',
        message: expect.stringMatching(/^email: /),
        issues: [
          { field: 'email', code: 'invalid_format', format: 'email', message: expect.any(String) },
          { field: 'full_name', code: 'too_big', maximum: expect.any(Number), origin: 'string' },
        ],
      });
      expect((await asRoot.patch(`/api/admin/users/${target.id}`, { body: { password_hash: 'x' } })).statusCode).toBe(
        400,
      );
      expect(
        (await asRoot.patch('/api/admin/users/00000000-0000-4000-8000-000000000000', { body: { full_name: 'x' } }))
          .statusCode,
      ).toBe(404);
    });

    it('deactivating a user revokes their sessions at once', async () => {
      const victim = await createUser(t.hub, { email: 'erin@hub.test' });
      const cookie = await sessionCookieFor(t.hub, victim);
      const cookie2 = await sessionCookieFor(t.hub, victim);
      expect((await t.client.get('/api/me/sessions', { cookie })).statusCode).toBe(200);
      const res = await t.client
        .asBrowser(adminCookie)
        .patch(`/api/admin/users/${victim.id}`, { body: { is_active: false } });
      expect(res.statusCode).toBe(200);
      expect(res.json().is_active).toBe(false);
      expect((await t.client.get('/api/me/sessions', { cookie })).statusCode).toBe(401);
      expect((await t.client.get('/api/me/sessions', { cookie: cookie2 })).statusCode).toBe(401);
      const live = await rows<{ n: number }>(
        t.hub.db,
        sql`select count(*)::int as n from auth_sessions where user_id = ${victim.id} and is_active`,
      );
      expect(Number(live[0].n)).toBe(0);
      const audit = await rows<{ event_type: string }>(
        t.hub.db,
        sql`select event_type from audit_logs where details->>'target_user_id' = ${victim.id}`,
      );
      expect(audit.map((a) => a.event_type)).toEqual(expect.arrayContaining(['user_updated', 'user_deactivated']));
    });

    it('nobody deactivates themselves, and a platform admin cannot deactivate a super admin', async () => {
      // The list says so first (issue 46), by the same rule the PATCH applies.
      const deactivationOf = async (cookie: string | null, q: string, id = superId) => {
        const res = cookie
          ? await t.client.get(`/api/admin/users?q=${q}`, { cookie })
          : await asRoot.get(`/api/admin/users?q=${q}`);
        return (res.json().users as { id: string; actions: { deactivate: unknown } }[]).find((u) => u.id === id)
          ?.actions.deactivate;
      };
      const rootEmail = (await asRoot.get('/api/admin/users'))
        .json()
        .users.find((u: { id: string }) => u.id === superId).email;
      const q = encodeURIComponent(rootEmail);
      expect(await deactivationOf(null, q)).toEqual({ allowed: false, reason: 'self' });
      expect(await deactivationOf(adminCookie, q)).toEqual({ allowed: false, reason: 'super_admin_only' });
      const rolesOf = async (cookie: string) =>
        (
          (await t.client.get(`/api/admin/users?q=${q}`, { cookie })).json().users as {
            id: string;
            actions: { roles: Record<string, unknown> };
          }[]
        ).find((u) => u.id === superId)?.actions.roles;
      const ok = { allowed: true, reason: null };
      expect(await rolesOf(superCookie)).toEqual({
        user: ok,
        platform_admin: ok,
        super_admin: { allowed: false, reason: 'last_super_admin' },
        support: ok,
      });
      expect(await rolesOf(adminCookie)).toMatchObject({
        platform_admin: ok,
        super_admin: { allowed: false, reason: 'super_admin_only' },
        support: { allowed: false, reason: 'super_admin_only' },
      });
      const byPlatformAdmin = await t.client
        .asBrowser(adminCookie)
        .patch(`/api/admin/users/${superId}`, { body: { is_active: false } });
      expect(byPlatformAdmin.statusCode).toBe(403);
      // Oneself: refused whatever else the edit holds, audited, and nothing changes.
      const since = await auditMark(t.hub.db);
      const self = await asRoot.patch(`/api/admin/users/${superId}`, {
        body: { is_active: false, full_name: 'Renamed On The Way Out' },
      });
      expect(self.statusCode).toBe(403);
      expect(self.json().error).toMatchObject({
        code: 'self_deactivation',
        message: expect.stringMatching(/own account/),
      });
      const [me] = await t.hub.db.select().from(platformUsers).where(eq(platformUsers.id, superId));
      expect({ isActive: me.isActive, fullName: me.fullName }).toEqual({ isActive: true, fullName: 'Root Admin' });
      const written = await t.hub.db
        .select({ type: auditLogs.eventType, userId: auditLogs.userId, details: auditLogs.details })
        .from(auditLogs)
        .where(since);
      expect(written).toEqual([
        {
          type: 'permission_denied',
          userId: superId,
          details: expect.objectContaining({ route: '/api/admin/users/:id', action: 'deactivate_self' }),
        },
      ]);
      expect((await asRoot.get('/api/admin/overview')).statusCode, 'still signed in').toBe(200);
      // With a second super admin, deactivating one is allowed (and the other may then deactivate this one).
      const other = await createUser(t.hub, { email: 'root2@hub.test', roles: ['super_admin'] });
      expect(await deactivationOf(null, encodeURIComponent('root2@hub.test'), other.id)).toEqual({
        allowed: true,
        reason: null,
      });
      expect((await asRoot.patch(`/api/admin/users/${other.id}`, { body: { is_active: false } })).statusCode).toBe(200);
      expect((await asRoot.patch(`/api/admin/users/${other.id}`, { body: { is_active: true } })).statusCode).toBe(200);
    });
  });

  describe('security tab', () => {
    it('lists registered apps with presence marks only', async () => {
      const res = await asRoot.get('/api/admin/apps');
      expect(res.statusCode).toBe(200);
      expect(res.json().apps).toEqual([
        {
          id: appId,
          app_name: 'TalentMLS',
          app_url: 'https://talentmls.example',
          app_type: 'third_party',
          is_active: true,
          has_api_key: true,
          has_webhook_secret: false,
        },
      ]);
      expect(res.body).not.toContain('tmls_api_key_value_123');
    });

    it('lists the newest sessions, 5 by default, with the token hash cut to 16 characters', async () => {
      const res = await asRoot.get('/api/admin/sessions');
      const { sessions } = res.json();
      expect(sessions).toHaveLength(5);
      for (const s of sessions) expect(s.session_token_hash).toMatch(/^[0-9a-f]{16}$/);
      const full = await t.hub.db.select({ h: authSessions.sessionTokenHash }).from(authSessions);
      expect(full.map((r) => r.h.slice(0, 16))).toEqual(
        expect.arrayContaining(sessions.map((s: { session_token_hash: string }) => s.session_token_hash)),
      );
    });
  });

  describe('credential access', () => {
    it('requires a justification (security tab) and 15 trimmed characters (audit tab)', async () => {
      const none = await asRoot.post('/api/admin/credential-requests', {
        body: {
          mode: 'standard',
          app_id: appId,
          justification: '   ',
        },
      });
      expect(none.statusCode).toBe(400);
      expect(none.json().error.message).toContain('Please provide a justification for accessing credentials');
      const short = await asRoot.post('/api/admin/credential-requests', {
        body: {
          mode: 'time_limited',
          app_id: appId,
          justification: '   too short     ',
        },
      });
      expect(short.statusCode).toBe(400);
      expect(short.json().error.message).toContain('Please select an app and provide justification');
      for (const minutes of [4, 121]) {
        const bad = await asRoot.post('/api/admin/credential-requests', {
          body: {
            mode: 'time_limited',
            app_id: appId,
            justification: 'Rotating the partner integration key',
            time_limit_minutes: minutes,
          },
        });
        expect(bad.statusCode).toBe(400);
      }
    });

    it("a platform admin's request waits; they cannot approve it; another admin can; the grant reveals until it expires", async () => {
      const created = await t.client.asBrowser(adminCookie).post('/api/admin/credential-requests', {
        body: {
          mode: 'time_limited',
          app_id: appId,
          credential_type: 'api_key',
          justification: '  Investigating failed webhook deliveries  ',
          time_limit_minutes: 10,
        },
      });
      expect(created.statusCode).toBe(201);
      const { request, grant } = created.json();
      expect(grant).toBeNull();
      expect(request).toMatchObject({
        status: 'pending',
        app_name: 'TalentMLS',
        justification: 'Investigating failed webhook deliveries',
        time_limit_minutes: 10,
        can_decide: false,
      });

      const self = await t.client
        .asBrowser(adminCookie)
        .post(`/api/admin/credential-requests/${request.id}/approve`, { body: {} });
      expect(self.statusCode).toBe(403);
      expect(self.json().error.code).toBe('self_approval');
      expect(
        (await t.client.asBrowser(adminCookie).post(`/api/admin/credential-grants/${request.id}/reveal`, { body: {} }))
          .statusCode,
      ).toBe(403);

      const pending = (
        await t.client.get('/api/admin/credential-requests?scope=pending', { cookie: admin2Cookie })
      ).json().requests;
      expect(pending.find((r: { id: string }) => r.id === request.id)).toMatchObject({
        can_decide: true,
        requester_email: 'pat@hub.test',
      });
      const approved = await t.client
        .asBrowser(admin2Cookie)
        .post(`/api/admin/credential-requests/${request.id}/approve`, { body: {} });
      expect(approved.statusCode).toBe(200);
      expect(approved.json().request.status).toBe('approved');
      expect((await asRoot.post(`/api/admin/credential-requests/${request.id}/deny`, { body: {} })).statusCode).toBe(
        409,
      );

      const grants = (await t.client.get('/api/admin/credential-grants', { cookie: adminCookie })).json().grants;
      expect(grants).toEqual([
        expect.objectContaining({
          id: request.id,
          app_name: 'TalentMLS',
          credential_type: 'api_key',
          time_limit_minutes: 10,
        }),
      ]);
      // Only the requester holds the grant.
      expect(
        (await t.client.asBrowser(admin2Cookie).post(`/api/admin/credential-grants/${request.id}/reveal`, { body: {} }))
          .statusCode,
      ).toBe(404);
      const revealed = await t.client
        .asBrowser(adminCookie)
        .post(`/api/admin/credential-grants/${request.id}/reveal`, { body: {} });
      expect(revealed.statusCode).toBe(200);
      expect(revealed.json().value).toBe('tmls_api_key_value_123');

      t.clock.advanceMinutes(11);
      // Past the 10-minute step-up window too: re-authenticated, so the refusal is the grant's own expiry.
      await refreshAuthentication(t.hub, adminCookie);
      const late = await t.client
        .asBrowser(adminCookie)
        .post(`/api/admin/credential-grants/${request.id}/reveal`, { body: {} });
      expect(late.statusCode).toBe(403);
      expect(late.json().error.code).toBe('grant_expired');
      expect((await t.client.get('/api/admin/credential-grants', { cookie: adminCookie })).json().grants).toEqual([]);
      const mine = (await t.client.get('/api/admin/credential-requests', { cookie: adminCookie })).json().requests;
      expect(mine.find((r: { id: string }) => r.id === request.id).status).toBe('expired');

      const audit = await rows<{ event_type: string }>(
        t.hub.db,
        sql`select event_type from audit_logs where details->>'request_id' = ${request.id} order by id`,
      );
      expect(audit.map((a) => a.event_type)).toEqual([
        'credential_access_requested',
        'permission_denied',
        'permission_denied',
        'credential_access_granted',
        'credential_access_viewed',
        'permission_denied',
      ]);
    });

    it('reveals the credentials the OAuth clients API generated (api key and webhook secret)', async () => {
      // An earlier test moved the clock past the step-up window; revealing needs a fresh authentication.
      await refreshAuthentication(t.hub, superCookie);
      const made = await asRoot.post('/api/admin/oauth-clients', {
        body: {
          app_name: 'Role Builder',
          app_url: 'https://roles.example',
          redirect_uris: ['https://roles.example/callback'],
        },
      });
      expect(made.statusCode).toBe(201);
      const id = made.json().client.id;
      const apps = (await asRoot.get('/api/admin/apps')).json().apps;
      expect(apps.find((a: { id: string }) => a.id === id)).toMatchObject({
        has_api_key: true,
        has_webhook_secret: true,
      });
      for (const [type, prefix] of [
        ['api_key', 'hubkey_'],
        ['webhook_secret', 'hubwh_'],
      ]) {
        const req = await asRoot.post('/api/admin/credential-requests', {
          body: {
            mode: 'time_limited',
            app_id: id,
            credential_type: type,
            justification: 'Configuring the integration today',
            time_limit_minutes: 5,
          },
        });
        const grant = req.json().grant;
        const shown = await asRoot.post(`/api/admin/credential-grants/${grant.id}/reveal`, { body: {} });
        expect(shown.statusCode).toBe(200);
        expect(shown.json()).toMatchObject({
          credential_type: type,
          value: expect.stringMatching(new RegExp(`^${prefix}`)),
        });
      }
    });

    it("grants a super admin's time-limited request at once; a standard request always waits; deny works", async () => {
      const res = await asRoot.post('/api/admin/credential-requests', {
        body: {
          mode: 'time_limited',
          app_id: appId,
          justification: 'Emergency key rotation after leak',
          time_limit_minutes: 45,
        },
      });
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body.request.status).toBe('approved');
      expect(body.grant).toMatchObject({ app_name: 'TalentMLS', credential_type: 'api_key', time_limit_minutes: 45 });
      expect(new Date(body.grant.expires_at).getTime() - t.hub.clock().getTime()).toBe(45 * 60_000);

      const standard = await asRoot.post('/api/admin/credential-requests', {
        body: {
          mode: 'standard',
          app_id: appId,
          credential_type: 'webhook_secret',
          justification: 'Audit',
        },
      });
      expect(standard.json().request.status).toBe('pending');
      const denied = await t.client
        .asBrowser(adminCookie)
        .post(`/api/admin/credential-requests/${standard.json().request.id}/deny`, { body: {} });
      expect(denied.json().request.status).toBe('denied');
    });
  });

  describe('sessions, overview and analytics', () => {
    it('lists active auth sessions with their application and revokes one', async () => {
      const { user, cookie } = await signedInUser(t.hub, ['user'], { email: 'frank@hub.test' });
      const list = (await asRoot.get('/api/admin/auth-sessions?active=true')).json().sessions;
      const frank = list.find((s: { user_email: string }) => s.user_email === 'frank@hub.test');
      expect(frank).toMatchObject({
        client_id: null,
        app_name: null,
        user_id: user.id,
        is_active: true,
        user_agent: 'vitest',
      });
      expect(JSON.stringify(list)).not.toMatch(/session_token_hash|refresh_token/);
      const res = await t.client
        .asBrowser(adminCookie)
        .post(`/api/admin/auth-sessions/${frank.id}/revoke`, { body: {} });
      expect(res.json()).toEqual({ revoked: true });
      expect((await t.client.get('/api/me/sessions', { cookie })).statusCode).toBe(401);
      const after = (await asRoot.get('/api/admin/auth-sessions?active=true')).json().sessions;
      expect(after.some((s: { id: string }) => s.id === frank.id)).toBe(false);
    });

    it('reports real figures on the overview and analytics', async () => {
      await t.hub.audit.recordRows([
        auditRow({ eventType: 'sign_in_failure', severity: 'medium' }),
        auditRow({ eventType: 'sign_in_failure', severity: 'medium' }),
        auditRow({ eventType: 'sign_in_success', severity: 'low' }),
      ]);
      const o = (await asRoot.get('/api/admin/overview')).json();
      const users = await rows<{ n: number }>(t.hub.db, sql`select count(*)::int as n from platform_users`);
      expect(o.users_total).toBe(Number(users[0].n));
      expect(o.apps_total).toBe(2);
      expect(o.failed_sign_ins_24h).toBe(2);
      expect(o.sign_ins_24h).toBe(1);
      expect(o.pending_requests).toBe(0);
      expect(o.admins).toBeGreaterThanOrEqual(3);
      const a = (await asRoot.get('/api/admin/analytics')).json();
      expect(a.daily).toHaveLength(30);
      expect(a.daily[29]).toMatchObject({ date: t.hub.clock().toISOString().slice(0, 10), sign_ins: 1, failures: 2 });
      expect(a.top_event_types[0].count).toBeGreaterThan(0);
      expect(a.sessions_per_app.find((r: { app_name: string }) => r.app_name === 'Ecosystem Hub').count).toBe(
        o.active_sessions,
      );
    });
  });
});
