/** What the benchmarks print: medians over interleaved reps, as Markdown table rows. */
import { rssMb } from './proc';
import type { Server } from './servers';

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

export const fmt = (n: number | null, d = 0) =>
  n === null ? '—' : n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });

export const dbName = (url: string) => new URL(url).pathname.slice(1);

/** One contender's reps, per request: rate, latency, server and PostgreSQL CPU, round trips. */
export interface RepFigures {
  rps: number;
  p50: number;
  p99: number;
  serverUs: number;
  dbUs: number | null;
  roundTrips: number | null;
}

/** `rate median (min–max) | p50 / p99 | server µs | PostgreSQL µs | round trips` of the reps. */
export function figureCells(reps: RepFigures[], roundTripDigits = 2): string {
  const rps = reps.map((m) => m.rps);
  const db = reps.map((m) => m.dbUs).filter((x): x is number => x !== null);
  const rt = reps.map((m) => m.roundTrips).filter((x): x is number => x !== null);
  return [
    `${fmt(median(rps))} (${fmt(Math.min(...rps))}–${fmt(Math.max(...rps))})`,
    `${median(reps.map((m) => m.p50))} / ${median(reps.map((m) => m.p99))}`,
    fmt(median(reps.map((m) => m.serverUs))),
    db.length ? fmt(median(db)) : '—',
    rt.length ? fmt(median(rt), roundTripDigits) : '—',
  ].join(' | ');
}

/** `median× | per rep` of ratios taken within each rep. */
export function ratioCells(ratios: number[]): string {
  return `${fmt(median(ratios), 2)}× | ${ratios.map((x) => `${fmt(x, 2)}×`).join(', ')}`;
}

/** The RSS table: idle (read before the first rep) and peak (VmHWM) per server. */
export function printRss(servers: Server[], idle: Map<string, number>) {
  console.log('\n| server | RSS idle MB | RSS peak MB (VmHWM) |');
  console.log('|---|---|---|');
  for (const s of servers)
    console.log(`| ${s.name} | ${fmt(idle.get(s.name) ?? 0)} | ${fmt(rssMb(s.child.pid!).peak)} |`);
}
