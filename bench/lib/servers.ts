/** Starting, probing and stopping the benchmarked servers, each in its own process, and driving autocannon. */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface CannonResult {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  total: number;
  /** 2xx answers: what the server actually answered (the durability check counts these). */
  ok: number;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

export interface Server {
  name: string;
  base: string;
  child: ChildProcess;
  /** Statements its PostgreSQL driver sent so far (undefined when it has none). */
  queries(): Promise<number | undefined>;
}

/**
 * BENCH_CPU_PROF=<folder>: the hub (servers whose name starts with "hub") writes a V8 CPU profile
 * there when it stops (`node --cpu-prof`); summarise it with `node bench/lib/profile-summary.mjs <file>`.
 */
function profileFlags(name: string): string[] {
  const dir = process.env.BENCH_CPU_PROF;
  return dir && name.startsWith('hub') ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(dir)}`] : [];
}

/**
 * BENCH_MEMORY=<folder>: the hubs sample their memory (bench/lib/memory-sample.mjs) and write what
 * held their RSS peak there when they stop, as `memory-<pid>.json`.
 * BENCH_HUB_NODE_FLAGS="<flags>": Node/V8 flags for the hub under test alone (not a --baseline),
 * to try a flag against the same code in one run.
 */
function memoryFlags(name: string): string[] {
  const sampler = process.env.BENCH_MEMORY ? ['--import', path.join(root, 'bench/lib/memory-sample.mjs')] : [];
  const extra = name === 'hub' ? (process.env.BENCH_HUB_NODE_FLAGS ?? '').split(' ').filter(Boolean) : [];
  return name.startsWith('hub') ? [...extra, ...sampler] : [];
}

/**
 * The summaries (bench/lib/profile-summary.mjs) of the CPU profiles the stopped hubs among `servers`
 * wrote under BENCH_CPU_PROF, over their last `windowS` seconds (the measured reps, not the start-up).
 */
export function printHubProfiles(servers: Server[], windowS: number, top = 30) {
  const dir = process.env.BENCH_CPU_PROF;
  if (!dir) return;
  const files = readdirSync(path.resolve(dir));
  for (const s of servers) {
    const file = files.find((f) => f.endsWith('.cpuprofile') && f.includes(`.${s.child.pid}.`));
    if (!s.name.startsWith('hub') || !file) continue;
    const summary = path.join(root, 'bench/lib/profile-summary.mjs');
    const r = spawnSync(process.execPath, [summary, path.join(path.resolve(dir), file), String(top), String(windowS)], {
      encoding: 'utf8',
    });
    console.log(`\n### CPU profile of ${s.name} (${file}), last ${windowS} s\n\n\`\`\`\n${r.stdout.trim()}\n\`\`\``);
  }
}

/**
 * The hub as `npm start` runs it: the compiled bundle, built first (scripts/build-server.mjs);
 * a checkout without that build step (an older --baseline) runs its TypeScript under tsx.
 */
export function hubEntry(cwd = root): string {
  const build = path.join(cwd, 'scripts/build-server.mjs');
  if (!existsSync(build)) return 'src/server/main.ts';
  const r = spawnSync(process.execPath, [build], { cwd, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`${cwd}: server build failed`);
  return 'dist/server/main.js';
}

/** Starts `script` (TypeScript under tsx, or compiled JavaScript) with the query counter preloaded; resolves when it answers HTTP. */
export async function startServer(
  name: string,
  script: string,
  env: Record<string, string>,
  /** Another checkout to run the script from (a baseline build of the hub). */
  cwd = root,
): Promise<Server> {
  const port = await freePort();
  const countFile = path.join(os.tmpdir(), `bench-queries-${process.pid}-${port}`);
  rmSync(countFile, { force: true });
  // The counter comes from this checkout; the script (and its tsx, pg, …) from `cwd`'s.
  // Compiled JavaScript runs as production runs it, without tsx (its loader costs memory and start-up).
  const loader = /\.m?js$/.test(script) ? [] : ['--import', 'tsx'];
  const child = spawn(
    process.execPath,
    [
      ...loader,
      ...profileFlags(name),
      ...memoryFlags(name),
      '--import',
      path.join(root, 'bench/lib/count-queries.mjs'),
      script,
    ],
    {
      cwd,
      env: {
        ...process.env,
        ...env,
        PORT: String(port),
        HUB_PUBLIC_URL: `http://127.0.0.1:${port}`,
        BENCH_QUERY_COUNT_FILE: countFile,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stderr!.on('data', (d) => {
    const line = String(d);
    if (!/Unsupported runtime|ExperimentalWarning|--import/.test(line)) process.stderr.write(`[${name}] ${line}`);
  });
  child.stdout!.resume();
  const base = `http://127.0.0.1:${port}`;
  await waitUp(`${base}/oauth/token`, child);
  if (process.env.BENCH_MEMORY && name.startsWith('hub')) console.log(`  ${name}: pid ${child.pid}`);
  let seq = 0;
  return {
    name,
    base,
    child,
    async queries() {
      seq += 1;
      child.kill('SIGUSR2');
      for (let i = 0; i < 500; i++) {
        if (existsSync(countFile)) {
          const [count, got] = readFileSync(countFile, 'utf8').split(' ').map(Number);
          if (got === seq) return count;
        }
        await new Promise((r) => setTimeout(r, 10));
      }
      return undefined;
    },
  };
}

async function waitUp(url: string, child: ChildProcess) {
  for (let i = 0; i < 600; i += 1) {
    if (child.exitCode !== null) throw new Error(`${url}: server exited with ${child.exitCode}`);
    try {
      await fetch(url, { method: 'POST' });
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`${url} did not come up`);
}

export async function stopServer(s: Server) {
  if (s.child.exitCode !== null) return;
  const done = new Promise((r) => s.child.once('exit', r));
  s.child.kill('SIGTERM');
  await Promise.race([done, new Promise((r) => setTimeout(r, 5000))]);
  if (s.child.exitCode === null) s.child.kill('SIGKILL');
}

/** One autocannon run in its own process. */
export function cannon(opts: {
  url: string;
  method?: 'GET' | 'POST';
  body: string;
  /** One body a line, taken in rotation (bench/autocannon-run.ts). */
  bodiesFile?: string;
  headers: Record<string, string>;
  duration: number;
  connections: number;
  /** Stop after this many requests instead. */
  amount?: number;
  /** A fresh DPoP proof per request (bench/autocannon-run.ts). */
  dpop?: { privateJwk: Record<string, string>; htm: string; htu: string; perSecond?: number };
  /** Requests per second offered in all (autocannon's overallRate) instead of as many as answered. */
  overallRate?: number;
}): Promise<CannonResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/autocannon-run.ts', JSON.stringify(opts)], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out.trim().split('\n').pop()!)) : reject(new Error(`autocannon exited ${code}`)),
    );
  });
}

/** Runs a load-generating script of this checkout in its own process: one JSON argument in, one JSON line out. */
export function runJson<T>(script: string, input: unknown): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, JSON.stringify(input)], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(out.trim().split('\n').pop()!) as T)
        : reject(new Error(`${script} exited ${code}`)),
    );
  });
}
