import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { TEST_DATABASES } from '../../helpers/test-hub';
import { sessionCookieFor, createUser } from '../../helpers/fixtures';
import { rows } from '../../../src/server/db/client';
import { listRoutes, type RouteEntry } from '../admin/route-inventory';
import { useTestHub } from '../../helpers/use-test-hub';

/** Inputs each route gets per caller; every route, two callers, both databases. */
const RUNS_PER_ROUTE = 15;

/** Text that has broken JSON APIs before: NUL, lone and split surrogates, huge, odd dates and numbers. */
const nastyString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 80 }),
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\ud800',
    'x\udfff',
    '😀'.repeat(60),
    '😀'.repeat(60).slice(0, 101),
    '0000-01-01T00:00:00Z',
    '33658-09-27T01:46:40Z',
    '9999-12-31T23:59:59.999Z',
    '1969-12-31T23:59:59Z',
    '1'.repeat(40),
    '-1',
    'NaN',
    '../../etc/passwd',
    "'; drop table platform_users; --",
    '<script>alert(1)</script>',
    'null',
    '',
    ' ',
  ),
  fc.string({ minLength: 5000, maxLength: 9000 }),
);
const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  nastyString,
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.constantFrom(1e308, -1e308, 2 ** 53 + 1, 0, -0, true, false, null),
  fc.array(nastyString, { maxLength: 4 }),
  fc.dictionary(nastyString, nastyString, { maxKeys: 3 }),
  fc.jsonValue({ maxDepth: 3 }),
);

interface Contract {
  body: string[];
  query: string[];
}

/** The field names a route declares (from its OpenAPI document), so the fuzzer aims at real fields. */
/**
 * Routes whose answer is the node's state, not a function of the input: readiness answers 503
 * when its database ping takes over 2 s, which a machine busy with other work can make happen.
 * A 503 there is that report (its body says not_ready, or error with db unreachable), never a failure of the input.
 */
const STATE_REPORTS = new Set(['GET /api/health', 'GET /api/health/ready']);
const isStateReport = (route: RouteEntry, res: { statusCode: number; body: string }) =>
  STATE_REPORTS.has(`${route.method} ${route.url}`) &&
  res.statusCode === 503 &&
  /"status":"(not_ready|error)"/.test(res.body);

function contractOf(doc: OpenApiDoc, route: RouteEntry): Contract {
  const path = route.url.replace(/:([A-Za-z_]+)/g, '{$1}');
  const op = doc.paths[path]?.[route.method.toLowerCase()];
  const bodySchema = op?.requestBody?.content?.['application/json']?.schema;
  return {
    body: Object.keys(bodySchema?.properties ?? bodySchema?.anyOf?.[0]?.properties ?? {}),
    query: (op?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
  };
}

interface OpenApiDoc {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { in: string; name: string }[];
        requestBody?: {
          content?: Record<string, { schema?: { properties?: object; anyOf?: { properties?: object }[] } }>;
        };
      }
    >
  >;
}

function requestArbitrary(contract: Contract, route: RouteEntry) {
  const fields = contract.body.length ? fc.constantFrom(...contract.body) : nastyString;
  const body = fc.oneof(
    fc.constant(undefined),
    fc.constant('null'),
    fc.constant('[]'),
    fc.constant('{"a":'),
    fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
    fc.dictionary(fields, nastyValue, { maxKeys: 6 }).map((v) => JSON.stringify(v)),
  );
  const queryKeys = contract.query.length ? fc.constantFrom(...contract.query) : fc.constantFrom('q', 'x');
  const query = fc.array(fc.tuple(queryKeys, nastyString), { maxLength: 4 });
  const param = fc.oneof(fc.constant('00000000-0000-4000-8000-000000000000'), nastyString);
  const contentType = fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', '');
  return fc.record({ body, query, param, contentType }).map((r) => {
    const path = route.url.replace(/:[A-Za-z_]+/g, () => encodeURIComponent(r.param.toWellFormed()) || 'x');
    const qs = r.query.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v.toWellFormed())}`).join('&');
    return { url: qs ? `${path}?${qs}` : path, body: r.body, contentType: r.contentType };
  });
}

/**
 * Every registered route, read from Fastify, gets malformed bodies, queries and path parameters
 * (property-based, fast-check) from an anonymous caller and from a signed-in super admin. No
 * answer may be a 5xx, and when every answer of a route was a refusal (4xx), no business row
 * changed (refusals are recorded in the audit log and counters, and nothing else).
 */
describe.each(TEST_DATABASES)('every route refuses malformed input without a 5xx [%s]', (kind) => {
  const t = useTestHub(kind);
  let doc: OpenApiDoc;
  beforeAll(async () => {
    doc = (await t.client.get('/api/openapi.json')).json();
  });

  const businessState = async () =>
    rows(
      t.hub.db,
      sql`select (select count(*) from platform_users)::int as users,
                 (select max(updated_at)::text from platform_users) as users_changed,
                 (select count(*) from platform_role_assignments where is_active)::int as roles,
                 (select count(*) from auth_sessions where is_active)::int as sessions,
                 (select count(*) from oauth_clients)::int as clients,
                 (select max(updated_at)::text from oauth_clients) as clients_changed,
                 (select count(*) from admin_action_approvals)::int as approvals,
                 (select count(*) from oauth_authorization_codes)::int as codes`,
    );

  it('answers every route with 2xx-4xx, never 5xx, and refusals change nothing', { timeout: 300_000 }, async () => {
    const routes = listRoutes(t.app).filter((r) => !r.url.startsWith('/api/docs'));
    expect(routes.length).toBeGreaterThanOrEqual(40);
    const admin = await createUser(t.hub, { roles: ['user', 'super_admin'] });
    const failures: string[] = [];
    for (const route of routes) {
      // A fresh session per route: a fuzzed sign-out must not blunt the routes after it.
      const cookie = await sessionCookieFor(t.hub, admin);
      const before = await businessState();
      let allRefused = true;
      await fc.assert(
        fc.asyncProperty(requestArbitrary(contractOf(doc, route), route), fc.boolean(), async (req, signedIn) => {
          const res = await t.client.asBrowser(signedIn ? cookie : undefined).request(route.method as 'POST', req.url, {
            headers: req.contentType && req.body !== undefined ? { 'content-type': req.contentType } : {},
            body: !['GET', 'HEAD', 'DELETE'].includes(route.method) ? req.body : undefined,
          });
          if (isStateReport(route, res)) return;
          if (res.statusCode >= 500) {
            failures.push(
              `${route.method} ${req.url.slice(0, 120)} [${req.contentType}] ${String(req.body).slice(0, 120)} ` +
                `→ ${res.statusCode} ${res.body.slice(0, 200)}`,
            );
          }
          if (res.statusCode < 400) allRefused = false;
          expect(res.statusCode).toBeLessThan(500);
        }),
        { numRuns: RUNS_PER_ROUTE },
      );
      if (allRefused)
        expect({ route: `${route.method} ${route.url}`, state: await businessState() }).toEqual({
          route: `${route.method} ${route.url}`,
          state: before,
        });
    }
    expect(failures).toEqual([]);
  });

  it(
    'answers every declared field poisoned with NUL or a lone surrogate with a 4xx, never a 5xx',
    { timeout: 300_000 },
    async () => {
      const admin = await createUser(t.hub, { roles: ['user', 'super_admin'] });
      const cookie = await sessionCookieFor(t.hub, admin);
      const poisons = ['a\u0000b', 'x\ud800', '😀'.repeat(60).slice(0, 101)];
      const failures: string[] = [];
      let sent = 0;
      for (const route of listRoutes(t.app).filter((r) => !r.url.startsWith('/api/docs'))) {
        const { body, query } = contractOf(doc, route);
        const path = route.url.replace(/:[A-Za-z_]+/g, '00000000-0000-4000-8000-000000000000');
        const plausible = Object.fromEntries(body.map((f) => [f, 'x']));
        for (const poison of poisons) {
          const cases: { url: string; payload?: string }[] = [
            ...body.map((f) => ({ url: path, payload: JSON.stringify({ ...plausible, [f]: poison }) })),
            ...query.map((q) => ({
              url: `${path}?${q}=${encodeURIComponent(poison.toWellFormed())}${poison.includes('\u0000') ? '%00' : ''}`,
            })),
            {
              url: route.url.includes(':')
                ? route.url.replace(/:[A-Za-z_]+/g, encodeURIComponent(poison.toWellFormed()) + '%00')
                : path,
            },
          ];
          for (const c of cases) {
            const res = await t.client.asBrowser(cookie).request(route.method as 'POST', c.url, {
              headers: { 'content-type': 'application/json' },
              body: !['GET', 'HEAD', 'DELETE'].includes(route.method) ? c.payload : undefined,
            });
            sent += 1;
            if (res.statusCode >= 500 && !isStateReport(route, res))
              failures.push(
                `${route.method} ${c.url.slice(0, 100)} ${c.payload?.slice(0, 100) ?? ''} → ${res.statusCode}`,
              );
          }
        }
      }
      expect(sent).toBeGreaterThan(100);
      expect(failures).toEqual([]);
    },
  );
});
