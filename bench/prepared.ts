/**
 * npm run bench:prepared [-- --runs=200]
 *
 * Issue 44: what a named (prepared) statement saves PostgreSQL on the hot paths' reads. Runs
 * sign-in's lookup (auth/sign-in-queries.ts, as `preparedRows` sends it) and introspection's
 * session read on a scratch database, each `runs` times unnamed (parsed and planned every time,
 * as before) and named (pg's named query: parsed once per connection, planned generically once
 * the custom plans cost no less), and prints the server's planning time from `explain (analyze,
 * summary)` and the wall time per statement on one connection. Needs BENCH_DATABASE_URL or
 * TEST_DATABASE_URL.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { loadConfig } from '../src/server/config';
import { closeHub, createHub } from '../src/server/create-hub';
import { reserveAttemptStatement } from '../src/server/auth/sign-in-limit-queries';
import { createScratchPostgresDatabase } from '../tests/helpers/test-hub';

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const RUNS = Number(args.runs ?? 200);
process.env.TEST_DATABASE_URL ??= process.env.BENCH_DATABASE_URL;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  const db = await createScratchPostgresDatabase();
  const config = {
    ...loadConfig({ LOG_LEVEL: 'silent', HUB_MASTER_KEY: randomBytes(32).toString('base64') }),
    databaseUrl: db.url,
  };
  const hub = await createHub({ config });
  await closeHub(hub);
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  const dialect = new PgDialect();
  try {
    const statements = {
      "sign-in's counting insert + account read": (i: number) =>
        sql`with reserved as (${reserveAttemptStatement(`bench-${i}` as never, new Date())})
          select r.failures, u.* from (select 1) as one left join reserved r on true
          left join platform_users u on u.email = ${`nobody-${i}@example.test`}`,
      'session read (introspection miss)': () =>
        sql`select id, user_id, client_id, kind, scopes, is_active, expires_at, auth_time from auth_sessions
          where id = ${randomUUID()} limit 1`,
    };
    console.log(`bench:prepared — ${new Date().toISOString()} — ${RUNS} runs each, one connection\n`);
    console.log(
      '| statement | planning ms, unnamed (median) | planning ms, named (median of the last half) | wall µs unnamed | wall µs named |',
    );
    console.log('|---|---|---|---|---|');
    for (const [label, make] of Object.entries(statements)) {
      const plan = { unnamed: [] as number[], named: [] as number[] };
      const wall = { unnamed: [] as number[], named: [] as number[] };
      const name = `bench_${label.replace(/\W+/g, '_')}`;
      const text = dialect.sqlToQuery(make(0)).sql;
      await client.query(`prepare ${name} as ${text}`);
      for (let i = 0; i < RUNS; i++) {
        const q = dialect.sqlToQuery(make(i));
        const literal = q.params.map((p) => client.escapeLiteral(String(p)));
        const explained = async (s: string) => {
          const r = await client.query(`explain (analyze, summary, format json) ${s}`);
          return (r.rows[0]['QUERY PLAN'] as { 'Planning Time': number }[])[0]['Planning Time'];
        };
        plan.unnamed.push(await explained(q.sql.replace(/\$(\d+)/g, (_, n: string) => literal[Number(n) - 1])));
        plan.named.push(await explained(`execute ${name}(${literal.join(', ')})`));
        let t = performance.now();
        await client.query(q.sql, q.params);
        wall.unnamed.push((performance.now() - t) * 1000);
        t = performance.now();
        await client.query({ name: `${name}_wire`, text: q.sql, values: q.params });
        wall.named.push((performance.now() - t) * 1000);
      }
      const late = (xs: number[]) => xs.slice(Math.floor(xs.length / 2));
      console.log(
        `| ${label} | ${median(plan.unnamed).toFixed(3)} | ${median(late(plan.named)).toFixed(3)} | ` +
          `${median(wall.unnamed).toFixed(0)} | ${median(late(wall.named)).toFixed(0)} |`,
      );
    }
  } finally {
    await client.end();
    await db.drop();
  }
}

void main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
