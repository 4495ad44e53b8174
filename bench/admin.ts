/**
 * Users-tab search at scale: seeds 100,000 users and times the real search path (listUsers:
 * page + count + roles) on PGlite and on PostgreSQL, then prints the query plan so it shows
 * the trigram index at work. PostgreSQL runs when TEST_DATABASE_URL (or BENCH_DATABASE_URL)
 * is set; e.g. TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:admin
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { createTestHub, type DbKind } from '../tests/helpers/test-hub';
import { rows } from '../src/server/db/client';
import { listUsers } from '../src/server/admin/users-service';
import { SEARCH_COUNT_CAP } from '../src/server/admin/user-queries';
import { likeContains } from '../src/server/db/like';

const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const TERMS = ['acme', 'smith', 'user4242', 'globex', 'ZEPHYR', 'engineering', 'org-17', 'xq9'];
if (process.env.BENCH_DATABASE_URL && !process.env.TEST_DATABASE_URL)
  process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function run(kind: DbKind) {
  const t = await createTestHub(kind, { realClock: true });
  try {
    const seedStart = performance.now();
    await t.hub.db.execute(sql`
      insert into platform_users (email, full_name, organization, department, created_at)
      select 'user' || g || '@' || (array['acme','globex','initech','umbrella','hooli','zephyr'])[1 + g % 6] || '.test',
             (array['Ada','Grace','Linus','Ken','Barbara','Edsger'])[1 + g % 6] || ' ' ||
             (array['Smith','Jones','Nguyen','Okafor','Silva','Kowalski','Zephyr'])[1 + g % 7] || ' ' || g,
             case when g % 5 = 0 then null else 'Org-' || (g % 97) end,
             (array['engineering','sales','support','finance'])[1 + g % 4],
             now() - (g || ' seconds')::interval
        from generate_series(1, ${USERS}) g`);
    await t.hub.db.execute(sql`analyze platform_users`);
    const seedMs = performance.now() - seedStart;

    // The caller: a super admin who is none of the listed users.
    const caller = { userId: '00000000-0000-4000-8000-000000000000', roles: ['super_admin'] };
    // Warm-up, then timed runs over a mix of terms (and the first, unfiltered page).
    for (const q of TERMS) await listUsers(t.hub, { q, limit: 25 }, caller);
    const timings: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const q = TERMS[i % TERMS.length];
      const start = performance.now();
      await listUsers(t.hub, { q, limit: 25 }, caller);
      timings.push(performance.now() - start);
    }
    const unfiltered: number[] = [];
    for (let i = 0; i < 20; i++) {
      const start = performance.now();
      await listUsers(t.hub, { q: '', limit: 25 }, caller);
      unfiltered.push(performance.now() - start);
    }
    timings.sort((a, b) => a - b);
    unfiltered.sort((a, b) => a - b);
    console.log(`\n== ${kind}: ${USERS.toLocaleString('en-US')} users (seeded in ${(seedMs / 1000).toFixed(1)} s) ==`);
    console.log(
      `search (page of 25 + count + roles), ${RUNS} runs: p50 ${pct(timings, 50).toFixed(1)} ms, p95 ${pct(timings, 95).toFixed(1)} ms`,
    );
    console.log(
      `unfiltered first page + count, 20 runs: p50 ${pct(unfiltered, 50).toFixed(1)} ms, p95 ${pct(unfiltered, 95).toFixed(1)} ms`,
    );
    const expr = `lower("email" || ' ' || coalesce("full_name", '') || ' ' || coalesce("organization", ''))`;
    // The two statements a search runs (src/server/admin/user-queries.ts), for a common and a rare term.
    const statements = (term: string) => ({
      count:
        `select count(*) from (select 1 from platform_users where ${expr} like '${likeContains(term.toLowerCase())}' ` +
        `limit ${SEARCH_COUNT_CAP + 1}) m`,
      page:
        `select id from platform_users where ${expr} like '${likeContains(term.toLowerCase())}' ` +
        `order by created_at desc nulls last, id desc nulls last limit 26`,
    });
    const planLines: string[] = [];
    for (const term of ['smith', 'xq9']) {
      for (const [what, query] of Object.entries(statements(term))) {
        const analyzed = await rows<{ 'QUERY PLAN': string }>(
          t.hub.db,
          sql.raw(`explain (analyze, costs off) ${query}`),
        );
        const lines = analyzed.map((r) => r['QUERY PLAN']);
        planLines.push(...lines);
        const nodes = lines
          .filter((l) => /Scan|Limit|^\s*(->\s*)?Sort\s/.test(l))
          .map((l) => l.replace(/^\s*(->\s*)?/, '').replace(/\s+\(.*$/, ''));
        const exec = lines.find((l) => l.startsWith('Execution Time')) ?? '';
        console.log(`EXPLAIN ANALYZE ${what} "${term}": ${nodes.join(' > ')}; ${exec}`);
      }
    }
    const usesIndex = planLines.some((l) => l.includes('platform_users_search_trgm_idx'));
    console.log(`uses platform_users_search_trgm_idx: ${usesIndex ? 'yes' : 'NO'}`);
  } finally {
    await t.close();
  }
}

console.log(
  `bench:admin on ${os.cpus()[0]?.model ?? 'unknown CPU'} x${os.cpus().length}, node ${process.version}, ${new Date().toISOString()}`,
);
if (process.env.BENCH_DB !== 'postgres') await run('pglite');
if (process.env.TEST_DATABASE_URL) await run('postgres');
else console.log('\n(PostgreSQL skipped: set TEST_DATABASE_URL or BENCH_DATABASE_URL)');
