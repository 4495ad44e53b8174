import { beforeAll, describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import { createTestHub } from '../../helpers/test-hub';
import { signedInUser } from '../../helpers/fixtures';
import { listRoutes } from '../admin/route-inventory';
import { useTestHub } from '../../helpers/use-test-hub';

interface Operation {
  responses: Record<string, unknown>;
}

/**
 * The OpenAPI document is generated from the route contracts: it validates as OpenAPI 3.1 and
 * names every /api, /oauth and /.well-known route with its answers. A route added without a
 * contract fails here (and the hub refuses to start with it: http/contract.ts).
 */
describe('OpenAPI document', () => {
  const t = useTestHub('pglite');
  let doc: { openapi: string; paths: Record<string, Record<string, Operation>> };
  beforeAll(async () => {
    const res = await t.client.get('/api/openapi.json');
    expect(res.statusCode).toBe(200);
    doc = res.json();
  });

  it('validates as OpenAPI 3.1', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const result = await new Validator().validate(doc as unknown as Parameters<Validator['validate']>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('documents every registered /api, /oauth and /.well-known route with a success and its errors', () => {
    const routes = listRoutes(t.app).filter(
      // A catch-all (RFC 8414 §3.1's path-suffixed metadata, `…/oauth-authorization-server*`) has no one OpenAPI path.
      (r) => /^\/(api|oauth|\.well-known)\//.test(r.url) && !r.url.startsWith('/api/docs') && !r.url.endsWith('*'),
    );
    expect(routes.length).toBeGreaterThanOrEqual(40);
    const missing: string[] = [];
    for (const route of routes) {
      const path = route.url.replace(/:([A-Za-z_]+)/g, '{$1}');
      const op = doc.paths[path]?.[route.method.toLowerCase()];
      if (!op) {
        missing.push(`${route.method} ${route.url}`);
        continue;
      }
      const statuses = Object.keys(op.responses);
      expect(
        statuses.some((s) => /^[23]/.test(s)),
        `${route.method} ${route.url} ${statuses}`,
      ).toBe(true);
      expect(statuses, `${route.method} ${route.url}`).toEqual(expect.arrayContaining(['400', '500', '503']));
    }
    expect(missing).toEqual([]);
  });

  it('refuses to build a hub with a route that declares no answer', async () => {
    const { buildApp } = await import('../../../src/server/app');
    const app = await buildApp(t.hub, { webRoot: null });
    expect(() => app.get('/api/undocumented', async () => ({ ok: true }))).toThrow(/declares no successful response/);
    await app.close();
  });

  it('is open in development and for admins only in production', async () => {
    const prod = await createTestHub('pglite', { config: { isProduction: true } });
    try {
      expect((await prod.client.get('/api/openapi.json')).statusCode).toBe(401);
      expect((await prod.client.get('/api/docs')).statusCode).toBe(401);
      const user = await signedInUser(prod.hub, ['user']);
      expect((await prod.client.get('/api/openapi.json', { cookie: user.cookie })).statusCode).toBe(403);
      const admin = await signedInUser(prod.hub, ['user', 'platform_admin']);
      const ok = await prod.client.get('/api/openapi.json', { cookie: admin.cookie });
      expect(ok.statusCode).toBe(200);
      expect((await prod.client.get('/api/docs', { cookie: admin.cookie })).statusCode).toBe(200);
    } finally {
      await prod.close();
    }
  });
});
