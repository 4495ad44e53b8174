/**
 * npm run bench:embedded [-- --duration=10 --connections=2 --reps=1 --build=server --solo=1 --restart=1 --template=0
 *                             --baseline=<checkout>]
 *
 * The hub as a newcomer runs it: `npm start` on the embedded database (PGlite), from a clean
 * temporary data directory, in a process group of its own. It reports:
 *   - start → ready: from spawning `npm start` to the first 200 of /api/health/ready (with
 *     --build=server the server bundle is removed first, so the start builds it, as the first
 *     `npm start` after `npm install` does; --build=all rebuilds the web app too; --build=none
 *     keeps what is built);
 *   - RSS idle: the hub's process (`node scripts/start.mjs`) and all its descendants, from
 *     /proc, once it has settled after the start (npm's own wrapper process is shown apart);
 *   - RSS under a short mixed load: the highest sum sampled while five autocannon processes
 *     (own processes, not in the group) drive sign-in, GET /api/me, discovery, the JWKS and
 *     client_credentials grants at once; the rate each of them got;
 *   - the hub's CPU per request (its process, every thread: argon2's libuv pool and V8's
 *     compiler threads too, from /proc): over the mixed load, and for each endpoint alone
 *     afterwards, a fixed number of requests (SOLO_REQUESTS × --solo; 0: not run). CPU per request, not req/s, is what compares on a busy
 *     machine;
 *   - with --restart=1, the same hub started again on the data directory it made (the start of
 *     every day after the first): start → ready, RSS idle and the CPU per request of each
 *     endpoint alone, twice: the first requests after that start (V8 still compiling the hot
 *     code) and the same again;
 *   - anything else still running in the group (a build's service process left behind);
 * and the goals (idle ≤ 200 MB, ≤ 300 MB under load, nothing of the build left) as ratios.
 * The administrator and the client are made through the API with the setup key (HUB_SETUP_KEY).
 * --baseline=<path of another checkout> runs that checkout's `npm start` too, in interleaved reps
 * (each rep starts every contender from a clean directory, in a rotated order), for before/after
 * figures and rate ratios from one run. Every wait is bounded; everything started is stopped.
 * Benchmarks are never tests: this is not part of `npm test`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { generate } from 'otplib';
import { request, CookieJar } from './lib/http';
import { cpuMs, loadAverage } from './lib/proc';
import { listProcessGroup, selectTree, sumRss, type ProcessInfo } from './lib/process-tree';
import { fmt, median, ratioCells } from './lib/report';
import { cannon, freePort, root, type CannonResult } from './lib/servers';

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const DURATION = Number(args.duration ?? 10);
const CONNECTIONS = Number(args.connections ?? 2);
const REPS = Math.max(1, Number(args.reps ?? 1));
const BUILD = (args.build ?? 'server') as 'server' | 'all' | 'none';
const BASELINE = args.baseline;
const SOLO = Number(args.solo ?? 1);
/**
 * Requests per endpoint alone (× --solo): a fixed count, so that even on a machine shared with
 * other work each figure is tens of /proc clock ticks (10 ms) of the hub's CPU, not one or two.
 */
const SOLO_REQUESTS: Record<Endpoint, number> = { 'sign-in': 30, me: 300, discovery: 1000, jwks: 1000, token: 200 };
const SOLO_CONNECTIONS = 4;
const RESTART = args.restart !== '0' && args.restart !== undefined;
const GOAL = { idleMb: 200, loadMb: 300, readyS: 5 };
/**
 * --template=0: remove the embedded database's template (dist/pglite-template-*, issue 44) before
 * each first start too, so the start makes it, as the first start of a new checkout does;
 * by default a start from a clean data directory copies the template an earlier start made.
 */
const KEEP_TEMPLATE = args.template !== '0';
const READY_TIMEOUT_MS = 300_000;
const CSRF = { 'x-hub-csrf': '1' };

type Endpoint = 'sign-in' | 'me' | 'discovery' | 'jwks' | 'token';
const ENDPOINTS: Endpoint[] = ['sign-in', 'me', 'discovery', 'jwks', 'token'];

interface Contender {
  key: string;
  label: string;
  cwd: string;
}

interface Figures {
  readyMs: number;
  built: boolean;
  idleMb: number;
  npmMb: number;
  loadPeakMb: number;
  afterLoadMb: number;
  /** Processes of the group other than npm, its shell and the hub's own process, once the start settled. */
  others: ProcessInfo[];
  /** Processes of the group still alive once the stop was asked for and waited on. */
  leftAfterStop: number;
  load: Record<Endpoint, CannonResult>;
  /** The hub process's CPU over the mixed load, per request answered (ms). */
  mixedCpuPerRequest: number;
  /** CPU of the hub process (and of the children it waited for: the builds, an initdb) until it was idle (ms). */
  startCpuMs: number;
  /** Each endpoint alone after the mixed load: the hub's CPU per request (ms). */
  solo?: Record<Endpoint, number>;
  /** Started again on its directory: `solo` the first requests after that start, `again` the same once more. */
  restart?: { readyMs: number; idleMb: number; solo?: Record<Endpoint, number>; again?: Record<Endpoint, number> };
}

/** What the loads send: the sign-in bodies, a signed-in administrator's cookie, a client's Basic credentials. */
interface LoadKit {
  bodiesFile: string;
  cookie: string;
  basic: string;
}

interface Running {
  npm: ChildProcess;
  base: string;
  setupKey: string;
  output: string[];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The hub's process (the one running scripts/start.mjs) in the group, and its descendants. */
function hubTree(run: Running): { hub: ProcessInfo[]; all: ProcessInfo[] } {
  const all = listProcessGroup(run.npm.pid!);
  const main = all.find((p) => p.command.includes('scripts/start.mjs') && !p.command.startsWith('sh '));
  return { hub: main ? selectTree(all, main.pid) : [], all };
}

/** Starts `npm start`; without `dataDir` from a clean one, after removing what --build says to rebuild. */
async function startHub(c: Contender, existingDir?: string): Promise<{ run: Running; dataDir: string }> {
  if (!existingDir && BUILD !== 'none') rmSync(path.join(c.cwd, 'dist/server'), { recursive: true, force: true });
  if (!existingDir && BUILD === 'all') rmSync(path.join(c.cwd, 'dist/web'), { recursive: true, force: true });
  if (!existingDir && !KEEP_TEMPLATE && existsSync(path.join(c.cwd, 'dist'))) {
    for (const name of readdirSync(path.join(c.cwd, 'dist')).filter((n) => n.startsWith('pglite-template-'))) {
      rmSync(path.join(c.cwd, 'dist', name), { recursive: true, force: true });
    }
  }
  const dataDir = existingDir ?? mkdtempSync(path.join(os.tmpdir(), 'bench-embedded-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const setupKey = randomBytes(24).toString('base64url');
  const env: NodeJS.ProcessEnv = { ...process.env };
  // The embedded database, whatever the caller's shell says.
  delete env.DATABASE_URL;
  delete env.HUB_MASTER_KEY;
  // Its own process group (detached): the whole group is measured and stopped together.
  const npm = spawn('npm', ['start'], {
    cwd: c.cwd,
    detached: true,
    env: {
      ...env,
      HUB_DATA_DIR: dataDir,
      PORT: String(port),
      HUB_PUBLIC_URL: base,
      HUB_SETUP_KEY: setupKey,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const run: Running = { npm, base, setupKey, output: [] };
  npm.stdout!.on('data', (d) => run.output.push(String(d)));
  npm.stderr!.on('data', (d) => run.output.push(String(d)));
  return { run, dataDir };
}

async function waitReady(run: Running, t0: number): Promise<number> {
  while (performance.now() - t0 < READY_TIMEOUT_MS) {
    if (run.npm.exitCode !== null)
      throw new Error(`npm start exited with ${run.npm.exitCode}:\n${run.output.join('')}`);
    try {
      if ((await request('GET', `${run.base}/api/health/ready`)).status === 200) return performance.now() - t0;
    } catch {
      // Not listening yet.
    }
    await sleep(100);
  }
  throw new Error(`not ready after ${READY_TIMEOUT_MS / 1000} s:\n${run.output.join('')}`);
}

/** The hub tree's RSS once it stops moving (6 samples 0.5 s apart within 2 MB), at most 30 s. */
async function settledRss(run: Running): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < 60; i++) {
    samples.push(sumRss(hubTree(run).hub));
    const last = samples.slice(-6);
    if (last.length === 6 && Math.max(...last) - Math.min(...last) < 2) break;
    await sleep(500);
  }
  return samples.at(-1)!;
}

/** Administrators through the setup key, one signed in, and a confidential client for client_credentials. */
async function prepareLoad(run: Running): Promise<LoadKit> {
  const emails = [1, 2, 3, 4].map((i) => `bench-admin-${i}@bench.example.test`);
  const json = { 'content-type': 'application/json', ...CSRF };
  const made = await request(
    'POST',
    `${run.base}/api/setup/system-admins`,
    json,
    JSON.stringify({ confirmation_key: run.setupKey, emails }),
  );
  if (made.status !== 200) throw new Error(`setup: ${made.status} ${made.body}`);
  const admins = (JSON.parse(made.body) as { results: { email: string; password?: string }[] }).results.map((r) => ({
    email: r.email,
    password: r.password!,
  }));
  const jar = new CookieJar();
  const signedIn = await request('POST', `${run.base}/api/auth/sign-in`, json, JSON.stringify(admins[0]));
  if (signedIn.status !== 200) throw new Error(`sign-in: ${signedIn.status} ${signedIn.body}`);
  jar.take(signedIn.headers);
  // Administrators must have a second factor before /api/admin (HUB_ADMIN_MFA=required): enrol one.
  const enrol = await request('POST', `${run.base}/api/me/mfa/totp`, { ...CSRF, cookie: jar.header() });
  if (enrol.status !== 200) throw new Error(`TOTP: ${enrol.status} ${enrol.body}`);
  const { secret } = JSON.parse(enrol.body) as { secret: string };
  const confirmed = await request(
    'POST',
    `${run.base}/api/me/mfa/totp/confirm`,
    { ...json, cookie: jar.header() },
    JSON.stringify({ code: await generate({ secret }) }),
  );
  if (confirmed.status !== 200) throw new Error(`TOTP confirm: ${confirmed.status} ${confirmed.body}`);
  jar.take(confirmed.headers);
  const created = await request(
    'POST',
    `${run.base}/api/admin/oauth-clients`,
    { ...json, cookie: jar.header() },
    JSON.stringify({
      app_name: 'Bench',
      app_url: 'https://bench.example.test',
      redirect_uris: ['https://bench.example.test/cb'],
      app_type: 'platform',
    }),
  );
  if (created.status !== 201) throw new Error(`client: ${created.status} ${created.body}`);
  const { client, client_secret } = JSON.parse(created.body) as {
    client: { client_id: string };
    client_secret: string;
  };
  const bodiesFile = path.join(os.tmpdir(), `bench-embedded-signin-${process.pid}`);
  // The others have no second factor: their sign-in completes in one request.
  writeFileSync(
    bodiesFile,
    admins
      .slice(1)
      .map((a) => JSON.stringify(a))
      .join('\n'),
  );
  return {
    bodiesFile,
    cookie: jar.header(),
    basic: `Basic ${Buffer.from(`${encodeURIComponent(client.client_id)}:${encodeURIComponent(client_secret)}`).toString('base64')}`,
  };
}

/** The five loads at once, each in its own autocannon process; the hub tree's RSS sampled meanwhile. */
/** One endpoint's load for `duration` s in its own autocannon process. */
function endpointLoad(
  run: Running,
  kit: LoadKit,
  e: Endpoint,
  size: { duration: number; connections: number; amount?: number },
): Promise<CannonResult> {
  const common = { ...size, body: '' };
  const json = { 'content-type': 'application/json', ...CSRF };
  switch (e) {
    case 'sign-in':
      return cannon({ ...common, url: `${run.base}/api/auth/sign-in`, bodiesFile: kit.bodiesFile, headers: json });
    case 'me':
      return cannon({ ...common, url: `${run.base}/api/me`, method: 'GET', headers: { cookie: kit.cookie } });
    case 'discovery':
      return cannon({ ...common, url: `${run.base}/.well-known/openid-configuration`, method: 'GET', headers: {} });
    case 'jwks':
      return cannon({ ...common, url: `${run.base}/oauth/jwks`, method: 'GET', headers: {} });
    case 'token':
      return cannon({
        ...common,
        url: `${run.base}/oauth/token`,
        body: 'grant_type=client_credentials',
        headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: kit.basic },
      });
  }
}

/** The hub's own process (scripts/start.mjs), whose CPU is read from /proc. */
function hubPid(run: Running): number {
  const pid = hubTree(run).hub[0]?.pid;
  if (!pid) throw new Error(`the hub's process is gone:\n${run.output.join('')}`);
  return pid;
}

/** utime + stime of the process and of the children it waited for (cutime, cstime), in ms. */
function cpuWithChildrenMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return [11, 12, 13, 14].reduce((n, i) => n + Number(fields[i]), 0) * 10;
  } catch {
    return 0;
  }
}

/** Each endpoint alone for SOLO_REQUESTS × SOLO requests, one after the other: the hub's CPU per request answered (ms). */
async function soloLoads(run: Running, kit: LoadKit): Promise<Record<Endpoint, number>> {
  const pid = hubPid(run);
  const perRequest = {} as Record<Endpoint, number>;
  for (const e of ENDPOINTS) {
    const before = cpuMs(pid);
    const amount = Math.max(1, Math.round(SOLO_REQUESTS[e] * SOLO));
    const r = await endpointLoad(run, kit, e, {
      duration: READY_TIMEOUT_MS / 1000,
      connections: SOLO_CONNECTIONS,
      amount,
    });
    perRequest[e] = (cpuMs(pid) - before) / Math.max(1, r.ok);
    if (r.non2xx || r.errors) console.warn(`  ! alone, ${e}: ${r.non2xx} non-2xx, ${r.errors} errors of ${r.total}`);
  }
  return perRequest;
}

async function mixedLoad(
  run: Running,
  kit: LoadKit,
): Promise<{ peakMb: number; cpuPerRequest: number; load: Record<Endpoint, CannonResult> }> {
  const pid = hubPid(run);
  const cpuBefore = cpuMs(pid);
  const runs = Object.fromEntries(
    ENDPOINTS.map((e) => [e, endpointLoad(run, kit, e, { duration: DURATION, connections: CONNECTIONS })]),
  ) as Record<Endpoint, Promise<CannonResult>>;
  let done = false;
  const all = Promise.all(ENDPOINTS.map((e) => runs[e])).finally(() => (done = true));
  let peakMb = 0;
  // Bounded: the loads end after DURATION s (plus their start-up); never sample for more than 5× that.
  for (let i = 0; !done && i < (DURATION * 5 + 30) * 5; i++) {
    peakMb = Math.max(peakMb, sumRss(hubTree(run).hub));
    await sleep(200);
  }
  const results = await all;
  const answered = results.reduce((n, r) => n + r.ok, 0);
  return {
    peakMb,
    cpuPerRequest: (cpuMs(pid) - cpuBefore) / Math.max(1, answered),
    load: Object.fromEntries(ENDPOINTS.map((e, i) => [e, results[i]])) as Record<Endpoint, CannonResult>,
  };
}

/** SIGTERM to the whole group, then SIGKILL after 15 s; how many of its processes outlived the TERM wait. */
async function stopGroup(run: Running): Promise<number> {
  const pgrp = run.npm.pid!;
  const signal = (s: NodeJS.Signals) => {
    try {
      process.kill(-pgrp, s);
    } catch {
      // The group is gone already.
    }
  };
  signal('SIGTERM');
  for (let i = 0; i < 150 && listProcessGroup(pgrp).length > 0; i++) await sleep(100);
  const left = listProcessGroup(pgrp).length;
  if (left) signal('SIGKILL');
  return left;
}

async function measureHub(c: Contender): Promise<Figures> {
  const t0 = performance.now();
  const { run, dataDir } = await startHub(c);
  let kit: LoadKit | undefined;
  try {
    const figures = await measureStarted(run, t0, (k) => (kit = k));
    if (RESTART && kit) figures.restart = await measureRestart(c, dataDir, kit);
    return figures;
  } finally {
    await stopGroup(run);
    if (kit) rmSync(kit.bodiesFile, { force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The same hub started again on the directory it made (nothing rebuilt): ready, idle RSS, each endpoint alone. */
async function measureRestart(c: Contender, dataDir: string, kit: LoadKit): Promise<Figures['restart']> {
  const t0 = performance.now();
  const { run } = await startHub(c, dataDir);
  try {
    const readyMs = await waitReady(run, t0);
    const idleMb = await settledRss(run);
    const solo = SOLO > 0 ? await soloLoads(run, kit) : undefined;
    const again = SOLO > 0 ? await soloLoads(run, kit) : undefined;
    return { readyMs, idleMb, solo, again };
  } finally {
    await stopGroup(run);
  }
}

async function measureStarted(run: Running, t0: number, onKit: (kit: LoadKit) => void): Promise<Figures> {
  const readyMs = await waitReady(run, t0);
  const idleMb = await settledRss(run);
  const startCpuMs = cpuWithChildrenMs(hubPid(run));
  const { hub, all } = hubTree(run);
  // npm and its shell: the hub's ancestors in the group. Anything else that is not the hub's own
  // process is left over, its child or an orphan that kept the group (a build's service process).
  const wrappers: ProcessInfo[] = [];
  for (let p = all.find((q) => q.pid === hub[0]?.ppid); p; p = all.find((q) => q.pid === p!.ppid)) wrappers.push(p);
  const npmMb = sumRss(wrappers);
  const others = all.filter((p) => p !== hub[0] && !wrappers.includes(p));
  const kit = await prepareLoad(run);
  onKit(kit);
  const { peakMb, cpuPerRequest, load } = await mixedLoad(run, kit);
  const afterLoadMb = await settledRss(run);
  const solo = SOLO > 0 ? await soloLoads(run, kit) : undefined;
  const leftAfterStop = await stopGroup(run);
  const built = run.output.some((l) => l.includes('Building the server'));
  return {
    readyMs,
    built,
    idleMb,
    npmMb,
    loadPeakMb: peakMb,
    afterLoadMb,
    others,
    leftAfterStop,
    load,
    mixedCpuPerRequest: cpuPerRequest,
    startCpuMs,
    solo,
  };
}

async function main() {
  const cpu = os.cpus();
  console.log(
    `bench:embedded — ${new Date().toISOString()} — ${cpu[0]?.model ?? 'cpu'} ×${cpu.length}, ` +
      `${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, load average ${loadAverage()}`,
  );
  console.log(
    `npm start from a clean data directory, build=${BUILD}; mixed load: ${ENDPOINTS.join(', ')} at once, ` +
      `${CONNECTIONS} connections each, ${DURATION} s, ${REPS} rep(s); the machine may be shared.\n`,
  );
  const contenders: Contender[] = [{ key: 'hub', label: 'this checkout', cwd: root }];
  if (BASELINE) contenders.push({ key: 'baseline', label: `baseline ${BASELINE}`, cwd: path.resolve(BASELINE) });
  const results = new Map<string, Figures[]>(contenders.map((c) => [c.key, []]));
  for (let rep = 0; rep < REPS; rep++) {
    const order = rep % 2 ? [...contenders].reverse() : contenders;
    for (const c of order) {
      const f = await measureHub(c);
      results.get(c.key)!.push(f);
      for (const e of ENDPOINTS) {
        const r = f.load[e];
        if (r.non2xx || r.errors)
          console.warn(`  ! ${c.label} ${e}: ${r.non2xx} non-2xx, ${r.errors} errors of ${r.total}`);
      }
      for (const p of f.others)
        console.warn(`  ! ${c.label}: still running beside the hub: ${p.command.slice(0, 120)}`);
    }
    console.log(`  rep ${rep + 1}/${REPS} done, load average ${loadAverage()}`);
  }

  const med = (fs: Figures[], pick: (f: Figures) => number, d = 0) => fmt(median(fs.map(pick)), d);
  console.log(
    '\n| hub | start → ready s | built the server | RSS idle MB | RSS peak under load MB | RSS after load MB ' +
      '| npm wrapper MB | other processes | left after stop |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const c of contenders) {
    const fs = results.get(c.key)!;
    console.log(
      `| ${c.label} | ${med(fs, (f) => f.readyMs / 1000, 1)} | ${fs.map((f) => (f.built ? 'yes' : 'no')).join(', ')} ` +
        `| ${med(fs, (f) => f.idleMb)} | ${med(fs, (f) => f.loadPeakMb)} | ${med(fs, (f) => f.afterLoadMb)} ` +
        `| ${med(fs, (f) => f.npmMb)} | ${fs.map((f) => f.others.length).join(', ')} ` +
        `| ${fs.map((f) => f.leftAfterStop).join(', ')} |`,
    );
  }
  console.log(`\n| hub | ${ENDPOINTS.map((e) => `${e} req/s (non-2xx)`).join(' | ')} |`);
  console.log(`|---|${ENDPOINTS.map(() => '---').join('|')}|`);
  for (const c of contenders) {
    const fs = results.get(c.key)!;
    const cells = ENDPOINTS.map(
      (e) => `${med(fs, (f) => f.load[e].rps)} (${fs.map((f) => f.load[e].non2xx + f.load[e].errors).join(', ')})`,
    );
    console.log(`| ${c.label} | ${cells.join(' | ')} |`);
  }

  const soloCells = (fs: Figures[], pick: (f: Figures) => Record<Endpoint, number> | undefined) =>
    ENDPOINTS.map((e) => (fs.every((f) => pick(f)) ? med(fs, (f) => pick(f)![e], 2) : '—')).join(' | ');
  console.log(
    `\n| hub CPU | start CPU s (with its builds) | ms per request, mixed load | ${ENDPOINTS.map((e) => `${e} alone ms/req`).join(' | ')} |`,
  );
  console.log(`|---|---|---|${ENDPOINTS.map(() => '---').join('|')}|`);
  for (const c of contenders) {
    const fs = results.get(c.key)!;
    console.log(
      `| ${c.label} | ${med(fs, (f) => f.startCpuMs / 1000, 1)} | ${med(fs, (f) => f.mixedCpuPerRequest, 2)} ` +
        `| ${soloCells(fs, (f) => f.solo)} |`,
    );
  }
  if (RESTART) {
    console.log(
      `\n| restarted on its directory | start → ready s | RSS idle MB | ${ENDPOINTS.map((e) => `${e} alone ms/req`).join(' | ')} |`,
    );
    console.log(`|---|---|---|${ENDPOINTS.map(() => '---').join('|')}|`);
    for (const c of contenders) {
      const fs = results.get(c.key)!.filter((f) => f.restart);
      if (!fs.length) continue;
      console.log(
        `| ${c.label} | ${med(fs, (f) => f.restart!.readyMs / 1000, 1)} | ${med(fs, (f) => f.restart!.idleMb)} ` +
          `| ${soloCells(fs, (f) => f.restart!.solo)} |`,
      );
      console.log(`| ${c.label}, the same again | | | ${soloCells(fs, (f) => f.restart!.again)} |`);
    }
  }

  const mine = results.get('hub')!;
  console.log('\n| goal (this checkout) | median | per rep | value / goal | met |');
  console.log('|---|---|---|---|---|');
  const goalRow = (label: string, values: number[], goal: number) =>
    console.log(
      `| ${label} | ${fmt(median(values))} | ${values.map((v) => fmt(v)).join(', ')} ` +
        `| ${fmt(median(values) / goal, 2)}× | ${median(values) <= goal ? 'yes' : 'no'} |`,
    );
  goalRow(
    `start → ready s, from a clean data directory (goal ≤ ${GOAL.readyS})`,
    mine.map((f) => f.readyMs / 1000),
    GOAL.readyS,
  );
  goalRow(
    `RSS idle MB (goal ≤ ${GOAL.idleMb})`,
    mine.map((f) => f.idleMb),
    GOAL.idleMb,
  );
  goalRow(
    `RSS under the mixed load MB (goal ≤ ${GOAL.loadMb})`,
    mine.map((f) => f.loadPeakMb),
    GOAL.loadMb,
  );
  if (RESTART && mine.every((f) => f.restart)) {
    goalRow(
      `RSS idle after a restart MB (goal ≤ ${GOAL.idleMb})`,
      mine.map((f) => f.restart!.idleMb),
      GOAL.idleMb,
    );
  }
  const leftovers = mine.map((f) => f.others.length);
  console.log(
    `| processes beside the hub once started (goal 0) | ${median(leftovers)} | ${leftovers.join(', ')} | — ` +
      `| ${leftovers.every((n) => n === 0) ? 'yes' : 'no'} |`,
  );
  const base = results.get('baseline');
  if (base) {
    console.log('\n| this checkout / baseline (within each rep) | median | per rep |');
    console.log('|---|---|---|');
    const ratio = (label: string, pick: (f: Figures) => number) =>
      console.log(`| ${label} | ${ratioCells(mine.map((f, i) => pick(f) / pick(base[i])))} |`);
    ratio('RSS idle', (f) => f.idleMb);
    ratio('RSS peak under load', (f) => f.loadPeakMb);
    ratio('start → ready time', (f) => f.readyMs);
    for (const e of ENDPOINTS) ratio(`${e} req/s`, (f) => f.load[e].rps);
    ratio('start CPU (with its builds)', (f) => f.startCpuMs);
    ratio('CPU per request, mixed load', (f) => f.mixedCpuPerRequest);
    if (SOLO > 0) for (const e of ENDPOINTS) ratio(`CPU per request, ${e} alone`, (f) => f.solo![e]);
    if (RESTART) {
      ratio('restart: RSS idle', (f) => f.restart!.idleMb);
      ratio('restart: start → ready time', (f) => f.restart!.readyMs);
      if (SOLO > 0)
        for (const e of ENDPOINTS) {
          ratio(`restart: CPU per request, ${e} alone`, (f) => f.restart!.solo![e]);
          ratio(`restart: CPU per request, ${e} alone again`, (f) => f.restart!.again![e]);
        }
    }
  }
  console.log(`\nload average at the end: ${loadAverage()}`);
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
