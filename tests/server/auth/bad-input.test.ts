import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { TEST_DATABASES } from '../../helpers/test-hub';
import { signedInUser } from '../../helpers/fixtures';
import { rows } from '../../../src/server/db/client';
import { useTestHub } from '../../helpers/use-test-hub';

/** Bad input to every accounts endpoint answers 4xx in the JSON error shape and changes nothing. */
describe.each(TEST_DATABASES)('accounts endpoints refuse bad input [%s]', (kind) => {
  const t = useTestHub(kind);
  let adminCookie: string;
  let targetId: string;
  beforeAll(async () => {
    adminCookie = (await signedInUser(t.hub, ['user', 'super_admin'])).cookie;
    targetId = (await signedInUser(t.hub, ['user'])).user.id;
  });

  const snapshot = async () =>
    rows(
      t.hub.db,
      sql`select (select count(*) from platform_users)::int as users,
                 (select count(*) from platform_role_assignments where is_active)::int as roles,
                 (select count(*) from auth_sessions)::int as sessions, (select count(*) from sign_in_attempts)::int as attempts`,
    );

  const endpoints: Array<{ method: 'POST' | 'PUT'; url: string; cookie?: boolean }> = [
    { method: 'POST', url: '/api/auth/sign-up' },
    { method: 'POST', url: '/api/auth/sign-in' },
    { method: 'POST', url: '/api/setup/system-admins' },
    { method: 'POST', url: '/api/setup/cleanup' },
    { method: 'PUT', url: '/api/admin/users/:id/roles', cookie: true },
  ];
  const bodies: Array<[string, string, string]> = [
    ['empty object', '{}', 'application/json'],
    [
      'wrong types',
      '{"email": 5, "password": [1], "full_name": {}, "roles": "super_admin", "confirmation_key": 7}',
      'application/json',
    ],
    ['array', '[1,2,3]', 'application/json'],
    ['not JSON', '{"email": ', 'application/json'],
    ['plain text', 'hello', 'text/plain'],
    [
      '1 MB',
      JSON.stringify({ email: 'a@b.test', password: 'x'.repeat(1024 * 1024), full_name: 'x', roles: ['user'] }),
      'application/json',
    ],
  ];

  for (const ep of endpoints) {
    for (const [name, payload, type] of bodies) {
      it(`${ep.method} ${ep.url}: ${name} → 4xx JSON error, nothing changed`, async () => {
        const before = await snapshot();
        const res = await t.client
          .asBrowser(ep.cookie ? adminCookie : undefined)
          .request(ep.method, ep.url.replace(':id', targetId), { headers: { 'content-type': type }, body: payload });
        expect(res.statusCode).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
        expect(res.json()).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
        expect(await snapshot()).toEqual(before);
      });
    }
  }

  it('roles routes refuse a malformed id with 400 and unknown ids with 404', async () => {
    const bad = await t.client.get('/api/admin/users/not-a-uuid/roles', { cookie: adminCookie });
    expect(bad.statusCode).toBe(400);
    const missing = await t.client
      .asBrowser(adminCookie)
      .put('/api/admin/users/00000000-0000-4000-8000-000000000000/roles', { body: { roles: ['user'] } });
    expect(missing.statusCode).toBe(404);
  });
});
