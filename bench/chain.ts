/**
 * npm run bench:chain [-- --duration=12 --connections=48,96 --reps=3 --nodes=1,2,3 --sample-ms=5 --warm=10 --share=1]
 *
 * Scale of the audit chain (issue 28): every audited write of every node moves one anchor row
 * (audit_chain_head). Since issue 43 each node moves its own chain's anchor only, so the figures
 * show what is left shared between nodes (the database's CPU and WAL) at 1, 2 and 3 nodes.
 * One scratch PostgreSQL database, one confidential client, three hub
 * processes on it (the built server, as `npm start` and the cluster harness run it; same
 * DATABASE_URL and master key), and client_credentials grants — each one durable and chained
 * before it is answered — from one autocannon process whose connections are spread evenly over
 * the first N nodes (connection i goes to node i mod N). The total number of connections stays
 * the same for every N: the offered load is the same, only the number of writers of the anchor
 * changes. It is measured at each of --connections' loads (48 and 96 by default): a node's batch
 * can hold no more grants than it has clients, so N nodes sharing a load each batch about 1/N of
 * it, and a link's fixed cost weighs more on each grant the lighter the load (docs/performance.md,
 * "What a node's share of the load costs"). So each load also runs one node alone at the share each
 * of the most nodes gets (--share=0 leaves it out), which parts the two costs of more nodes on one
 * machine: a smaller share each, and cores shared with the others. Every node first serves --warm
 * untimed seconds of load together (so that none is measured while V8 still optimises it); then
 * reps are interleaved (each rep runs every load, and at each N = 1, 2, 3 in a rotated order, after
 * 2 untimed seconds of the same load); ratios are taken within a rep. The hub's CPU is given whole
 * and its system (kernel) share apart; BENCH_PERF=<dir> also records a CPU-time profile of the
 * driven nodes and of PostgreSQL's backends over each measured run (bench/lib/perf.ts).
 *
 * Per N: grants/s, p50/p99, hub CPU per grant (the driven nodes, /proc), PostgreSQL CPU per grant
 * (the database's backends, /proc), statements per grant (bench/lib/count-queries.mjs; all of
 * them the chain's: a link is 1 statement pipelined, 4 under the anchor's row lock, 5 when a
 * pipelined attempt failed first), chain
 * links (batches, one anchor move each: the hub's hub_audit_batch_size histogram on /metrics)
 * and audit rows per link (audit_logs' id moved / links), the hub's own commit time per batch
 * (hub_audit_commit_seconds: from handing the batch over to its commit), and the share of a
 * grant's time spent waiting for the anchor: a separate connection samples pg_stat_activity
 * every --sample-ms and counts the hub backends waiting on the anchor's row lock, on the ticket
 * of the batch before, or in audit_chain_advance's retry sleep (bench/lib/chain-figures.ts turns
 * that into milliseconds by Little's law). Nothing in the hub is changed or instrumented for it.
 * Afterwards every answered grant must have its oauth_token_issued row and the chain must verify.
 * Needs BENCH_DATABASE_URL or TEST_DATABASE_URL (the scratch database is created and dropped).
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { loadConfig } from '../src/server/config';
import { closeHub, createHub } from '../src/server/create-hub';
import { rows } from '../src/server/db/client';
import { createScratchPostgresDatabase } from '../tests/helpers/test-hub';
import {
  anchorWait,
  classifyBackends,
  meanSample,
  metricValue,
  waitingForAnchor,
  loadWindow,
  type AnchorSample,
  type BackendRow,
  type TimedSample,
} from './lib/chain-figures';
import { startPerf } from './lib/perf';
import { backendCpu, contextSwitches, cpuMs, cpuSplitMs, loadAverage } from './lib/proc';
import { registerBenchClient } from './lib/bench-client';
import { dbName, fmt, median, ratioCells } from './lib/report';
import { hubEntry, runJson, startServer, stopServer, type CannonResult, type Server } from './lib/servers';

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const DURATION = Number(args.duration ?? 12);
const LOADS = (args.connections ?? '48,96').split(',').map(Number);
const REPS = Math.max(1, Number(args.reps ?? 3));
const NODES = (args.nodes ?? '1,2,3').split(',').map(Number);
const SAMPLE_MS = Number(args['sample-ms'] ?? 5);
const SETTLE_S = 2;
/** --share=0 leaves out the control: one node alone at the share of the load each of the most nodes gets. */
const SHARE = args.share !== '0';
const WARM_S = Number(args.warm ?? 10);
const adminUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
process.env.TEST_DATABASE_URL = adminUrl;
const METRICS_TOKEN = randomBytes(24).toString('hex');

/** One measured run with N nodes. */
interface Run {
  nodes: number;
  cannon: CannonResult;
  /** How long the load ran, as the sampler saw it (loadWindow). */
  seconds: number;
  hubUsPerGrant: number;
  /** The kernel's share of hubUsPerGrant (system time: socket writes and reads, wakeups). */
  hubSystemUsPerGrant: number;
  /** How often per grant a driven node's main thread left its CPU: blocked, or preempted. */
  switchesPerGrant: { voluntary: number; involuntary: number };
  dbUsPerGrant: number;
  /** CPU of the driven nodes, and of the database's backends, in cores over the run. */
  hubCores: number;
  dbCores: number;
  /** CPU of one node left out of the run (its timers and background work), in cores. */
  idleNodeCores: number | null;
  statementsPerGrant: number | null;
  links: number;
  rowsPerLink: number;
  statementsPerLink: number | null;
  commitMsPerLink: number;
  anchor: AnchorSample;
  samples: number;
  waitPerLinkMs: number;
  grantMs: number;
  share: number;
}

/** The chain counters of one node from its /metrics. */
async function chainCounters(s: Server): Promise<{ links: number; commitSeconds: number }> {
  const res = await fetch(`${s.base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  if (!res.ok) throw new Error(`${s.name}: /metrics answered ${res.status}`);
  const text = await res.text();
  return {
    links: metricValue(text, 'hub_audit_batch_size_count'),
    commitSeconds: metricValue(text, 'hub_audit_commit_seconds_sum'),
  };
}

/**
 * Samples the hub backends of `database` until stopped, from a connection to another database.
 * Every CPU_EVERY samples it also reads each backend's CPU from /proc and keeps the last figure:
 * a node's pool closes a connection after 10 s idle (pg's default), and a backend that exits
 * during the run would otherwise take its CPU with it.
 */
function startSampler(database: string, startCpu: Map<number, number>) {
  const CPU_EVERY = 20;
  const samples: TimedSample[] = [];
  const lastCpu = new Map<number, number>();
  const client = new pg.Client({ connectionString: adminUrl });
  let running = true;
  const done = (async () => {
    await client.connect();
    try {
      while (running) {
        // The nodes' request pools ('hub'): their background, listener and maintenance connections
        // serve no grant, and an outbox poll would otherwise mark an idle moment busy.
        const { rows: backends } = await client.query<BackendRow & { pid: number; application_name: string }>(
          `select pid, application_name, state, wait_event_type, wait_event from pg_stat_activity
            where datname = $1 and backend_type = 'client backend' and pid <> pg_backend_pid()`,
          [database],
        );
        samples.push({
          at: performance.now(),
          sample: classifyBackends(backends.filter((b) => b.application_name === 'hub')),
        });
        if (samples.length % CPU_EVERY === 1) {
          for (const { pid } of backends) lastCpu.set(pid, Math.max(lastCpu.get(pid) ?? 0, cpuMs(pid)));
        }
        await new Promise((r) => setTimeout(r, SAMPLE_MS));
      }
    } finally {
      await client.end();
    }
  })();
  return {
    /** The samples, and the CPU (ms) the database's backends spent since `startCpu`, exited ones included. */
    async stop(endCpu: () => Promise<Map<number, number>>): Promise<{ samples: TimedSample[]; dbMs: number }> {
      running = false;
      await done;
      for (const [pid, ms] of await endCpu()) lastCpu.set(pid, Math.max(lastCpu.get(pid) ?? 0, ms));
      let dbMs = 0;
      for (const [pid, ms] of lastCpu) dbMs += ms - (startCpu.get(pid) ?? 0);
      return { samples, dbMs };
    },
  };
}

/** How many audit rows there are: one chain per node since issue 43, so ids no longer count them. */
async function newestAuditId(hubDb: string): Promise<number> {
  const c = new pg.Client({ connectionString: hubDb });
  await c.connect();
  try {
    const { rows: r } = await c.query<{ id: string | null }>('select count(*) as id from audit_logs');
    return Number(r[0]?.id ?? 0);
  } finally {
    await c.end();
  }
}

/**
 * The load: one autocannon process, its connections spread over the nodes by autocannon itself
 * (bench/autocannon-run.ts hands `url` to autocannon, which takes an array and gives connection i
 * the URL i mod N). runJson, not cannon(): cannon's options name one URL.
 */
function load(nodes: Server[], body: string, headers: Record<string, string>, duration: number, connections: number) {
  return runJson<CannonResult>('bench/autocannon-run.ts', {
    url: nodes.map((s) => `${s.base}/oauth/token`),
    method: 'POST',
    body,
    headers,
    duration,
    connections,
  });
}

/** One run on `nodes` (the first N of `servers`; the others stay up, idle). */
async function measure(
  servers: Server[],
  nodes: Server[],
  hubDbUrl: string,
  body: string,
  headers: Record<string, string>,
  connections: number,
): Promise<Run> {
  const database = dbName(hubDbUrl);
  const pids = nodes.map((s) => s.child.pid!);
  const cpu0 = pids.map((p) => cpuSplitMs(p));
  const db0 = await backendCpu(adminUrl, database);
  const q0 = await Promise.all(nodes.map((s) => s.queries()));
  const m0 = await Promise.all(nodes.map(chainCounters));
  const id0 = await newestAuditId(hubDbUrl);
  const idle = servers.filter((s) => !nodes.includes(s)).map((s) => s.child.pid!);
  const idle0 = idle.map((p) => cpuMs(p));
  const switches0 = pids.map((p) => contextSwitches(p));
  const sampler = startSampler(database, db0);
  const label = `chain-${nodes.length}-node-${Date.now()}`;
  const perf = await startPerf(pids, label);
  const perfDb = await startPerf([...db0.keys()], `${label}-postgres`);
  const cannon = await load(nodes, body, headers, DURATION, connections);
  const cpu1 = pids.map((p) => cpuSplitMs(p));
  const switches1 = pids.map((p) => contextSwitches(p));
  if (perf) console.log(`  perf: ${nodes.length} node(s), ${cannon.total} grants, ${await perf.stop()}`);
  if (perfDb) console.log(`  perf: PostgreSQL's backends, ${await perfDb.stop()}`);
  const idle1 = idle.map((p) => cpuMs(p));
  const stopped = await sampler.stop(() => backendCpu(adminUrl, database));
  const window = loadWindow(stopped.samples);
  const { samples } = window;
  const seconds = window.seconds > 0 ? window.seconds : DURATION;
  const dbMs = stopped.dbMs;
  const q1 = await Promise.all(nodes.map((s) => s.queries()));
  const m1 = await Promise.all(nodes.map(chainCounters));
  const id1 = await newestAuditId(hubDbUrl);

  const n = Math.max(1, cannon.total);
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  const hubSystemMs = sum(cpu1.map((c) => c.system)) - sum(cpu0.map((c) => c.system));
  const hubMs = sum(cpu1.map((c) => c.user)) - sum(cpu0.map((c) => c.user)) + hubSystemMs;
  const statements =
    q0.every((q) => q !== undefined) && q1.every((q) => q !== undefined)
      ? sum(q1 as number[]) - sum(q0 as number[])
      : null;
  const links = sum(m1.map((m) => m.links)) - sum(m0.map((m) => m.links));
  const commitSeconds = sum(m1.map((m) => m.commitSeconds)) - sum(m0.map((m) => m.commitSeconds));
  const anchor = meanSample(samples);
  // Links per second and the waiting backends over the same window (loadWindow); grants per
  // second over autocannon's own.
  const wait = anchorWait({
    waiting: waitingForAnchor(anchor),
    batchesPerSecond: links / seconds,
    grantsPerSecond: cannon.rps,
    connections,
  });
  return {
    nodes: nodes.length,
    cannon,
    seconds,
    hubUsPerGrant: (hubMs * 1000) / n,
    hubSystemUsPerGrant: (hubSystemMs * 1000) / n,
    switchesPerGrant: {
      voluntary: (sum(switches1.map((c) => c.voluntary)) - sum(switches0.map((c) => c.voluntary))) / n,
      involuntary: (sum(switches1.map((c) => c.involuntary)) - sum(switches0.map((c) => c.involuntary))) / n,
    },
    dbUsPerGrant: (dbMs * 1000) / n,
    hubCores: hubMs / 1000 / seconds,
    dbCores: dbMs / 1000 / seconds,
    idleNodeCores: idle.length ? (sum(idle1) - sum(idle0)) / 1000 / seconds / idle.length : null,
    statementsPerGrant: statements === null ? null : statements / n,
    links,
    rowsPerLink: links > 0 ? (id1 - id0) / links : 0,
    statementsPerLink: statements === null || links === 0 ? null : statements / links,
    commitMsPerLink: links > 0 ? (commitSeconds * 1000) / links : 0,
    anchor,
    samples: samples.length,
    waitPerLinkMs: wait.waitPerBatchMs,
    grantMs: wait.grantMs,
    share: wait.share,
  };
}

function printTables(results: Map<number, Run[]>) {
  const med = (runs: Run[], f: (r: Run) => number) => median(runs.map(f));
  const pct = (x: number) => `${fmt(x * 100, 1)} %`;
  console.log(
    '\n| nodes | grants/s median (min–max) | p50 / p99 ms | hub CPU µs/grant (of it system) | PostgreSQL CPU µs/grant | ' +
      'statements/grant | hub / PostgreSQL cores busy | an idle node, cores | a node left its CPU, per grant: blocked / preempted |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const [nodes, runs] of results) {
    const rps = runs.map((r) => r.cannon.rps);
    const st = runs.map((r) => r.statementsPerGrant).filter((x): x is number => x !== null);
    const idle = runs.map((r) => r.idleNodeCores).filter((x): x is number => x !== null);
    const cores = [med(runs, (r) => r.hubCores), med(runs, (r) => r.dbCores)].map((x) => fmt(x, 2)).join(' / ');
    console.log(
      `| ${nodes} | ${fmt(median(rps))} (${fmt(Math.min(...rps))}–${fmt(Math.max(...rps))}) ` +
        `| ${med(runs, (r) => r.cannon.p50)} / ${med(runs, (r) => r.cannon.p99)} ` +
        `| ${fmt(med(runs, (r) => r.hubUsPerGrant))} (${fmt(med(runs, (r) => r.hubSystemUsPerGrant))}) ` +
        `| ${fmt(med(runs, (r) => r.dbUsPerGrant))} ` +
        `| ${st.length ? fmt(median(st), 2) : '—'} ` +
        `| ${cores} ` +
        `| ${idle.length ? fmt(median(idle), 3) : '—'} ` +
        `| ${fmt(
          med(runs, (r) => r.switchesPerGrant.voluntary),
          2,
        )} / ${fmt(
          med(runs, (r) => r.switchesPerGrant.involuntary),
          2,
        )} |`,
    );
  }
  console.log(
    '\n| nodes | chain links/s | audit rows/link | statements/link | hub commit ms/link | ' +
      'backends active | waiting: row lock / ticket / retry sleep | WAL at commit | anchor held over a round trip |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const [nodes, runs] of results) {
    const sl = runs.map((r) => r.statementsPerLink).filter((x): x is number => x !== null);
    const m = (f: (r: Run) => number, digits = 0) => fmt(med(runs, f), digits);
    const cells = [
      nodes,
      m((r) => r.links / r.seconds),
      m((r) => r.rowsPerLink, 1),
      sl.length ? fmt(median(sl), 2) : '—',
      m((r) => r.commitMsPerLink, 1),
      m((r) => r.anchor.active, 2),
      [m((r) => r.anchor.rowLock, 2), m((r) => r.anchor.ticket, 2), m((r) => r.anchor.retrySleep, 2)].join(' / '),
      m((r) => r.anchor.walCommit, 2),
      m((r) => r.anchor.heldAcrossRoundTrip, 2),
    ];
    console.log(`| ${cells.join(' | ')} |`);
  }
  console.log(
    '\n| nodes | grant ms (connections / grants/s) | anchor wait ms/link | ' +
      'share of a grant waiting for the anchor | per rep | samples/run |',
  );
  console.log('|---|---|---|---|---|---|');
  for (const [nodes, runs] of results) {
    console.log(
      `| ${nodes} | ${fmt(
        med(runs, (r) => r.grantMs),
        1,
      )} | ${fmt(
        med(runs, (r) => r.waitPerLinkMs),
        2,
      )} ` +
        `| ${pct(med(runs, (r) => r.share))} | ${runs.map((r) => pct(r.share)).join(', ')} ` +
        `| ${fmt(med(runs, (r) => r.samples))} |`,
    );
  }
  const base = results.get(NODES[0]);
  if (!base) return;
  console.log(`\n| within each rep, against ${NODES[0]} node(s) | median | per rep |`);
  console.log('|---|---|---|');
  for (const [nodes, runs] of results) {
    if (nodes === NODES[0]) continue;
    const ratio = (f: (r: Run) => number) => ratioCells(runs.map((r, i) => f(r) / f(base[i])));
    console.log(`| grants/s, ${nodes} / ${NODES[0]} | ${ratio((r) => r.cannon.rps)} |`);
    console.log(`| hub CPU per grant, ${nodes} / ${NODES[0]} | ${ratio((r) => r.hubUsPerGrant)} |`);
    const user = (r: Run) => r.hubUsPerGrant - r.hubSystemUsPerGrant;
    console.log(`| of it user time, ${nodes} / ${NODES[0]} | ${ratio(user)} |`);
    console.log(`| of it system time, ${nodes} / ${NODES[0]} | ${ratio((r) => r.hubSystemUsPerGrant)} |`);
    console.log(`| PostgreSQL CPU per grant, ${nodes} / ${NODES[0]} | ${ratio((r) => r.dbUsPerGrant)} |`);
    console.log(`| audit rows per link, ${nodes} / ${NODES[0]} | ${ratio((r) => r.rowsPerLink)} |`);
  }
}

/** A run that had refused or failed grants says so (its figures are still printed). */
function warnFailed(run: Run, connections: number): Run {
  const { non2xx, errors, total } = run.cannon;
  if (non2xx || errors)
    console.warn(
      `  ! ${run.nodes} node(s), ${connections} connections: ${non2xx} non-2xx, ${errors} errors of ${total}`,
    );
  return run;
}

/**
 * The control against the most nodes: one node alone at their share of the load. Against the most
 * nodes at the whole load it shows what sharing the machine's cores with the other nodes costs (on
 * machines of their own this goes); against one node at the whole load, what a smaller share costs
 * (a batch holds no more grants than a node has clients).
 */
function printShare(connections: number, most: number, byNodes: Map<number, Run[]>, shares: Run[]) {
  const all = byNodes.get(most);
  const one = byNodes.get(1);
  if (!shares.length || !all || !one) return;
  const share = Math.round(connections / most);
  const med = (runs: Run[], f: (r: Run) => number, digits = 0) => fmt(median(runs.map(f)), digits);
  console.log(
    `\n| 1 node at ${share} connections (a ${most}-node share) | grants/s | hub CPU µs/grant | ` +
      'PostgreSQL CPU µs/grant | audit rows/link | hub / PostgreSQL cores busy |',
  );
  console.log('|---|---|---|---|---|---|');
  console.log(
    `| median | ${med(shares, (r) => r.cannon.rps)} | ${med(shares, (r) => r.hubUsPerGrant)} ` +
      `| ${med(shares, (r) => r.dbUsPerGrant)} | ${med(shares, (r) => r.rowsPerLink, 1)} ` +
      `| ${med(shares, (r) => r.hubCores, 2)} / ${med(shares, (r) => r.dbCores, 2)} |`,
  );
  console.log(`\n| within each rep | median | per rep |`);
  console.log('|---|---|---|');
  const ratio = (a: Run[], b: Run[], f: (r: Run) => number) => ratioCells(a.map((r, i) => f(r) / f(b[i])));
  const cpu = (label: string, a: Run[], b: Run[]) => {
    console.log(`| ${label}: hub CPU per grant | ${ratio(a, b, (r) => r.hubUsPerGrant)} |`);
    console.log(`| ${label}: PostgreSQL CPU per grant | ${ratio(a, b, (r) => r.dbUsPerGrant)} |`);
  };
  cpu(`sharing the cores: ${most} nodes at ${connections} / 1 node at ${share}`, all, shares);
  cpu(`a smaller share: 1 node at ${share} / 1 node at ${connections}`, shares, one);
}

async function main() {
  const cpu = os.cpus();
  console.log(
    `bench:chain — ${new Date().toISOString()} — ${cpu[0]?.model ?? 'cpu'} ×${cpu.length}, ` +
      `${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, load average ${loadAverage()}`,
  );
  console.log('The machine may be shared: absolute figures move with its load; the ratios are taken within each rep.');
  console.log(
    `autocannon: ${LOADS.join(' and then ')} connections in all, spread over the nodes, ${DURATION} s per run, ` +
      `${REPS} interleaved reps, own process; pg_stat_activity sampled every ${SAMPLE_MS} ms\n`,
  );
  const hubDb = await createScratchPostgresDatabase();
  const masterKey = randomBytes(32).toString('base64');
  const servers: Server[] = [];
  let failed = false;
  try {
    const hubConfig = { ...loadConfig({ LOG_LEVEL: 'silent', HUB_MASTER_KEY: masterKey }), databaseUrl: hubDb.url };
    const { clientId, clientSecret } = await registerBenchClient(hubConfig);
    const entry = hubEntry();
    for (let i = 1; i <= Math.max(...NODES); i++) {
      servers.push(
        await startServer(`hub ${i}`, entry, {
          DATABASE_URL: hubDb.url,
          HUB_MASTER_KEY: masterKey,
          HUB_METRICS_TOKEN: METRICS_TOKEN,
          LOG_LEVEL: 'silent',
          NODE_ENV: 'production',
        }),
      );
    }
    const basic = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
    const headers = { 'content-type': 'application/x-www-form-urlencoded', authorization: basic };
    // No `resource`: its check is a read of its own per grant (isRegisteredResource), and here every
    // statement a grant sends is the chain's, so statements per link show which append path ran.
    const body = 'grant_type=client_credentials&scope=read%3Aprofile';
    for (const s of servers) {
      const res = await fetch(`${s.base}/oauth/token`, { method: 'POST', headers, body });
      if (!res.ok) throw new Error(`${s.name}: grant answered ${res.status}`);
    }
    let answered = servers.length;
    // Untimed, once: every node under load long enough for V8 to optimise what a grant runs, so
    // that no node is measured while it still compiles. Without it the first rep compared a node
    // fresh from start-up against warmer ones (a CPU-time profile showed TurboFan's compiler and
    // baseline code at twice their later share on the nodes that had served least).
    answered += (await load(servers, body, headers, WARM_S, LOADS[0])).ok;

    const results = new Map(LOADS.map((c) => [c, new Map<number, Run[]>(NODES.map((n) => [n, []]))]));
    // The control: one node alone with the clients each of the most nodes has (48 / 3 = 16), so the
    // cost of sharing the cores with other nodes shows apart from the cost of a smaller share.
    const most = Math.max(...NODES);
    const shares = new Map<number, Run[]>(LOADS.map((c) => [c, []]));
    for (let rep = 0; rep < REPS; rep++) {
      const order = NODES.map((_, i) => NODES[(i + rep) % NODES.length]);
      for (const connections of LOADS) {
        for (const n of order) {
          const nodes = servers.slice(0, n);
          // Untimed: the nodes learn where the anchor stands after the other runs moved it.
          answered += (await load(nodes, body, headers, SETTLE_S, connections)).ok;
          const run = warnFailed(await measure(servers, nodes, hubDb.url, body, headers, connections), connections);
          answered += run.cannon.ok;
          results.get(connections)!.get(n)!.push(run);
        }
        if (SHARE && most > 1) {
          const share = Math.round(connections / most);
          answered += (await load(servers.slice(0, 1), body, headers, SETTLE_S, share)).ok;
          const run = warnFailed(await measure(servers, servers.slice(0, 1), hubDb.url, body, headers, share), share);
          answered += run.cannon.ok;
          shares.get(connections)!.push(run);
        }
      }
      console.log(`  rep ${rep + 1}/${REPS} done, load average ${loadAverage()}`);
    }
    for (const [connections, byNodes] of results) {
      console.log(
        `\n### ${connections} connections in all (${NODES.map((n) => `${n} node(s): ${fmt(connections / n, 1)} each`).join(', ')})`,
      );
      printTables(byNodes);
      printShare(connections, most, byNodes, shares.get(connections)!);
    }
    console.log(`\nload average at the end: ${loadAverage()}`);

    // Durability: every answered grant is in the chain (rows may exceed answers by the grants
    // committed while autocannon was closing its connections), and the chain verifies.
    for (const s of servers) await stopServer(s);
    const check = await createHub({ config: hubConfig, skipMigrations: true });
    const [{ n }] = await rows<{ n: number }>(
      check.db,
      sql`select count(*)::int as n from audit_logs where event_type = 'oauth_token_issued'`,
    );
    const chain = await check.audit.verifyChain();
    await closeHub(check);
    const durable = Number(n) >= answered;
    failed = !durable || !chain.ok;
    console.log(
      `\ndurability: ${answered.toLocaleString('en-US')} grants answered, ` +
        `${Number(n).toLocaleString('en-US')} oauth_token_issued rows — ` +
        `${durable ? 'every answered grant is in the chain' : 'ROWS MISSING'}; ` +
        `chain ${chain.ok ? 'verified' : `BROKEN (${chain.reason})`} (${chain.checked.toLocaleString('en-US')} rows)`,
    );
  } finally {
    for (const s of servers) await stopServer(s);
    await hubDb.drop();
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
