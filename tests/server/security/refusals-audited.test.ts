import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { TEST_DATABASES } from '../../helpers/test-hub';
import { createUser, sessionCookieFor, signedInUser } from '../../helpers/fixtures';
import { rows } from '../../../src/server/db/client';
import { auditLogs } from '../../../src/server/db/schema/index';
import { callRoute, listRoutes } from '../admin/route-inventory';
import { useTestHub } from '../../helpers/use-test-hub';

/**
 * One refusal idiom: a 401/403 is audited by the error hook that renders it, so no route can
 * refuse without a row — and a refusal thrown inside a transaction keeps its row after the
 * rollback. Anonymous refusals are aggregated per IP, route and minute.
 */
describe.each(TEST_DATABASES)('every refusal leaves its audit row [%s]', (kind) => {
  const t = useTestHub(kind);

  const auditCount = async () =>
    Number((await rows<{ n: number }>(t.hub.db, sql`select count(*)::int as n from audit_logs`))[0].n);

  it('writes exactly one permission_denied row for each 403 of the admin authorization matrix', async () => {
    const { cookie, user } = await signedInUser(t.hub, ['user']);
    const admin = listRoutes(t.app).filter((r) => r.url.startsWith('/api/admin/'));
    for (const route of admin) {
      const before = await auditCount();
      const res = await callRoute(t.client, route, cookie);
      expect(res.statusCode).toBe(403);
      expect({ route: `${route.method} ${route.url}`, added: (await auditCount()) - before }).toEqual({
        route: `${route.method} ${route.url}`,
        added: 1,
      });
      const [last] = await t.hub.db
        .select()
        .from(auditLogs)
        .orderBy(sql`${auditLogs.id} desc`)
        .limit(1);
      expect(last).toMatchObject({ eventType: 'permission_denied', userId: user.id, source: 'server' });
      expect(last.details).toMatchObject({ method: route.method, route: route.url, code: 'forbidden' });
      expect(last.requestId).toEqual(expect.any(String));
    }
  });

  it('keeps the role_escalation_attempt of a platform_admin who edits a super_admin (refused inside a transaction)', async () => {
    const platformAdmin = await signedInUser(t.hub, ['user', 'platform_admin']);
    const target = await createUser(t.hub, { roles: ['user', 'super_admin'] });
    for (const patch of [{ is_active: false }, { email: 'taken-over@example.test' }]) {
      const res = await t.client
        .asBrowser(platformAdmin.cookie)
        .patch(`/api/admin/users/${target.id}`, { body: patch });
      expect(res.statusCode).toBe(403);
    }
    const attempts = await t.hub.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.eventType, 'role_escalation_attempt'), eq(auditLogs.userId, platformAdmin.user.id)));
    expect(attempts).toHaveLength(2);
    expect(attempts[0].details).toMatchObject({ action: 'edit_super_admin', target_user_id: target.id });
    const [after] = await rows<{ is_active: boolean; email: string }>(
      t.hub.db,
      sql`select is_active, email from platform_users where id = ${target.id}`,
    );
    expect(after).toEqual({ is_active: true, email: target.email });
  });

  it('audits a cross-site refusal as csrf_refused with the route it was aimed at', async () => {
    const { cookie, user } = await signedInUser(t.hub, ['user']);
    const res = await t.client.post('/%61pi/auth/sign-out', { cookie, headers: { origin: 'https://evil.example' } });
    expect(res.statusCode).toBe(403);
    const [row] = await t.hub.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.eventType, 'csrf_refused'), eq(auditLogs.userId, user.id)));
    expect(row.details).toMatchObject({ method: 'POST', route: '/api/auth/sign-out', origin: 'https://evil.example' });
  });

  it('aggregates repeated anonymous refusals per IP, route and minute instead of writing each', async () => {
    const before = await auditCount();
    const call = (ip: string) => t.client.get('/api/admin/overview', { csrf: true, remoteAddress: ip });
    for (let i = 0; i < 6; i++) expect((await call('203.0.113.7')).statusCode).toBe(401);
    expect((await call('203.0.113.8')).statusCode).toBe(401);
    // One row per address so far; the other five are counted.
    expect((await auditCount()) - before).toBe(2);
    t.clock.advance(61_000);
    expect((await call('203.0.113.7')).statusCode).toBe(401);
    const summary = await t.hub.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.eventType, 'anonymous_refusals_aggregated'));
    expect(summary).toHaveLength(1);
    expect(summary[0]).toMatchObject({ ipAddress: '203.0.113.7' });
    expect(summary[0].details).toMatchObject({
      event_type: 'unauthorized_access',
      route: 'GET /api/admin/overview',
      count: 5,
    });
    // The new window's first refusal is written again, with the summary: 2 + 2.
    expect((await auditCount()) - before).toBe(4);
  });

  it('writes at most five routes per anonymous address and minute one by one, and counts the rest together', async () => {
    t.clock.advance(61_000); // a fresh window
    const before = await auditCount();
    const routes = [
      '/api/admin/overview',
      '/api/admin/users',
      '/api/admin/apps',
      '/api/admin/sessions',
      '/api/admin/analytics',
      '/api/admin/credential-requests',
      '/api/admin/credential-grants',
      '/api/admin/auth-sessions',
    ];
    for (const url of routes) {
      const res = await t.client.get(url, { csrf: true, remoteAddress: '203.0.113.9' });
      expect(res.statusCode).toBe(401);
    }
    expect((await auditCount()) - before).toBe(5);
    t.clock.advance(61_000);
    expect((await t.client.get('/api/admin/overview', { csrf: true, remoteAddress: '203.0.113.9' })).statusCode).toBe(
      401,
    );
    const summary = (
      await t.hub.db.select().from(auditLogs).where(eq(auditLogs.eventType, 'anonymous_refusals_aggregated'))
    ).filter((r) => r.ipAddress === '203.0.113.9');
    expect(summary.map((r) => r.details)).toEqual([
      expect.objectContaining({ event_type: 'unauthorized_access', route: '(other routes)', count: 3 }),
    ]);
  });

  it('audits a signed-out call to a signed-in route before its body is even read', async () => {
    const cookie = await sessionCookieFor(t.hub, await createUser(t.hub));
    const anon = await t.client.post('/api/cross-platform/sessions', {
      csrf: true,
      headers: { 'content-type': 'application/json' },
      body: '{"broken": ',
    });
    expect(anon.statusCode).toBe(401);
    const signedIn = await t.client
      .asBrowser(cookie)
      .post('/api/cross-platform/sessions', { headers: { 'content-type': 'application/json' }, body: '{"broken": ' });
    expect(signedIn.statusCode).toBe(400);
  });
});
