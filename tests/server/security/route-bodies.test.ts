import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../../src/server/db/client';
import { registerContracts } from '../../../src/server/http/contract';
import type { Hub } from '../../../src/server/hub';
import { CSRF, createTestHub, type TestHub } from '../../helpers/test-hub';
import { signedInUser } from '../../helpers/fixtures';
import { listRoutes } from '../admin/route-inventory';

interface JsonSchema {
  type?: string;
  anyOf?: JsonSchema[];
}

interface Operation {
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

/** The routes that took no declared body until issue 32: each answers an action, not a form. */
const EMPTY_BODY_ROUTES = [
  { url: '/api/auth/passkey/options', caller: 'anonymous' },
  { url: '/api/auth/verify-email/resend', caller: 'unverified user' },
  { url: '/api/me/mfa/totp', caller: 'user' },
  { url: '/api/me/passkeys/options', caller: 'user' },
  { url: '/api/admin/users/{id}/mfa/reset', caller: 'super_admin' },
] as const;

/** Every row of every table of the hub's schema: what "changes nothing" compares. */
async function snapshotTables(hub: Hub): Promise<Record<string, unknown[]>> {
  const tables = await rows<{ name: string }>(
    hub.db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const out: Record<string, unknown[]> = {};
  for (const { name } of tables) {
    const all = await rows<Record<string, unknown>>(hub.db, sql`select * from ${sql.identifier(name)}`);
    out[name] = all.map((row) => JSON.stringify(row)).sort();
  }
  return out;
}

/**
 * Issue 32, "contracts left open": every route that takes input over POST, PUT or PATCH says
 * what it takes, so stray input is refused before a handler runs and the OpenAPI document tells
 * clients the truth. A route that takes nothing declares an empty strict body.
 */
describe('request bodies', () => {
  let t: TestHub;
  let doc: { paths: Record<string, Record<string, Operation>> };
  beforeAll(async () => {
    t = await createTestHub('pglite');
    doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('every POST, PUT and PATCH route declares its body in the OpenAPI document', () => {
    const routes = listRoutes(t.app).filter((r) => ['POST', 'PUT', 'PATCH'].includes(r.method));
    expect(routes.length).toBeGreaterThanOrEqual(30);
    const undeclared = routes
      .filter((route) => {
        const op = doc.paths[route.url.replace(/:([A-Za-z_]+)/g, '{$1}')]?.[route.method.toLowerCase()];
        const content = Object.values(op?.requestBody?.content ?? {});
        return content.length === 0 || content.some((c) => !c.schema);
      })
      .map((r) => `${r.method} ${r.url}`);
    expect(undeclared).toEqual([]);
  });

  it('the routes that take nothing document an object without properties (or no body) and nothing else', () => {
    for (const { url } of EMPTY_BODY_ROUTES) {
      const schema = doc.paths[url]?.post?.requestBody?.content?.['application/json']?.schema as JsonSchema | undefined;
      expect(schema, url).toBeDefined();
      const branches = schema?.anyOf ?? [schema];
      expect(branches, url).toContainEqual({ type: 'object', properties: {}, additionalProperties: false });
      for (const branch of branches) {
        expect([{ type: 'object', properties: {}, additionalProperties: false }, { type: 'null' }], url).toContainEqual(
          branch,
        );
      }
    }
  });

  it('stray input on those routes is refused with 400 and changes nothing', async () => {
    const user = await signedInUser(t.hub, ['user']);
    const unverified = await signedInUser(t.hub, ['user']);
    const superAdmin = await signedInUser(t.hub, ['user', 'super_admin']);
    const target = await signedInUser(t.hub, ['user'], { mfa: true });
    const cookies = {
      anonymous: undefined,
      'unverified user': unverified.cookie,
      user: user.cookie,
      super_admin: superAdmin.cookie,
    } as const;
    const strays: { payload: string; contentType: string }[] = [
      { payload: JSON.stringify({ user_id: target.user.id }), contentType: 'application/json' },
      { payload: JSON.stringify({ email: target.user.email, admin: true }), contentType: 'application/json' },
      { payload: JSON.stringify([]), contentType: 'application/json' },
      { payload: 'id=1', contentType: 'application/x-www-form-urlencoded' },
      { payload: 'anything', contentType: 'text/plain' },
    ];
    const before = await snapshotTables(t.hub);
    for (const { url, caller } of EMPTY_BODY_ROUTES) {
      const cookie = cookies[caller];
      for (const stray of strays) {
        const res = await t.app.inject({
          method: 'POST',
          url: url.replace('{id}', target.user.id),
          headers: { ...CSRF, 'content-type': stray.contentType, ...(cookie ? { cookie } : {}) },
          payload: stray.payload,
        });
        const label = `${caller} POST ${url} ${stray.contentType} ${stray.payload}`;
        expect(res.statusCode, label).toBe(400);
        expect(res.json(), label).toMatchObject({ error: { code: expect.any(String) } });
      }
    }
    expect(await snapshotTables(t.hub)).toEqual(before);
  });

  it('an empty object or no body at all is still the action', async () => {
    const user = await signedInUser(t.hub, ['user']);
    for (const payload of [undefined, '{}']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/me/passkeys/options',
        headers: { ...CSRF, cookie: user.cookie, ...(payload ? { 'content-type': 'application/json' } : {}) },
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode, `${String(payload)} ${res.body}`).toBe(200);
    }
  });

  it('the hub refuses to start with a POST, PUT or PATCH route that declares no body', async () => {
    const app = Fastify();
    registerContracts(app);
    const response = { 200: z.object({ ok: z.boolean() }) };
    for (const method of ['post', 'put', 'patch'] as const) {
      expect(() => app[method]('/api/undeclared', { schema: { response } }, async () => ({ ok: true }))).toThrow(
        /declares no body/,
      );
    }
    // DELETE carries no body by convention, GET never: neither needs one.
    expect(() => app.delete('/api/undeclared', { schema: { response } }, async () => ({ ok: true }))).not.toThrow();
    await app.close();
  });
});
