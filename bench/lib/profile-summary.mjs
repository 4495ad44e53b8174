/**
 * node bench/lib/profile-summary.mjs <file.cpuprofile> [top=25] [lastSeconds]
 * A V8 CPU profile (node --cpu-prof) as text: the functions with the most self time and the most
 * inclusive time, as shares of the window (by default the whole profile; with lastSeconds only
 * its end, i.e. the load rather than the start-up). Shares are of the busy time (idle samples
 * left out; the idle share is printed apart).
 */
import { readFileSync } from 'node:fs';

const [file, topArg, lastArg] = process.argv.slice(2);
const top = Number(topArg ?? 25);
const p = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(p.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
let t = p.startTime;
const stamps = p.timeDeltas.map((d) => (t += d));
const from = lastArg ? p.endTime - Number(lastArg) * 1e6 : -Infinity;
const name = (n) =>
  `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.split('/').slice(-2).join('/')}:${n.callFrame.lineNumber + 1}`;
const self = new Map();
const incl = new Map();
let total = 0;
let idle = 0;
p.samples.forEach((id, i) => {
  if (stamps[i] < from) return;
  const d = p.timeDeltas[i];
  const k = name(byId.get(id));
  if (k.startsWith('(idle)')) {
    idle += d;
    return;
  }
  total += d;
  self.set(k, (self.get(k) ?? 0) + d);
  const seen = new Set();
  for (let c = id; c !== undefined; c = parent.get(c)) {
    const kk = name(byId.get(c));
    if (!seen.has(kk)) {
      seen.add(kk);
      incl.set(kk, (incl.get(kk) ?? 0) + d);
    }
  }
});
const pct = (us) => `${((us / total) * 100).toFixed(1).padStart(5)} %`;
console.log(
  `busy: ${(total / 1e6).toFixed(1)} s, idle: ${(idle / 1e6).toFixed(1)} s (${((idle / (idle + total)) * 100).toFixed(0)} %)`,
);
console.log('\nself time');
for (const [k, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(pct(us), k);
console.log('\ninclusive time');
for (const [k, us] of [...incl].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(pct(us), k);
