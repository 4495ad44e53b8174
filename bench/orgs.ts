/**
 * Members of a large organization (issue 29): seeds 10,000 members into one organization (and
 * 20,000 memberships of other organizations around it), then times the real member-list path
 * (listMembers: the caller's membership, then one page by the (org, joined_at, user) index) on
 * the first page and on pages deep in the list reached by cursor, on PGlite and on PostgreSQL.
 * The bar: p95 < 50 ms on PostgreSQL. PostgreSQL runs when TEST_DATABASE_URL (or
 * BENCH_DATABASE_URL) is set; e.g. TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:orgs
 */
import { sql } from 'drizzle-orm';
import { createTestHub, TEST_DATABASES, type DbKind } from '../tests/helpers/test-hub';
import { createUser, sessionCookieFor } from '../tests/helpers/fixtures';
import { rows } from '../src/server/db/client';
import { organizations } from '../src/server/db/schema/index';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const LIMIT = 50;
if (process.env.BENCH_DATABASE_URL && !process.env.TEST_DATABASE_URL)
  process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function run(kind: DbKind) {
  const t = await createTestHub(kind, { realClock: true });
  try {
    const owner = await createUser(t.hub);
    const cookie = await sessionCookieFor(t.hub, owner);
    const [org] = await t.hub.db
      .insert(organizations)
      .values({ name: 'Big Staffing', slug: 'big-staffing' })
      .returning();
    const [other] = await t.hub.db.insert(organizations).values({ name: 'Neighbour', slug: 'neighbour' }).returning();
    const seedStart = performance.now();
    await t.hub.db.execute(sql`
      insert into platform_users (email, full_name, created_at)
      select 'member' || g || '@big.test', 'Member ' || g, now() - (g || ' seconds')::interval
        from generate_series(1, ${MEMBERS * 2}) g`);
    await t.hub.db.execute(sql`
      insert into organization_members (org_id, user_id, roles, joined_via, joined_at)
      select ${org.id}::uuid, id, array['member'], 'admin', created_at from platform_users where email like 'member%@big.test'
        order by email limit ${MEMBERS}`);
    await t.hub.db.execute(sql`
      insert into organization_members (org_id, user_id, roles, joined_via, joined_at)
      select ${other.id}::uuid, id, array['member'], 'admin', created_at from platform_users where email like 'member%@big.test'`);
    await t.hub.db.execute(sql`
      insert into organization_members (org_id, user_id, roles, joined_via) values (${org.id}, ${owner.id}, array['owner'], 'created')`);
    await t.hub.db.execute(sql`analyze organization_members`);
    await t.hub.db.execute(sql`analyze platform_users`);
    const seedMs = performance.now() - seedStart;

    // Cursors spread over the whole list: walk it once.
    const cursors: (string | null)[] = [null];
    for (;;) {
      const last = cursors[cursors.length - 1];
      const q = last ? `&cursor=${encodeURIComponent(last)}` : '';
      const res = await t.client.get(`/api/orgs/${org.id}/members?limit=${LIMIT}${q}`, { cookie });
      if (res.statusCode !== 200) throw new Error(`members: ${res.statusCode} ${res.body}`);
      const next = res.json().next_cursor as string | null;
      if (!next) break;
      cursors.push(next);
    }
    const timings: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const cursor = cursors[(i * 37) % cursors.length];
      const q = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
      const start = performance.now();
      const res = await t.client.get(`/api/orgs/${org.id}/members?limit=${LIMIT}${q}`, { cookie });
      timings.push(performance.now() - start);
      if (res.statusCode !== 200) throw new Error(`members: ${res.statusCode}`);
    }
    timings.sort((a, b) => a - b);
    console.log(
      `\n== ${kind}: ${MEMBERS.toLocaleString('en-US')} members (seeded in ${(seedMs / 1000).toFixed(1)} s) ==`,
    );
    console.log(`pages of ${LIMIT}: ${cursors.length} (walked by cursor)`);
    console.log(
      `GET /api/orgs/:id/members (HTTP through inject, any page), ${RUNS} runs: ` +
        `p50 ${pct(timings, 50).toFixed(1)} ms, p95 ${pct(timings, 95).toFixed(1)} ms, max ${timings[timings.length - 1].toFixed(1)} ms`,
    );
    const plan = await rows<{ 'QUERY PLAN': string }>(
      t.hub.db,
      sql.raw(
        `explain (analyze, costs off) select m.user_id from organization_members m join platform_users u on u.id = m.user_id
         where m.org_id = '${org.id}' and (m.joined_at, m.user_id) > (now() - interval '1 hour', '00000000-0000-0000-0000-000000000000')
         order by m.joined_at, m.user_id limit ${LIMIT + 1}`,
      ),
    );
    console.log(plan.map((r) => `  ${r['QUERY PLAN']}`).join('\n'));
    if (kind === 'postgres' && pct(timings, 95) >= 50) process.exitCode = 1;
  } finally {
    await t.close();
  }
}

for (const kind of TEST_DATABASES) await run(kind);
