/**
 * npm run bench:signin [-- --duration=10 --reps=3 --connections=8 --users=256 --baseline=<checkout> --profile=<folder>]
 *
 * The hub's sign-in (POST /api/auth/sign-in, correct password, c=8) against the floor: a bare
 * node:http server verifying the same password with argon2id at the hub's parameters
 * (bench/argon2-server.ts). Every request signs a different user in (the users are taken in
 * rotation, so no account's attempt counter sees concurrent attempts). Interleaved reps, the
 * ratio within each rep; per sign-in: server CPU (and what it costs beyond the floor's),
 * PostgreSQL CPU and database round trips; RSS idle and peak.
 * --baseline=<path of another checkout> also runs that checkout's hub (its own scratch database,
 * the same users) in the same reps, and prints this hub / baseline: CPU and main-thread CPU per
 * sign-in. --profile=<folder> (or BENCH_CPU_PROF) writes the hubs' CPU profiles there and prints
 * their summaries over the measured reps (main thread: what `node --cpu-prof` samples).
 * Needs BENCH_DATABASE_URL or TEST_DATABASE_URL (scratch databases are created and dropped).
 */
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/server/config';
import { closeHub, createHub } from '../src/server/create-hub';
import { hashPassword } from '../src/server/auth/passwords';
import { createScratchPostgresDatabase } from '../tests/helpers/test-hub';
import { createUser, FIXTURE_PASSWORD } from '../tests/helpers/fixtures';
import { backendCpu, backendDelta, cpuMs, loadAverage, rssMb, threadCpuMs, threadSplit } from './lib/proc';
import { dbName, figureCells, fmt, median, printRss, ratioCells } from './lib/report';
import {
  cannon,
  hubEntry,
  startServer,
  stopServer,
  type CannonResult,
  type Server,
  printHubProfiles,
} from './lib/servers';

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const DURATION = Number(args.duration ?? 10);
const REPS = Math.max(1, Number(args.reps ?? 3));
const CONNECTIONS = Number(args.connections ?? 8);
const USERS = Number(args.users ?? 256);
const BASELINE = args.baseline;
if (args.profile) process.env.BENCH_CPU_PROF = args.profile;
const adminUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
process.env.TEST_DATABASE_URL = adminUrl;

interface Contender {
  key: string;
  label: string;
  server: Server;
  url: string;
  database?: string;
}
interface Measured extends CannonResult {
  serverUs: number;
  /** The server's JavaScript thread alone (argon2 runs on the libuv pool): the work beside the hash. */
  mainUs: number;
  dbUs: number | null;
  roundTrips: number | null;
  /** CPU per sign-in of libuv's pool (the hash) and of V8's helpers (GC), proc.ts threadSplit. */
  poolUs: number;
  helpersUs: number;
}

const HEADERS = { 'content-type': 'application/json', 'x-hub-csrf': '1' };

async function main() {
  const cpu = os.cpus();
  console.log(
    `bench:signin — ${new Date().toISOString()} — ${cpu[0]?.model ?? 'cpu'} ×${cpu.length}, ` +
      `${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, load average ${loadAverage()}`,
  );
  console.log(
    `autocannon: ${CONNECTIONS} connections, ${DURATION} s per server, ${REPS} interleaved reps, ` +
      `${USERS} users in rotation; the machine may be shared: ratios are taken within each rep.\n`,
  );
  const hubDb = await createScratchPostgresDatabase();
  const baseDb = BASELINE ? await createScratchPostgresDatabase() : undefined;
  const masterKey = randomBytes(32).toString('base64');
  const servers: Server[] = [];
  let measuredFrom = Date.now();
  const bodiesFile = path.join(os.tmpdir(), `bench-signin-${process.pid}`);
  try {
    const hash = await hashPassword(FIXTURE_PASSWORD);
    let lines: string[] = [];
    for (const db of [hubDb, baseDb]) if (db) lines = await createUsers(db.url, masterKey, hash);
    writeFileSync(bodiesFile, lines.join('\n'));

    const env = (url: string) => ({
      DATABASE_URL: url,
      HUB_MASTER_KEY: masterKey,
      LOG_LEVEL: 'silent',
      NODE_ENV: 'production',
    });
    const hub = await startServer('hub', hubEntry(), env(hubDb.url));
    servers.push(hub);
    const baseline =
      BASELINE && baseDb ? await startServer('hub baseline', hubEntry(BASELINE), env(baseDb.url), BASELINE) : undefined;
    if (baseline) servers.push(baseline);
    const floor = await startServer('argon2id floor', 'bench/argon2-server.ts', { ARGON2_PASSWORD: FIXTURE_PASSWORD });
    servers.push(floor);
    const idle = new Map(servers.map((s) => [s.name, rssMb(s.child.pid!).rss]));
    const contenders: Contender[] = [
      {
        key: 'hub',
        label: 'hub sign-in (PostgreSQL)',
        server: hub,
        url: `${hub.base}/api/auth/sign-in`,
        database: dbName(hubDb.url),
      },
      ...(baseline && baseDb
        ? [
            {
              key: 'baseline',
              label: `hub sign-in, baseline checkout (${BASELINE})`,
              server: baseline,
              url: `${baseline.base}/api/auth/sign-in`,
              database: dbName(baseDb.url),
            },
          ]
        : []),
      { key: 'floor', label: 'raw argon2id verify (node:http)', server: floor, url: `${floor.base}/sign-in` },
    ];
    const run = (c: Contender, duration: number) =>
      cannon({ url: c.url, body: '', bodiesFile, headers: HEADERS, duration, connections: CONNECTIONS });
    for (const c of contenders) {
      const w = await run(c, 3);
      if (w.non2xx || w.errors) throw new Error(`${c.label}: ${w.non2xx} non-2xx, ${w.errors} errors in the warm-up`);
    }
    const results = new Map<string, Measured[]>(contenders.map((c) => [c.key, []]));
    measuredFrom = Date.now();
    for (let rep = 0; rep < REPS; rep++) {
      const order = contenders.map((_, i) => contenders[(i + rep) % contenders.length]);
      for (const c of order) {
        const pid = c.server.child.pid!;
        const cpu0 = cpuMs(pid);
        const threads0 = threadCpuMs(pid);
        const db0 = c.database ? await backendCpu(adminUrl, c.database) : undefined;
        const q0 = await c.server.queries();
        const r = await run(c, DURATION);
        const cpu1 = cpuMs(pid);
        const threads1 = threadCpuMs(pid);
        const split = threadSplit(pid, threads0, threads1);
        const db1 = c.database ? await backendCpu(adminUrl, c.database) : undefined;
        const q1 = await c.server.queries();
        const n = Math.max(1, r.total);
        if (r.non2xx || r.errors) console.warn(`  ! ${c.label}: ${r.non2xx} non-2xx, ${r.errors} errors of ${r.total}`);
        results.get(c.key)!.push({
          ...r,
          serverUs: ((cpu1 - cpu0) * 1000) / n,
          mainUs: (split.main * 1000) / n,
          dbUs: db0 && db1 ? (backendDelta(db0, db1) * 1000) / n : null,
          roundTrips: q0 !== undefined && q1 !== undefined && q1 > 0 ? (q1 - q0) / n : null,
          poolUs: (split.pool * 1000) / n,
          helpersUs: (split.helpers * 1000) / n,
        });
      }
      console.log(`  rep ${rep + 1}/${REPS} done, load average ${loadAverage()}`);
    }
    console.log(
      '\n| server | sign-ins/s median (min–max) | p50 / p99 ms | server CPU µs/req | PostgreSQL CPU µs/req | round trips/req |',
    );
    console.log('|---|---|---|---|---|---|');
    for (const c of contenders) {
      console.log(`| ${c.label} | ${figureCells(results.get(c.key)!)} |`);
    }
    const hubR = results.get('hub')!;
    const floorR = results.get('floor')!;
    const xs = hubR.map((m, i) => m.rps / floorR[i].rps);
    const extra = hubR.map((m, i) => m.serverUs - floorR[i].serverUs);
    console.log('\n| comparison (within each rep) | median | per rep |');
    console.log('|---|---|---|');
    console.log(`| hub sign-in / raw argon2id (goal ≥ 0.85×, issue 44) | ${ratioCells(xs)} |`);
    console.log(
      `| hub CPU beyond the floor's, µs per sign-in (goal ≤ 500) | ${fmt(median(extra))} | ${extra.map((x) => fmt(x)).join(', ')} |`,
    );
    const main = hubR.map((m) => m.mainUs);
    const floorMain = floorR.map((m) => m.mainUs);
    console.log(
      `| hub main-thread CPU, µs per sign-in (everything but the hash; argon2 runs on the libuv pool) ` +
        `| ${fmt(median(main))} | ${main.map((x) => fmt(x)).join(', ')} |`,
    );
    console.log(
      `| floor main-thread CPU, µs per sign-in (HTTP and JSON only) ` +
        `| ${fmt(median(floorMain))} | ${floorMain.map((x) => fmt(x)).join(', ')} |`,
    );
    // Off the main thread: the hash on libuv's pool, GC and compilation on V8's helpers. The pool's
    // share is the same hash in both servers; a difference beside the main thread's shows up as helpers.
    for (const [key, r] of [
      ['hub', hubR],
      ['floor', floorR],
    ] as const) {
      const pool = r.map((m) => m.poolUs);
      const helpers = r.map((m) => m.helpersUs);
      console.log(
        `| ${key}: libuv pool (the hash) / V8 helpers (GC, compiler), µs per sign-in ` +
          `| ${fmt(median(pool))} / ${fmt(median(helpers))} | ${r.map((m) => `${fmt(m.poolUs)} / ${fmt(m.helpersUs)}`).join(', ')} |`,
      );
    }
    const base = results.get('baseline');
    if (base) {
      const per = (figure: (m: Measured) => number) => hubR.map((m, i) => figure(m) / figure(base[i]));
      console.log(`| server CPU per sign-in: this hub / baseline hub | ${ratioCells(per((m) => m.serverUs))} |`);
      console.log(`| main-thread CPU per sign-in: this hub / baseline hub | ${ratioCells(per((m) => m.mainUs))} |`);
      console.log(
        `| baseline main-thread CPU, µs per sign-in | ${fmt(median(base.map((m) => m.mainUs)))} | ` +
          `${base.map((m) => fmt(m.mainUs)).join(', ')} |`,
      );
    }
    printRss(servers, idle);
    console.log(`\nload average at the end: ${loadAverage()}`);
  } finally {
    for (const s of servers) await stopServer(s);
    printHubProfiles(servers, Math.ceil((Date.now() - measuredFrom) / 1000));
    await hubDb.drop();
    await baseDb?.drop();
  }
}

/** USERS accounts in a fresh database (migrated here), all with `hash`; answers the sign-in bodies. */
async function createUsers(databaseUrl: string, masterKey: string, hash: string): Promise<string[]> {
  const setup = await createHub({
    config: { ...loadConfig({ LOG_LEVEL: 'silent', HUB_MASTER_KEY: masterKey }), databaseUrl },
  });
  try {
    const lines: string[] = [];
    for (let i = 0; i < USERS; i++) {
      const user = await createUser(setup, { email: `signin${i}@bench.example.test` });
      lines.push(JSON.stringify({ email: user.email, password: FIXTURE_PASSWORD }));
    }
    // At the hub's real parameters (fixtures hash cheaply).
    await setup.db.execute(sql`update platform_users set password_hash = ${hash}`);
    return lines;
  } finally {
    await closeHub(setup);
  }
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
