/**
 * npm run bench:flow [-- --duration=10 --reps=3 --agents=8 --baseline=<checkout> --only-hub --profile=<folder>]
 *
 * The authorization code flow with PKCE from signed-in browsers: each of 8 agents holds a
 * session (signed in before timing) and runs flows back to back — a silent GET /oauth/authorize
 * answered with a redirect carrying a code, then POST /oauth/token (client_secret_basic,
 * code_verifier) answered with an access token, an ID token and a refresh token. The hub (on
 * PostgreSQL, every grant durable and in the audit chain before it is answered) against panva's
 * oidc-provider 9.13 with the same kind of ES256 key, in memory and on the one-table PostgreSQL
 * adapter; the peer's access token is opaque (its default for openid scopes), the hub's an
 * RFC 9068 JWT. Interleaved reps, ratios within each rep; per flow: server CPU, its PostgreSQL
 * backends' CPU and database round trips (bench/lib/count-queries.mjs); RSS idle and peak.
 * --baseline=<path of another checkout> also runs that checkout's hub (its own scratch database,
 * client and agents) in the same interleaved reps, and prints this hub / baseline; --only-hub leaves
 * the peers out (a change measured against the baseline alone). --profile=<folder> (or BENCH_CPU_PROF)
 * writes the hubs' CPU profiles there and prints their summaries over the measured reps.
 * Needs BENCH_DATABASE_URL or TEST_DATABASE_URL (scratch databases are created and dropped).
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { exportJWK, generateKeyPair } from 'jose';
import { loadConfig } from '../src/server/config';
import { closeHub, createHub } from '../src/server/create-hub';
import { createClient } from '../src/server/oauth/clients/service';
import { systemActor } from '../src/server/actor';
import { createScratchPostgresDatabase } from '../tests/helpers/test-hub';
import { createUser, sessionCookieFor } from '../tests/helpers/fixtures';
import { CookieJar, request } from './lib/http';
import { authorizeUrl, codeFrom, exchange, oneFlow, pkcePair, type FlowTarget } from './lib/flow';
import { backendCpu, backendDelta, cpuMs, loadAverage, rssMb } from './lib/proc';
import { dbName, figureCells, printRss, ratioCells } from './lib/report';
import { hubEntry, runJson, startServer, stopServer, type Server, printHubProfiles } from './lib/servers';

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const DURATION = Number(args.duration ?? 10);
const REPS = Math.max(1, Number(args.reps ?? 3));
const AGENTS = Number(args.agents ?? 8);
const BASELINE = args.baseline;
const ONLY_HUB = 'only-hub' in args;
if (args.profile) process.env.BENCH_CPU_PROF = args.profile;
const adminUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
process.env.TEST_DATABASE_URL = adminUrl;
const REDIRECT = 'https://bench.example.test/cb';
const SCOPE = 'openid profile email';
/**
 * The hub issues a refresh token only for a grant that includes offline_access (OIDC Core §11,
 * issue 12); the peer issues one whenever the client may refresh (issueRefreshToken). Both
 * answers carry the same three tokens.
 */
const HUB_SCOPE = `${SCOPE} offline_access`;

interface AgentsResult {
  flows: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  firstError: string | null;
}
interface Contender {
  key: string;
  label: string;
  server: Server;
  target: FlowTarget;
  cookies: string[];
  database?: string;
}
interface Measured extends AgentsResult {
  serverUs: number;
  dbUs: number | null;
  roundTrips: number | null;
}

/** Signs an agent in at the peer (login + consent once); answers its cookies. */
async function peerSignIn(t: FlowTarget, account: string): Promise<string> {
  const jar = new CookieJar();
  const { verifier, challenge } = pkcePair();
  let res = await request('GET', authorizeUrl(t, challenge));
  jar.take(res.headers);
  for (let hop = 0; hop < 4 && (res.status === 302 || res.status === 303); hop++) {
    const location = res.headers.location!;
    if (location.startsWith(t.redirectUri)) break;
    const next = new URL(location, t.base);
    if (next.pathname.startsWith('/interaction/')) next.searchParams.set('account', account);
    res = await request('GET', next.toString(), { cookie: jar.header() });
    jar.take(res.headers);
  }
  await exchange(t, codeFrom(res.status, res.headers.location, res.body), verifier);
  return jar.header();
}

async function measure(c: Contender, duration: number): Promise<Measured> {
  const pid = c.server.child.pid!;
  const cpu0 = cpuMs(pid);
  const db0 = c.database ? await backendCpu(adminUrl, c.database) : undefined;
  const q0 = await c.server.queries();
  const r = await runJson<AgentsResult>('bench/flow-agents.ts', { target: c.target, cookies: c.cookies, duration });
  const cpu1 = cpuMs(pid);
  const db1 = c.database ? await backendCpu(adminUrl, c.database) : undefined;
  const q1 = await c.server.queries();
  const n = Math.max(1, r.flows + r.errors);
  return {
    ...r,
    serverUs: ((cpu1 - cpu0) * 1000) / n,
    dbUs: db0 && db1 ? (backendDelta(db0, db1) * 1000) / n : null,
    roundTrips: q0 !== undefined && q1 !== undefined && q1 > 0 ? (q1 - q0) / n : null,
  };
}

async function main() {
  const cpu = os.cpus();
  console.log(
    `bench:flow — ${new Date().toISOString()} — ${cpu[0]?.model ?? 'cpu'} ×${cpu.length}, ` +
      `${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, load average ${loadAverage()}`,
  );
  console.log(
    `${AGENTS} agents (signed in before timing), ${DURATION} s per server, ${REPS} interleaved reps; ` +
      `the machine may be shared: ratios are taken within each rep.\n`,
  );
  const hubDb = await createScratchPostgresDatabase();
  const baseDb = BASELINE ? await createScratchPostgresDatabase() : undefined;
  const peerDb = ONLY_HUB ? undefined : await createScratchPostgresDatabase();
  const masterKey = randomBytes(32).toString('base64');
  const servers: Server[] = [];
  let measuredFrom = Date.now();
  try {
    const hub = await startHub('hub', hubDb.url, masterKey);
    servers.push(hub);
    const hubSetup = await prepareHub(hub, hubDb.url, masterKey);
    const baseline = baseDb ? await startHub('hub baseline', baseDb.url, masterKey, BASELINE) : undefined;
    if (baseline) servers.push(baseline);
    const baseSetup = baseline && baseDb ? await prepareHub(baseline, baseDb.url, masterKey) : undefined;
    const { client, clientSecret } = hubSetup;

    const peers: Server[] = [];
    if (peerDb) {
      const { privateKey } = await generateKeyPair('ES256', { extractable: true });
      const peerEnv = {
        CLIENT_ID: 'bench-cc',
        CLIENT_SECRET: randomBytes(16).toString('hex'),
        PEER_JWK: JSON.stringify({ ...(await exportJWK(privateKey)), alg: 'ES256', use: 'sig', kid: 'peer-es256' }),
        FLOW_CLIENT_ID: client.clientId,
        FLOW_CLIENT_SECRET: clientSecret,
        FLOW_REDIRECT_URI: REDIRECT,
      };
      peers.push(
        await startServer('peer memory', 'bench/oidc-provider/peer.ts', { ...peerEnv, PEER_ADAPTER: 'memory' }),
      );
      peers.push(
        await startServer('peer PostgreSQL', 'bench/oidc-provider/peer.ts', {
          ...peerEnv,
          PEER_ADAPTER: 'postgres',
          PEER_DATABASE_URL: peerDb.url,
        }),
      );
      servers.push(...peers);
    }
    const idle = new Map(servers.map((s) => [s.name, rssMb(s.child.pid!).rss]));

    const target = (s: Server, own = hubSetup): FlowTarget => ({
      base: s.base,
      clientId: own.client.clientId,
      clientSecret: own.clientSecret,
      redirectUri: REDIRECT,
      scope: s === hub || s === baseline ? HUB_SCOPE : SCOPE,
    });
    const peerCookies = async (s: Server) => {
      const out: string[] = [];
      for (let i = 0; i < AGENTS; i++) out.push(await peerSignIn(target(s), `agent${i}`));
      return out;
    };
    const contenders: Contender[] = [
      {
        key: 'hub',
        label: 'hub (PostgreSQL, durable + audited, JWT access token)',
        server: hub,
        target: target(hub),
        cookies: hubSetup.cookies,
        database: dbName(hubDb.url),
      },
    ];
    if (baseline && baseSetup && baseDb)
      contenders.push({
        key: 'baseline',
        label: `hub, baseline checkout (${BASELINE})`,
        server: baseline,
        target: target(baseline, baseSetup),
        cookies: baseSetup.cookies,
        database: dbName(baseDb.url),
      });
    const [peerMem, peerPg] = peers;
    if (peerMem && peerPg && peerDb)
      contenders.push(
        {
          key: 'peerMem',
          label: 'oidc-provider, memory (opaque access token)',
          server: peerMem,
          target: target(peerMem),
          cookies: await peerCookies(peerMem),
        },
        {
          key: 'peerPg',
          label: 'oidc-provider, PostgreSQL adapter (opaque access token)',
          server: peerPg,
          target: target(peerPg),
          cookies: await peerCookies(peerPg),
          database: dbName(peerDb.url),
        },
      );
    // Every agent's session works before timing starts.
    for (const c of contenders) for (const cookie of c.cookies) await oneFlow(c.target, new CookieJar(cookie));
    for (const c of contenders)
      await runJson('bench/flow-agents.ts', { target: c.target, cookies: c.cookies, duration: 3 });

    const results = new Map<string, Measured[]>(contenders.map((c) => [c.key, []]));
    measuredFrom = Date.now();
    for (let rep = 0; rep < REPS; rep++) {
      const order = contenders.map((_, i) => contenders[(i + rep) % contenders.length]);
      for (const c of order) {
        const m = await measure(c, DURATION);
        if (m.errors) console.warn(`  ! ${c.label}: ${m.errors} failed flows (${m.firstError})`);
        results.get(c.key)!.push(m);
      }
      console.log(`  rep ${rep + 1}/${REPS} done, load average ${loadAverage()}`);
    }

    console.log(
      '\n| server | flows/s median (min–max) | flow p50 / p99 ms | server CPU µs/flow | PostgreSQL CPU µs/flow | round trips/flow |',
    );
    console.log('|---|---|---|---|---|---|');
    for (const c of contenders) {
      console.log(`| ${c.label} | ${figureCells(results.get(c.key)!)} |`);
    }
    const ratio = (a: string, b: string, title: string, figure: (m: Measured) => number = (m) => m.rps) => {
      const xs = results.get(a)!.map((m, i) => figure(m) / figure(results.get(b)![i]));
      console.log(`| ${title} | ${ratioCells(xs)} |`);
    };
    console.log('\n| comparison (within each rep) | median | per rep |');
    console.log('|---|---|---|');
    if (peerMem) {
      ratio('hub', 'peerMem', 'flows/s: hub / peer in memory (goal ≥ 1.0×)');
      ratio('hub', 'peerPg', 'flows/s: hub / peer on PostgreSQL (goal ≥ 2×)');
    }
    if (baseline) {
      ratio('hub', 'baseline', 'server CPU per flow: this hub / baseline hub', (m) => m.serverUs);
      ratio('hub', 'baseline', 'flows/s: this hub / baseline hub');
    }
    printRss(servers, idle);
    console.log(`\nload average at the end: ${loadAverage()}`);
  } finally {
    for (const s of servers) await stopServer(s);
    printHubProfiles(servers, Math.ceil((Date.now() - measuredFrom) / 1000));
    await hubDb.drop();
    await baseDb?.drop();
    await peerDb?.drop();
  }
}

function startHub(name: string, databaseUrl: string, masterKey: string, cwd?: string): Promise<Server> {
  const env = { DATABASE_URL: databaseUrl, HUB_MASTER_KEY: masterKey, LOG_LEVEL: 'silent', NODE_ENV: 'production' };
  return cwd ? startServer(name, hubEntry(cwd), env, cwd) : startServer(name, hubEntry(), env);
}

/** The client and the agents' sessions, written straight to a running hub's (migrated) database. */
async function prepareHub(server: Server, databaseUrl: string, masterKey: string) {
  const config = { ...loadConfig({ LOG_LEVEL: 'silent', HUB_MASTER_KEY: masterKey }), databaseUrl };
  const setup = await createHub({ config: { ...config, publicUrl: server.base }, skipMigrations: true });
  try {
    const { client, clientSecret } = await createClient(
      setup,
      {
        app_name: 'Bench',
        app_url: 'https://bench.example.test',
        redirect_uris: [REDIRECT],
        app_type: 'platform',
        scopes: ['openid', 'profile', 'email', 'offline_access'],
      },
      systemActor(),
    );
    const cookies: string[] = [];
    for (let i = 0; i < AGENTS; i++)
      cookies.push(await sessionCookieFor(setup, await createUser(setup, { email: `agent${i}@bench.example.test` })));
    return { client, clientSecret: clientSecret!, cookies };
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
