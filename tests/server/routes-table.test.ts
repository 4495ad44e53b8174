import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { useTestHub } from '../helpers/use-test-hub';
import { listRoutes } from './admin/route-inventory';

/**
 * docs/routes.txt: every route of the hub, one `METHOD /full/path` a line, sorted by path, so a
 * reader finds `POST /api/orgs/:id/invitations` with grep instead of adding up the prefixes of
 * app.ts and each plugin. Read from the built app (printRoutes' tree, route-inventory.ts), so it
 * cannot drift from the code: a route added, removed or moved without the file fails here.
 * HEAD (Fastify's twin of every GET) and OPTIONS (CORS preflight) are left out, and so are the
 * SPA's static files (the app is built without them).
 */
const FILE = fileURLToPath(new URL('../../docs/routes.txt', import.meta.url));
const UPDATE = 'UPDATE_ROUTES=1 npx vitest run --project server tests/server/routes-table.test.ts';
const HEADER = [
  "# Every route of the hub's API, as `METHOD /full/path`, sorted by path.",
  '# Written by tests/server/routes-table.test.ts, which fails when this file is stale. Regenerate:',
  `#   ${UPDATE}`,
];

// The routes do not depend on the database: PGlite's hub is enough.
describe('the route table, docs/routes.txt', () => {
  const t = useTestHub('pglite');

  it('lists every route with its full path, and is up to date', () => {
    const routes = listRoutes(t.app)
      .map((r) => `${r.method} ${r.url}`)
      .sort((a, b) => compare(byPath(a), byPath(b)) || compare(a, b));
    expect(new Set(routes).size, 'each route once').toBe(routes.length);
    // The issue's own example: a nested route, found with its whole path.
    expect(routes).toContain('POST /api/orgs/:id/invitations');
    const table = [...HEADER, ...routes].join('\n') + '\n';
    if (process.env.UPDATE_ROUTES) writeFileSync(FILE, table);

    const written = existsSync(FILE) ? readFileSync(FILE, 'utf8') : '';
    const lines = new Set(written.split('\n'));
    const stale = `docs/routes.txt is stale; regenerate it with ${UPDATE}`;
    expect(
      {
        missing: routes.filter((r) => !lines.has(r)),
        gone: [...lines].filter((l) => /^[A-Z]+ \//.test(l) && !routes.includes(l)),
      },
      stale,
    ).toEqual({ missing: [], gone: [] });
    expect(written, stale).toBe(table);
  });
});

/** Sorted by path, then by method (DELETE, GET, PATCH … on one path), in code-point order: the same on every machine. */
const byPath = (line: string) => line.slice(line.indexOf(' ') + 1);
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
