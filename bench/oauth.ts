/**
 * npm run bench:oauth [-- --duration=10 --connections=32 --reps=3 --tokens=10000 --uses=5 --only=token,introspect --baseline=<checkout>]
 *
 * The hub's token endpoint (client_credentials, every grant durable and in the audit chain before
 * it is answered) and its introspection, against panva's oidc-provider with the same client and
 * ES256 key, in one run on one machine:
 *   - format-matched: hub JWT vs the peer issuing the same RFC 9068 JWT in memory (stores nothing);
 *   - durability-matched: hub JWT vs the peer's opaque token on PostgreSQL (one upsert per grant);
 *   - bare node:http answering fixed JSON, the floor.
 * Every server runs in its own process, started once; autocannon runs in another. Reps are
 * interleaved (each rep measures every scenario, in a rotated order), so a machine that gets
 * busier or quieter during the run moves all of them alike; ratios are taken within a rep.
 * Per request: server CPU and its PostgreSQL backends' CPU from /proc, and the statements the
 * server's driver sent (round trips), counted by a preload (bench/lib/count-queries.mjs).
 * Afterwards the hub's chain must hold at least one oauth_token_issued row per answered grant.
 * Introspection from each token's first use (`introspectFirst`): every rep issues --tokens fresh
 * tokens (untimed), then introspects each about --uses times in rotation with no warm pass, so
 * 1/uses of the calls are a token's first sight; `introspect10k` is the steady state.
 * --baseline=<path of another checkout> also runs that checkout's hub (its own scratch database)
 * in the same interleaved reps (token and introspection), for before/after figures from one run.
 * Needs BENCH_DATABASE_URL or TEST_DATABASE_URL (scratch databases are created and dropped).
 */
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { exportJWK, generateKeyPair } from 'jose';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/server/config';
import { closeHub, createHub } from '../src/server/create-hub';
import { rows } from '../src/server/db/client';
import { createScratchPostgresDatabase } from '../tests/helpers/test-hub';
import { backendCpu, backendDelta, cpuMs, loadAverage, rssMb } from './lib/proc';
import { registerBenchClient } from './lib/bench-client';
import { dbName, fmt, median, printRss, ratioCells } from './lib/report';
import { cannon, hubEntry, startServer, stopServer, type CannonResult, type Server } from './lib/servers';
import { proof, verifyCostUs } from './lib/dpop-proof';

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const DURATION = Number(args.duration ?? 10);
const CONNECTIONS = Number(args.connections ?? 32);
const REPS = Math.max(1, Number(args.reps ?? 3));
const ONLY = (args.only ?? 'token,introspect,introspect10k,introspectFirst,discovery,jwks').split(',');
/** Distinct live tokens introspected in rotation (goal 3). */
const TOKENS = Number(args.tokens ?? 10_000);
/** Introspections per fresh token in `introspectFirst` (the first of them its first sight). */
const USES = Math.max(1, Number(args.uses ?? 5));
const BASELINE = args.baseline;
const adminUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
process.env.TEST_DATABASE_URL = adminUrl;

type Endpoint = 'token' | 'introspect' | 'introspect10k' | 'introspectFirst' | 'discovery' | 'jwks';
const PATHS: Record<Endpoint, string> = {
  token: '/oauth/token',
  introspect: '/oauth/introspect',
  introspect10k: '/oauth/introspect',
  introspectFirst: '/oauth/introspect',
  discovery: '/.well-known/openid-configuration',
  jwks: '/oauth/jwks',
};

interface Scenario {
  key: string;
  label: string;
  endpoint: Endpoint;
  server: Server;
  body: string;
  /** One body a line, in rotation (distinct tokens). */
  bodiesFile?: string;
  /** Scratch database whose backends' CPU counts for this server. */
  database?: string;
  /** Every request carries a fresh DPoP proof for this URL (issue 31). */
  dpopHtu?: string;
  /** The proofs' key: RSA (PS256) instead of the run's EC key (ES256). */
  dpopRsa?: boolean;
  /**
   * Offered at the matched rate (set after the warm pass: 70 % of what the hub answered with ES256
   * proofs), so that bearer and DPoP grants are compared at the same load: at its own maximum a
   * DPoP run answers fewer requests, in smaller batches, and its CPU per request would carry more
   * of each batch's and each event-loop turn's fixed cost.
   */
  atRate?: boolean;
  /** Issues fresh tokens into `bodiesFile` before each timed run (untimed; no warm pass). */
  fresh?: () => Promise<string>;
}

/** The load generator's DPoP keys (ES256, and PS256 for `dpopRsa`), one each for the run. */
let dpopJwk: Record<string, string> | undefined;
let dpopRsaJwk: Record<string, string> | undefined;
/** RSA signing is slow (~0.9 ms here): fewer proofs signed ahead per second of a PS256 run. */
const RSA_PROOFS_PER_S = 2_000;
/** The rate of the rate-matched bearer and DPoP token scenarios (`atRate`). */
let matchedRate = 0;

function dpopOption(s: Scenario) {
  if (!s.dpopHtu) return {};
  const privateJwk = s.dpopRsa ? dpopRsaJwk : dpopJwk;
  if (!privateJwk) return {};
  return {
    dpop: {
      privateJwk,
      htm: 'POST',
      htu: s.dpopHtu,
      // RSA signing is slow: as many proofs signed ahead as a matched-rate run takes, else RSA_PROOFS_PER_S.
      ...(s.dpopRsa ? { perSecond: s.atRate && matchedRate ? matchedRate : RSA_PROOFS_PER_S } : {}),
    },
  };
}

interface Measured extends CannonResult {
  serverUsPerReq: number;
  dbUsPerReq: number | null;
  roundTripsPerReq: number | null;
}

async function measure(
  s: Scenario,
  headers: Record<string, string>,
  duration: number,
  amount?: number,
): Promise<Measured> {
  const pid = s.server.child.pid!;
  const cpu0 = cpuMs(pid);
  const db0 = s.database ? await backendCpu(adminUrl, s.database) : undefined;
  const q0 = await s.server.queries();
  const get = s.endpoint === 'discovery' || s.endpoint === 'jwks';
  const r = await cannon({
    url: `${s.server.base}${PATHS[s.endpoint]}`,
    method: get ? 'GET' : 'POST',
    body: s.body,
    bodiesFile: s.bodiesFile,
    headers: get ? {} : headers,
    duration,
    amount,
    connections: CONNECTIONS,
    ...dpopOption(s),
    ...(s.atRate && matchedRate ? { overallRate: matchedRate } : {}),
  });
  const cpu1 = cpuMs(pid);
  const db1 = s.database ? await backendCpu(adminUrl, s.database) : undefined;
  const q1 = await s.server.queries();
  const n = Math.max(1, r.total);
  return {
    ...r,
    serverUsPerReq: ((cpu1 - cpu0) * 1000) / n,
    dbUsPerReq: db0 && db1 ? (backendDelta(db0, db1) * 1000) / n : null,
    roundTripsPerReq: q0 !== undefined && q1 !== undefined && q1 > 0 ? (q1 - q0) / n : null,
  };
}

async function main() {
  const cpu = os.cpus();
  console.log(
    `bench:oauth — ${new Date().toISOString()} — ${cpu[0]?.model ?? 'cpu'} ×${cpu.length}, ` +
      `${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ` +
      `load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
  );
  console.log('The machine may be shared: absolute figures move with its load; the ratios are taken within each rep.');
  console.log(
    `autocannon: ${CONNECTIONS} connections, ${DURATION} s per scenario, ${REPS} interleaved reps, own process\n`,
  );
  const hubDb = await createScratchPostgresDatabase();
  const peerDb = await createScratchPostgresDatabase();
  const baseDb = BASELINE ? await createScratchPostgresDatabase() : undefined;
  const masterKey = randomBytes(32).toString('base64');
  const servers: Server[] = [];
  let failed = false;
  try {
    const hubConfig = { ...loadConfig({ LOG_LEVEL: 'silent', HUB_MASTER_KEY: masterKey }), databaseUrl: hubDb.url };
    const { clientId, clientSecret } = await registerBenchClient(hubConfig);
    if (baseDb) {
      // The baseline hub gets the same client (id and secret) in its own database, copied row for row.
      const copy = await createHub({ config: { ...hubConfig, databaseUrl: baseDb.url } });
      const from = await createHub({ config: hubConfig, skipMigrations: true });
      const [row] = await rows<Record<string, unknown>>(from.db, sql`select * from oauth_clients`);
      await copy.db.execute(sql`delete from oauth_clients`);
      await copy.db.execute(
        sql`insert into oauth_clients select * from jsonb_populate_record(null::oauth_clients, ${JSON.stringify(row)}::jsonb)`,
      );
      await closeHub(from);
      await closeHub(copy);
    }
    const basic = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
    const headers = { 'content-type': 'application/x-www-form-urlencoded', authorization: basic };
    const { privateKey } = await generateKeyPair('ES256', { extractable: true });
    const peerJwk = JSON.stringify({ ...(await exportJWK(privateKey)), alg: 'ES256', use: 'sig', kid: 'peer-es256' });
    const peerEnv = { CLIENT_ID: clientId, CLIENT_SECRET: clientSecret!, PEER_JWK: peerJwk };

    const hub = await startServer('hub', hubEntry(), {
      DATABASE_URL: hubDb.url,
      HUB_MASTER_KEY: masterKey,
      LOG_LEVEL: 'silent',
      NODE_ENV: 'production',
    });
    servers.push(hub);
    const baseline =
      BASELINE && baseDb
        ? await startServer(
            'hub baseline',
            hubEntry(BASELINE),
            { DATABASE_URL: baseDb.url, HUB_MASTER_KEY: masterKey, LOG_LEVEL: 'silent', NODE_ENV: 'production' },
            BASELINE,
          )
        : undefined;
    if (baseline) servers.push(baseline);
    const peerMem = await startServer('peer memory', 'bench/oidc-provider/peer.ts', {
      ...peerEnv,
      PEER_ADAPTER: 'memory',
    });
    servers.push(peerMem);
    const peerPg = await startServer('peer PostgreSQL', 'bench/oidc-provider/peer.ts', {
      ...peerEnv,
      PEER_ADAPTER: 'postgres',
      PEER_DATABASE_URL: peerDb.url,
    });
    servers.push(peerPg);
    // The floor serves the hub's own discovery and JWKS bytes (same sizes).
    const docs = path.join(os.tmpdir(), `bench-oauth-${process.pid}`);
    writeFileSync(`${docs}-discovery.json`, await (await fetch(`${hub.base}${PATHS.discovery}`)).text());
    writeFileSync(`${docs}-jwks.json`, await (await fetch(`${hub.base}${PATHS.jwks}`)).text());
    const bare = await startServer('bare', 'bench/bare-server.ts', {
      BARE_DISCOVERY_FILE: `${docs}-discovery.json`,
      BARE_JWKS_FILE: `${docs}-jwks.json`,
    });
    servers.push(bare);
    // Idle: started, keys loaded, nothing served yet but the start-up probe.
    const idle = new Map(servers.map((s) => [s.name, rssMb(s.child.pid!).rss]));

    // The measured grant names a resource: hub and peer then both sign an RFC 9068 JWT (ES256).
    const jwtBody = `grant_type=client_credentials&scope=read%3Aprofile&resource=${encodeURIComponent('https://bench.example.test')}`;
    // Without a resource the peer issues an opaque reference token, stored through its adapter.
    const opaqueBody = 'grant_type=client_credentials&scope=read%3Aprofile';
    let hubAnswered = 0;
    const grant = async (s: Server, body: string) => {
      const res = await fetch(`${s.base}/oauth/token`, { method: 'POST', headers, body });
      if (s === hub && res.ok) hubAnswered += 1;
      return (await res.json()) as { access_token: string };
    };
    for (const s of [hub, peerMem]) {
      if ((await grant(s, jwtBody)).access_token.split('.').length !== 3) throw new Error(`${s.name}: no JWT issued`);
    }
    // DPoP (issue 31): the hub's own endpoints as discovery names them (the proofs' htu), and the
    // load generator's key; the DPoP-bound token introspected is bound to it.
    const hubMeta = (await (await fetch(`${hub.base}${PATHS.discovery}`)).json()) as Record<string, string>;
    dpopJwk = (await exportJWK((await generateKeyPair('ES256', { extractable: true })).privateKey)) as Record<
      string,
      string
    >;
    dpopRsaJwk = (await exportJWK((await generateKeyPair('PS256', { extractable: true })).privateKey)) as Record<
      string,
      string
    >;
    const boundToken = async () => {
      const res = await fetch(`${hub.base}/oauth/token`, {
        method: 'POST',
        headers: { ...headers, dpop: proof(dpopJwk!, 'POST', hubMeta.token_endpoint) },
        body: jwtBody,
      });
      const json = (await res.json()) as { access_token: string; token_type: string };
      if (json.token_type !== 'DPoP') throw new Error('hub: no DPoP-bound token issued');
      hubAnswered += 1;
      return new URLSearchParams({ token: json.access_token }).toString();
    };
    // Introspected: the hub's JWT; the peers' opaque token (oidc-provider cannot introspect its JWTs).
    const introspected = async (s: Server) =>
      new URLSearchParams({ token: (await grant(s, s === hub ? jwtBody : opaqueBody)).access_token }).toString();

    const scenarios: Scenario[] = [];
    /** A client_credentials grant of the hub under test: bearer, or with a fresh DPoP proof per request. */
    const hubGrant = (
      key: string,
      label: string,
      o: { dpop?: 'ES256' | 'PS256'; atRate?: boolean } = {},
    ): Scenario => ({
      key,
      label,
      endpoint: 'token',
      server: hub,
      body: jwtBody,
      database: dbName(hubDb.url),
      ...(o.dpop ? { dpopHtu: hubMeta.token_endpoint, dpopRsa: o.dpop === 'PS256' } : {}),
      atRate: o.atRate,
    });
    if (ONLY.includes('token')) {
      scenarios.push(
        hubGrant('hub', 'hub JWT, durable + audited (PostgreSQL)'),
        ...(baseline && baseDb
          ? [
              {
                key: 'baseline',
                label: `hub JWT, baseline checkout (${BASELINE})`,
                endpoint: 'token' as const,
                server: baseline,
                body: jwtBody,
                database: dbName(baseDb.url),
              },
            ]
          : []),
        {
          key: 'peerMemJwt',
          label: 'oidc-provider JWT, memory (stores nothing)',
          endpoint: 'token',
          server: peerMem,
          body: jwtBody,
        },
        {
          key: 'peerPgOpaque',
          label: 'oidc-provider opaque, PostgreSQL (one upsert)',
          endpoint: 'token',
          server: peerPg,
          body: opaqueBody,
          database: dbName(peerDb.url),
        },
        {
          key: 'peerMemOpaque',
          label: 'oidc-provider opaque, memory',
          endpoint: 'token',
          server: peerMem,
          body: opaqueBody,
        },
        { key: 'bare', label: 'bare node:http', endpoint: 'token', server: bare, body: opaqueBody },
        hubGrant('hubDpop', 'hub JWT bound by DPoP (a fresh proof per request)', { dpop: 'ES256' }),
        // Issue 44: the peer's DPoP on the same kind of proofs (signed ahead by the same load generator).
        {
          key: 'peerDpop',
          label: 'oidc-provider JWT bound by DPoP, ES256 proofs, memory',
          endpoint: 'token',
          server: peerMem,
          body: jwtBody,
          dpopHtu: `${peerMem.base}/oauth/token`,
        },
        {
          key: 'peerDpopPs',
          label: 'oidc-provider JWT bound by DPoP, PS256 proofs, memory',
          endpoint: 'token',
          server: peerMem,
          body: jwtBody,
          dpopHtu: `${peerMem.base}/oauth/token`,
          dpopRsa: true,
        },
        hubGrant('hubDpopPs', 'hub JWT bound by DPoP, PS256 proofs (a fresh proof per request)', { dpop: 'PS256' }),
        hubGrant('hubAtRate', 'hub JWT, bearer, at the matched rate', { atRate: true }),
        hubGrant('hubDpopAtRate', 'hub JWT bound by DPoP, ES256 proofs, at the matched rate', {
          dpop: 'ES256',
          atRate: true,
        }),
        hubGrant('hubDpopPsAtRate', 'hub JWT bound by DPoP, PS256 proofs, at the matched rate', {
          dpop: 'PS256',
          atRate: true,
        }),
        ...(baseline && baseDb
          ? [
              {
                key: 'baselineDpop',
                label: `hub JWT bound by DPoP, baseline checkout (${BASELINE})`,
                endpoint: 'token' as const,
                server: baseline,
                body: jwtBody,
                database: dbName(baseDb.url),
                dpopHtu: `${baseline.base}/oauth/token`,
              },
            ]
          : []),
      );
    }
    if (ONLY.includes('introspect')) {
      scenarios.push(
        {
          key: 'hubIntro',
          label: 'hub, its JWT (one token)',
          endpoint: 'introspect',
          server: hub,
          body: await introspected(hub),
          database: dbName(hubDb.url),
        },
        {
          key: 'peerMemIntro',
          label: 'oidc-provider memory, opaque (one token)',
          endpoint: 'introspect',
          server: peerMem,
          body: await introspected(peerMem),
        },
        {
          key: 'peerPgIntro',
          label: 'oidc-provider PostgreSQL, opaque (one token)',
          endpoint: 'introspect',
          server: peerPg,
          body: await introspected(peerPg),
          database: dbName(peerDb.url),
        },
        { key: 'bareIntro', label: 'bare node:http', endpoint: 'introspect', server: bare, body: 'token=x' },
        {
          // What a resource server does: it introspects the bound token (cnf comes back) and checks the proof itself.
          key: 'hubIntroBound',
          label: 'hub, its DPoP-bound JWT, no proof (one token)',
          endpoint: 'introspect',
          server: hub,
          body: await boundToken(),
          database: dbName(hubDb.url),
        },
        {
          key: 'hubIntroDpop',
          label: 'hub, its DPoP-bound JWT, a fresh proof per request (one token)',
          endpoint: 'introspect',
          server: hub,
          body: await boundToken(),
          database: dbName(hubDb.url),
          dpopHtu: hubMeta.introspection_endpoint,
        },
      );
    }
    // Distinct live tokens, issued before timing (32 at a time), one form body a line.
    const issueMany = async (s: Server, body: string, file: string) => {
      const lines: string[] = [];
      const worker = async () => {
        while (lines.length < TOKENS) {
          lines.push(new URLSearchParams({ token: (await grant(s, body)).access_token }).toString());
        }
      };
      await Promise.all(Array.from({ length: 32 }, worker));
      writeFileSync(file, lines.slice(0, TOKENS).join('\n'));
      return file;
    };
    const tokensText = TOKENS.toLocaleString('en-US');
    if (ONLY.includes('introspect10k')) {
      scenarios.push(
        {
          key: 'hubIntro10k',
          label: `hub, its JWTs (${tokensText} distinct tokens)`,
          endpoint: 'introspect10k',
          server: hub,
          body: '',
          bodiesFile: await issueMany(hub, jwtBody, `${docs}-hub-tokens`),
          database: dbName(hubDb.url),
        },
        ...(baseline && baseDb
          ? [
              {
                key: 'baselineIntro10k',
                label: `hub baseline (${BASELINE}), its JWTs (${tokensText} distinct tokens)`,
                endpoint: 'introspect10k' as const,
                server: baseline,
                body: '',
                bodiesFile: await issueMany(baseline, jwtBody, `${docs}-baseline-tokens`),
                database: dbName(baseDb.url),
              },
            ]
          : []),
        {
          key: 'peerMemIntro10k',
          label: `oidc-provider memory, opaque (${tokensText} distinct tokens)`,
          endpoint: 'introspect10k',
          server: peerMem,
          body: '',
          bodiesFile: await issueMany(peerMem, opaqueBody, `${docs}-peer-mem-tokens`),
        },
        {
          key: 'peerPgIntro10k',
          label: `oidc-provider PostgreSQL, opaque (${tokensText} distinct tokens)`,
          endpoint: 'introspect10k',
          server: peerPg,
          body: '',
          bodiesFile: await issueMany(peerPg, opaqueBody, `${docs}-peer-pg-tokens`),
          database: dbName(peerDb.url),
        },
      );
    }
    if (ONLY.includes('introspectFirst')) {
      const first = (key: string, label: string, server: Server, body: string, database?: string): Scenario => {
        const file = `${docs}-${key}-fresh`;
        return {
          key,
          label: `${label} (${tokensText} fresh tokens × ${USES})`,
          endpoint: 'introspectFirst',
          server,
          body: '',
          bodiesFile: file,
          database,
          fresh: () => issueMany(server, body, file),
        };
      };
      scenarios.push(
        first('hubFirst', 'hub, its JWTs', hub, jwtBody, dbName(hubDb.url)),
        ...(baseline && baseDb
          ? [first('baselineFirst', `hub baseline (${BASELINE}), its JWTs`, baseline, jwtBody, dbName(baseDb.url))]
          : []),
        first('peerMemFirst', 'oidc-provider memory, opaque', peerMem, opaqueBody),
        first('peerPgFirst', 'oidc-provider PostgreSQL, opaque', peerPg, opaqueBody, dbName(peerDb.url)),
      );
    }
    for (const endpoint of ['discovery', 'jwks'] as const) {
      if (!ONLY.includes(endpoint)) continue;
      scenarios.push(
        { key: `hub-${endpoint}`, label: 'hub', endpoint, server: hub, body: '', database: dbName(hubDb.url) },
        { key: `peerMem-${endpoint}`, label: 'oidc-provider', endpoint, server: peerMem, body: '' },
        { key: `bare-${endpoint}`, label: 'bare node:http (same bytes)', endpoint, server: bare, body: '' },
      );
    }

    // Warm-up (JIT, pools, caches): 3 s per scenario, not reported; hub grants still counted.
    // With distinct tokens, every token is introspected once first: timed reps measure the steady
    // state of a server whose tokens are each introspected again and again, not its first sight
    // of each (that cold cost is what the first warm-up pass shows, printed below).
    for (const s of scenarios) {
      if (s.fresh) continue; // measured from each token's first use: no warm pass
      if (s.bodiesFile) {
        const cold = await measure({ ...s }, headers, 0, TOKENS);
        console.log(
          `  cold pass, ${s.label}: ${fmt(cold.rps)} req/s, p99 ${cold.p99} ms, ${fmt(cold.serverUsPerReq)} µs CPU/req, ` +
            `${cold.roundTripsPerReq === null ? '—' : fmt(cold.roundTripsPerReq, 2)} round trips/req`,
        );
      }
      const get = s.endpoint === 'discovery' || s.endpoint === 'jwks';
      const w = await cannon({
        url: `${s.server.base}${PATHS[s.endpoint]}`,
        method: get ? 'GET' : 'POST',
        body: s.body,
        bodiesFile: s.bodiesFile,
        headers: get ? {} : headers,
        duration: 3,
        connections: CONNECTIONS,
        ...dpopOption(s),
      });
      if (s.key === 'hub' || s.key.startsWith('hubDpop') || s.key === 'hubAtRate') hubAnswered += w.ok;
      if (s.key === 'hubDpop') matchedRate = Math.max(100, Math.round(w.rps * 0.7));
    }
    const results = new Map<string, Measured[]>(scenarios.map((s) => [s.key, []]));
    for (let rep = 0; rep < REPS; rep++) {
      // Rotate the order every rep, so no scenario always runs first or right after the hub.
      const order = scenarios.map((_, i) => scenarios[(i + rep) % scenarios.length]);
      for (const s of order) {
        if (s.fresh) await s.fresh();
        // The steady state is of tokens this hub has seen: one untimed pass over the set first, since the
        // scenarios in between issue and introspect tens of thousands of other tokens, which push these
        // out of the bounded caches (hub.caches.verifiedTokens keeps 20,000) and, past 5 minutes, age
        // their session state out.
        if (s.endpoint === 'introspect10k') await measure(s, headers, 0, TOKENS);
        const m = await measure(s, headers, DURATION, s.fresh ? TOKENS * USES : undefined);
        if (s.key === 'hub' || s.key.startsWith('hubDpop') || s.key === 'hubAtRate') hubAnswered += m.ok;
        if (m.non2xx || m.errors) console.warn(`  ! ${s.label}: ${m.non2xx} non-2xx, ${m.errors} errors of ${m.total}`);
        results.get(s.key)!.push(m);
      }
      console.log(`  rep ${rep + 1}/${REPS} done, load average ${loadAverage()}`);
    }

    console.log(
      '\n| endpoint | server | req/s median (min–max) | p50 / p99 ms | server CPU µs/req | PostgreSQL CPU µs/req | round trips/req |',
    );
    console.log('|---|---|---|---|---|---|---|');
    for (const s of scenarios) {
      const ms = results.get(s.key)!;
      const rps = ms.map((m) => m.rps);
      const dbCpu = ms.map((m) => m.dbUsPerReq).filter((x): x is number => x !== null);
      const rt = ms.map((m) => m.roundTripsPerReq).filter((x): x is number => x !== null);
      console.log(
        `| ${s.endpoint} | ${s.label} | ${fmt(median(rps))} (${fmt(Math.min(...rps))}–${fmt(Math.max(...rps))}) ` +
          `| ${median(ms.map((m) => m.p50))} / ${median(ms.map((m) => m.p99))} ` +
          `| ${fmt(median(ms.map((m) => m.serverUsPerReq)))} ` +
          `| ${dbCpu.length ? fmt(median(dbCpu)) : '—'} | ${rt.length ? fmt(median(rt), 3) : '—'} |`,
      );
    }
    const ratio = (a: string, b: string, title: string) => {
      const xs = results.get(a)!.map((m, i) => m.rps / results.get(b)![i].rps);
      console.log(`| ${title} | ${ratioCells(xs)} |`);
    };
    console.log('\n| comparison (requests/s, within each rep) | median | per rep |');
    console.log('|---|---|---|');
    if (ONLY.includes('token')) {
      ratio('hub', 'peerMemJwt', 'token, format-matched: hub JWT / peer JWT in memory');
      ratio('hub', 'peerPgOpaque', 'token, durability-matched: hub JWT / peer opaque on PostgreSQL');
      ratio('hub', 'bare', 'token: hub / bare node:http');
      if (baseline) {
        ratio('baseline', 'peerMemJwt', 'token, format-matched, baseline: hub / peer JWT in memory');
        ratio('baseline', 'peerPgOpaque', 'token, durability-matched, baseline: hub / peer opaque on PostgreSQL');
        ratio('hub', 'baseline', 'token: this hub / baseline hub');
      }
    }
    // Issue 31's goal: DPoP costs at most 1.3× the hub's CPU per request of its bearer tokens.
    const cpuRatio = (a: string, b: string, title: string) => {
      const xs = results.get(a)!.map((m, i) => m.serverUsPerReq / results.get(b)![i].serverUsPerReq);
      console.log(`| ${title} | ${ratioCells(xs)} |`);
    };
    if (ONLY.includes('token') && baseline) {
      cpuRatio('hub', 'baseline', 'token: this hub / baseline hub (server CPU per request)');
      const dbXs = results
        .get('hub')!
        .map((m, i) => (m.dbUsPerReq ?? NaN) / (results.get('baseline')![i].dbUsPerReq ?? NaN));
      console.log(`| token: this hub / baseline hub (PostgreSQL CPU per request) | ${ratioCells(dbXs)} |`);
      cpuRatio('hubDpop', 'baselineDpop', 'token with DPoP: this hub / baseline hub (server CPU per request)');
      const dpopDb = results
        .get('hubDpop')!
        .map((m, i) => (m.dbUsPerReq ?? NaN) / (results.get('baselineDpop')![i].dbUsPerReq ?? NaN));
      console.log(`| token with DPoP: this hub / baseline hub (PostgreSQL CPU per request) | ${ratioCells(dpopDb)} |`);
    }
    if (ONLY.includes('token')) {
      ratio('hubDpop', 'hub', 'token: hub with DPoP / hub bearer (requests/s)');
      ratio('hubDpop', 'peerDpop', 'token with DPoP, ES256 proofs: hub / oidc-provider in memory (goal ≥ 1.0)');
      ratio('hubDpopPs', 'peerDpopPs', 'token with DPoP, PS256 proofs: hub / oidc-provider in memory (goal ≥ 1.0)');
      cpuRatio(
        'hubDpop',
        'hub',
        'token: hub with DPoP, ES256 proofs / hub bearer (server CPU per request; goal ≤ 1.3)',
      );
      cpuRatio(
        'hubDpopPs',
        'hub',
        'token: hub with DPoP, PS256 proofs / hub bearer (server CPU per request; goal ≤ 1.3)',
      );
      cpuRatio(
        'hubDpopAtRate',
        'hubAtRate',
        `token at ${matchedRate} req/s both: DPoP, ES256 proofs / bearer (server CPU per request; goal ≤ 1.3)`,
      );
      cpuRatio(
        'hubDpopPsAtRate',
        'hubAtRate',
        `token at ${matchedRate} req/s both: DPoP, PS256 proofs / bearer (server CPU per request; goal ≤ 1.3)`,
      );
      // What DPoP adds per grant, against the one signature check RFC 9449 requires (measured here, now).
      const extraCells = (dpop: string) => {
        const xs = results.get(dpop)!.map((m, i) => m.serverUsPerReq - results.get('hubAtRate')![i].serverUsPerReq);
        return `${fmt(median(xs))} µs | ${xs.map((x) => `${fmt(x)} µs`).join(', ')}`;
      };
      const bearerUs = median(results.get('hubAtRate')!.map((m) => m.serverUsPerReq));
      const extraRow = (alg: string, jwk: Record<string, string>, scenario: string, more = '') =>
        console.log(
          `| token at ${matchedRate} req/s: DPoP's extra server CPU per grant, ${alg} proofs ` +
            `(one ${alg} verification: ${fmt(verifyCostUs(jwk), 1)} µs${more}) | ${extraCells(scenario)} |`,
        );
      extraRow('ES256', dpopJwk!, 'hubDpopAtRate', `; a bearer grant: ${fmt(bearerUs)} µs`);
      extraRow('PS256', dpopRsaJwk!, 'hubDpopPsAtRate');
      // Issue 44's goal: what DPoP adds beyond the one verification, against a bearer grant, within each rep.
      const beyondRow = (alg: string, jwk: Record<string, string>, scenario: string) => {
        const verify = verifyCostUs(jwk);
        const xs = results.get(scenario)!.map((m, i) => {
          const bearer = results.get('hubAtRate')![i].serverUsPerReq;
          return (m.serverUsPerReq - bearer - verify) / bearer;
        });
        console.log(
          `| token at ${matchedRate} req/s: DPoP's extra CPU beyond one ${alg} verification / a bearer grant's ` +
            `(goal ≤ 0.3) | ${ratioCells(xs)} |`,
        );
      };
      beyondRow('ES256', dpopJwk!, 'hubDpopAtRate');
      beyondRow('PS256', dpopRsaJwk!, 'hubDpopPsAtRate');
    }
    if (ONLY.includes('introspect')) {
      cpuRatio('hubIntroBound', 'hubIntro', 'introspection: DPoP-bound token / bearer token (server CPU per request)');
      ratio('hubIntroDpop', 'hubIntro', 'introspection: hub with DPoP / hub bearer (requests/s)');
      cpuRatio(
        'hubIntroDpop',
        'hubIntro',
        'introspection: hub with DPoP / hub bearer (server CPU per request; goal ≤ 1.3)',
      );
    }
    if (ONLY.includes('introspect')) {
      ratio('hubIntro', 'peerMemIntro', 'introspection (one token): hub / peer in memory');
      ratio('hubIntro', 'peerPgIntro', 'introspection (one token): hub / peer on PostgreSQL');
    }
    if (ONLY.includes('introspect10k')) {
      ratio('hubIntro10k', 'peerMemIntro10k', `introspection (${TOKENS} tokens): hub / peer in memory`);
      ratio('hubIntro10k', 'peerPgIntro10k', `introspection (${TOKENS} tokens): hub / peer on PostgreSQL`);
      if (baseline)
        ratio('hubIntro10k', 'baselineIntro10k', `introspection (${TOKENS} tokens): this hub / baseline hub`);
    }
    if (ONLY.includes('introspectFirst')) {
      const what = `introspection from first use (${TOKENS} fresh tokens × ${USES})`;
      ratio('hubFirst', 'peerMemFirst', `${what}: hub / peer in memory`);
      ratio('hubFirst', 'peerPgFirst', `${what}: hub / peer on PostgreSQL`);
      if (baseline) {
        ratio('baselineFirst', 'peerMemFirst', `${what}, baseline: hub / peer in memory`);
        ratio('hubFirst', 'baselineFirst', `${what}: this hub / baseline hub`);
      }
    }
    for (const endpoint of ['discovery', 'jwks'] as const) {
      if (!ONLY.includes(endpoint)) continue;
      ratio(`hub-${endpoint}`, `bare-${endpoint}`, `${endpoint}: hub / bare node:http`);
      ratio(`hub-${endpoint}`, `peerMem-${endpoint}`, `${endpoint}: hub / peer`);
    }
    printRss(servers, idle);
    console.log(`\nload average at the end: ${loadAverage()}`);

    // Durability: every grant the hub answered is in the chain (rows may exceed answers by the
    // grants committed while autocannon was closing its connections).
    await stopServer(hub);
    const check = await createHub({ config: hubConfig, skipMigrations: true });
    const [{ n }] = await rows<{ n: number }>(
      check.db,
      sql`select count(*)::int as n from audit_logs where event_type = 'oauth_token_issued'`,
    );
    const chain = await check.audit.verifyChain();
    await closeHub(check);
    const durable = Number(n) >= hubAnswered;
    failed = !durable || !chain.ok;
    console.log(
      `\nhub durability: ${hubAnswered.toLocaleString('en-US')} grants answered, ` +
        `${Number(n).toLocaleString('en-US')} oauth_token_issued rows — ` +
        `${durable ? 'every answered grant is in the chain' : 'ROWS MISSING'}; ` +
        `chain ${chain.ok ? 'verified' : `BROKEN (${chain.reason})`} (${chain.checked.toLocaleString('en-US')} rows)`,
    );
  } finally {
    for (const s of servers) await stopServer(s);
    await hubDb.drop();
    await peerDb.drop();
    await baseDb?.drop();
  }
  if (failed) process.exitCode = 1;
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
