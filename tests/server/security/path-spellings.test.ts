import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { TEST_DATABASES } from '../../helpers/test-hub';
import { signedInUser } from '../../helpers/fixtures';
import { rows } from '../../../src/server/db/client';
import { canonicalUrl } from '../../../src/server/http/path';
import { concreteUrl, listRoutes } from '../admin/route-inventory';
import { useTestHub } from '../../helpers/use-test-hub';

/** Ways to spell the same path that a string-prefix check would not recognise. */
const SPELLINGS: [string, (path: string) => string][] = [
  ['as registered', (p) => p],
  ['escaped letter in the prefix', (p) => p.replace(/^\/api\//, '/%61pi/')],
  ['every letter escaped', (p) => p.replace(/^\/api\//, '/%61%70%69/')],
  ['double slash', (p) => `/${p}`],
  ['dot segment', (p) => p.replace(/^\/api\//, '/api/./')],
  ['escaped dot segment, upper-case hex', (p) => p.replace(/^\/api\//, '/api/%2E/')],
  ['escaped dot segment, lower-case hex', (p) => p.replace(/^\/api\//, '/api/%2e/')],
  ['dot-dot segment', (p) => p.replace(/^\/api\//, '/api/x/../')],
  ['trailing semicolon', (p) => `${p};`],
  ['segment parameter', (p) => p.replace(/^\/api\//, '/api;v=1/')],
];

/**
 * CSRF (and every other decision on a path) hangs off the route the router matched, and paths
 * are made canonical before routing: every state-changing /api route, under every spelling,
 * answers a cross-site request with the same refusal and changes nothing.
 */
describe.each(TEST_DATABASES)('state-changing routes under every path spelling [%s]', (kind) => {
  const t = useTestHub(kind);
  let adminCookie: string;
  beforeAll(async () => {
    adminCookie = (await signedInUser(t.hub, ['user', 'super_admin'])).cookie;
  });

  const snapshot = () =>
    rows(
      t.hub.db,
      sql`select (select count(*) from platform_users)::int as users,
                 (select count(*) from auth_sessions where is_active)::int as sessions,
                 (select count(*) from oauth_clients)::int as clients,
                 (select count(*) from admin_action_approvals)::int as approvals,
                 (select count(*) from platform_role_assignments where is_active)::int as roles`,
    );

  it('spells every prefix to the same canonical path', () => {
    for (const [name, spell] of SPELLINGS) {
      expect(canonicalUrl(spell('/api/auth/sign-in')), name).toBe('/api/auth/sign-in');
    }
    expect(canonicalUrl('/api/x?next=%61')).toBe('/api/x?next=%61');
    expect(canonicalUrl('/api/users/a%2Fb')).toBe('/api/users/a%2Fb');
  });

  // A sweep of every route under every spelling: its limit is a watchdog for a machine shared with
  // another suite (it timed out at 30 s there), not a speed requirement.
  it('refuses a cross-site request to every state-changing /api route, however the path is spelled', async () => {
    const routes = listRoutes(t.app).filter((r) => r.url.startsWith('/api/') && !['GET', 'HEAD'].includes(r.method));
    expect(routes.length).toBeGreaterThanOrEqual(20);
    const before = await snapshot();
    for (const route of routes) {
      for (const [name, spell] of SPELLINGS) {
        const res = await t.client.request(route.method as 'POST', spell(concreteUrl(route.url)), {
          cookie: adminCookie,
          headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
          body: '{}',
        });
        const seen = { route: `${route.method} ${route.url}`, spelling: name, status: res.statusCode };
        expect(seen).toEqual({ ...seen, status: 403 });
        expect(res.json().error.code, JSON.stringify(seen)).toBe('csrf_failed');
      }
    }
    expect(await snapshot()).toEqual(before);
  }, 180_000);
});
