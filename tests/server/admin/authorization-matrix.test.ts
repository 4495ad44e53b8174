import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { TEST_DATABASES } from '../../helpers/test-hub';
import { signedInUser } from '../../helpers/fixtures';
import { rows } from '../../../src/server/db/client';
import { callRoute, listRoutes } from './route-inventory';
import { useTestHub } from '../../helpers/use-test-hub';

/**
 * Every /api/admin/* route, whoever registered it, as anonymous, plain user, platform_admin
 * and super_admin. The route list is read from the Fastify instance, so a route added by any
 * capability later is in this matrix without anyone editing it.
 */
describe.each(TEST_DATABASES)('admin authorization matrix [%s]', (kind) => {
  const t = useTestHub(kind);
  const cookies: Record<string, string | undefined> = {};
  beforeAll(async () => {
    cookies.anonymous = undefined;
    cookies.user = (await signedInUser(t.hub, ['user'])).cookie;
    cookies.platform_admin = (await signedInUser(t.hub, ['user', 'platform_admin'])).cookie;
    cookies.super_admin = (await signedInUser(t.hub, ['user', 'super_admin'])).cookie;
  });

  it('finds the admin routes of every capability that registered some', () => {
    const admin = listRoutes(t.app).filter((r) => r.url.startsWith('/api/admin/'));
    const urls = admin.map((r) => `${r.method} ${r.url}`);
    // The administration's own routes are always there; others join as they land.
    for (const expected of [
      'GET /api/admin/overview',
      'GET /api/admin/users',
      'PATCH /api/admin/users/:id',
      'GET /api/admin/apps',
      'GET /api/admin/sessions',
      'GET /api/admin/credential-requests',
      'POST /api/admin/credential-requests',
      'POST /api/admin/credential-requests/:id/approve',
      'POST /api/admin/credential-requests/:id/deny',
      'GET /api/admin/credential-grants',
      'POST /api/admin/credential-grants/:id/reveal',
      'GET /api/admin/analytics',
      'GET /api/admin/auth-sessions',
      'POST /api/admin/auth-sessions/:id/revoke',
    ]) {
      expect(urls).toContain(expected);
    }
  });

  it('answers 401 to anonymous and 403 to a plain user on every admin route, in the JSON error shape, audited', async () => {
    const admin = listRoutes(t.app).filter((r) => r.url.startsWith('/api/admin/'));
    expect(admin.length).toBeGreaterThanOrEqual(14);
    console.log(`authorization matrix: ${admin.length} /api/admin routes x 4 callers`);
    for (const route of admin) {
      const anon = await callRoute(t.client, route, cookies.anonymous);
      expect({ route: `${route.method} ${route.url}`, status: anon.statusCode }).toEqual({
        route: `${route.method} ${route.url}`,
        status: 401,
      });
      expect(anon.json()).toMatchObject({ error: { code: 'unauthenticated' } });
      const plain = await callRoute(t.client, route, cookies.user);
      expect({ route: `${route.method} ${route.url}`, status: plain.statusCode }).toEqual({
        route: `${route.method} ${route.url}`,
        status: 403,
      });
      expect(plain.json()).toMatchObject({
        error: { code: 'forbidden', message: 'You need ecosystem administrator privileges to access this page.' },
      });
    }
    // Anonymous refusals beyond a few per address and minute are counted, not written one by one
    // (plugins/refusal-audit.ts): the next refusal after the minute writes the counts.
    t.clock.advance(61_000);
    expect((await t.client.asBrowser(cookies.anonymous).get('/api/admin/overview')).statusCode).toBe(401);
    const audited = await rows<{ event_type: string; n: number }>(
      t.hub.db,
      sql`select event_type, count(*)::int as n from audit_logs
           where event_type in ('unauthorized_access','permission_denied') group by event_type
          union all
          select details->>'event_type', coalesce(sum((details->>'count')::int), 0)::int from audit_logs
           where event_type = 'anonymous_refusals_aggregated' group by details->>'event_type'`,
    );
    const byType: Record<string, number> = {};
    for (const r of audited) byType[r.event_type] = (byType[r.event_type] ?? 0) + Number(r.n);
    expect(byType.unauthorized_access).toBeGreaterThanOrEqual(admin.length);
    expect(byType.permission_denied).toBeGreaterThanOrEqual(admin.length);
  });

  it.each(['platform_admin', 'super_admin'])(
    'lets a %s through the guard on every admin route: plain reads 200, the rest refused on their merits (400/404/409)',
    async (role) => {
      const admin = listRoutes(t.app).filter((r) => r.url.startsWith('/api/admin/'));
      for (const route of admin) {
        const res = await callRoute(t.client, route, cookies[role]);
        // A read without parameters answers 200; anything naming an object that does not exist, or
        // sent with an empty body, is refused on its merits (400/404/409), never by the guard.
        const expected = route.method === 'GET' && !route.url.includes(':') ? [200] : [400, 404, 409];
        const seen = { route: `${route.method} ${route.url}`, status: res.statusCode };
        expect(expected, JSON.stringify(seen)).toContain(res.statusCode);
        // Whatever came back, it is JSON and holds no secret material.
        expect(res.body).not.toMatch(
          /password_hash|passwordHash|client_secret_enc|api_key_enc|webhook_secret_enc|\$argon2/,
        );
      }
    },
  );

  it('answers the user routes of /api/me to any signed-in user and 401 to anonymous', async () => {
    // POST /api/me/email/confirm takes the token mailed to a new address, signed in or not: the
    // token is its credential (tests/server/me/profile.test.ts).
    const me = listRoutes(t.app).filter((r) => r.url.startsWith('/api/me/') && r.url !== '/api/me/email/confirm');
    expect(me.length).toBeGreaterThanOrEqual(2);
    for (const route of me) {
      const anon = await callRoute(t.client, route, undefined);
      expect(anon.statusCode).toBe(401);
      const plain = await callRoute(t.client, route, cookies.user);
      expect([200, 400, 404]).toContain(plain.statusCode);
    }
  });
});
