/**
 * CPU time from /proc (Linux): user + system ticks of a process, including all its threads
 * (libuv's crypto pool too), and of the PostgreSQL backends serving one database.
 */
import { readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';

const TICK_MS = 10; // CLK_TCK = 100 on Linux

/** utime + stime of a process in ms, or 0 when it is gone. */
export function cpuMs(pid: number, file = `/proc/${pid}/stat`): number {
  const { user, system } = cpuSplitMs(pid, file);
  return user + system;
}

/** utime and stime of a process in ms (the kernel's share apart), or zeros when it is gone. */
export function cpuSplitMs(pid: number, file = `/proc/${pid}/stat`): { user: number; system: number } {
  try {
    const stat = readFileSync(file, 'utf8');
    // Fields after the command name (which may contain spaces) start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { user: Number(fields[11]) * TICK_MS, system: Number(fields[12]) * TICK_MS };
  } catch {
    return { user: 0, system: 0 };
  }
}

/** CPU so far of each of a process's threads, in ms, by thread id (the main thread's id is the pid). */
export function threadCpuMs(pid: number): Map<number, number> {
  const out = new Map<number, number>();
  let tids: string[] = [];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return out;
  }
  for (const tid of tids) out.set(Number(tid), cpuMs(pid, `/proc/${pid}/task/${tid}/stat`));
  return out;
}

/**
 * Where a Node process's CPU went between two `threadCpuMs` readings: its main thread, libuv's
 * pool (the `poolSize` busiest other threads — where argon2 hashes; Node 20 names no thread, so
 * they are told apart by their work) and the rest (V8's GC and compiler helpers).
 */
export function threadSplit(
  pid: number,
  before: Map<number, number>,
  after: Map<number, number>,
  poolSize = Number(process.env.UV_THREADPOOL_SIZE ?? 4),
): { main: number; pool: number; helpers: number } {
  const others = [...after]
    .filter(([tid]) => tid !== pid)
    .map(([tid, ms]) => ms - (before.get(tid) ?? 0))
    .sort((a, b) => b - a);
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  return {
    main: (after.get(pid) ?? 0) - (before.get(pid) ?? 0),
    pool: sum(others.slice(0, poolSize)),
    helpers: sum(others.slice(poolSize)),
  };
}

/** The backends of one database, by pid, with their CPU so far. */
export async function backendCpu(adminUrl: string, database: string): Promise<Map<number, number>> {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    const { rows } = await c.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [database]);
    return new Map(rows.map((r) => [r.pid, cpuMs(r.pid)]));
  } finally {
    await c.end();
  }
}

/** CPU the database's backends spent between two snapshots (backends new since the first count from 0). */
export function backendDelta(before: Map<number, number>, after: Map<number, number>): number {
  let ms = 0;
  for (const [pid, end] of after) ms += end - (before.get(pid) ?? 0);
  return ms;
}

/** Resident set size now and its peak so far (VmRSS, VmHWM), in MB; zeros when the process is gone. */
export function rssMb(pid: number): { rss: number; peak: number } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
    return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
  } catch {
    return { rss: 0, peak: 0 };
  }
}

/** The 1-, 5- and 15-minute load averages, for the record next to every figure. */
export function loadAverage(): string {
  return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
}

/**
 * How often a process's main thread left its CPU so far: `voluntary` when it blocked (an idle
 * event loop waiting in epoll), `involuntary` when the scheduler took the CPU from it while it
 * could run (another process's turn). Zeros when it is gone.
 */
export function contextSwitches(pid: number): { voluntary: number; involuntary: number } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
    return { voluntary: field('voluntary_ctxt_switches'), involuntary: field('nonvoluntary_ctxt_switches') };
  } catch {
    return { voluntary: 0, involuntary: 0 };
  }
}
