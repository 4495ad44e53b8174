/**
 * BENCH_PERF=<folder>: a CPU-time profile of chosen processes over one measured run, taken by
 * Linux `perf` on its software clock (`cpu-clock`), so it counts only time on a CPU, kernel
 * included. V8's own profiler (BENCH_CPU_PROF) samples on wall time: a thread descheduled in the
 * middle of a `writev` is charged to `writev` for as long as it waits for a core, which on a
 * shared machine tells how long, not how much. Run the hubs with NODE_OPTIONS=--perf-basic-prof
 * so their JavaScript frames have names; summarise with `perf report -i <file> --sort sym`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync } from 'node:fs';
import path from 'node:path';

export interface PerfRecording {
  /** Stops the recording and resolves with its file once perf has written it. */
  stop(): Promise<string>;
}

/** BENCH_PERF_CALLGRAPH=fp|dwarf|lbr: record call stacks too (`perf report --children` then gives inclusive time). */
function callGraph(): string[] {
  const mode = process.env.BENCH_PERF_CALLGRAPH;
  return mode ? ['--call-graph', mode] : [];
}

/** Starts `perf record` on `pids` when BENCH_PERF is set, else returns null. */
export async function startPerf(pids: number[], label: string): Promise<PerfRecording | null> {
  const dir = process.env.BENCH_PERF;
  if (!dir) return null;
  mkdirSync(path.resolve(dir), { recursive: true });
  const file = path.join(path.resolve(dir), `${label}.data`);
  const child: ChildProcess = spawn(
    'perf',
    ['record', '-q', '-e', 'cpu-clock', '-F', '997', ...callGraph(), '-p', pids.join(','), '-o', file],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  await once(child, 'spawn');
  return {
    async stop() {
      const exited = once(child, 'exit');
      child.kill('SIGINT');
      await exited;
      return file;
    },
  };
}
