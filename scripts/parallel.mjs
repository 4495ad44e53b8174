/**
 * `node scripts/parallel.mjs typecheck --live=suite`: runs the named npm scripts at once (they
 * read the sources and write nothing the other reads) and exits 1 if any failed. Each one's
 * output is printed whole when it ends, so that two scripts' lines never interleave; the one named
 * with `--live=` writes straight through instead (the test suite, whose progress a person watches
 * for minutes), and the others' blocks appear between its lines when they end.
 *
 * `npm test` runs the type check beside the bundle budget and the suite this way: one after the
 * other, the type check (~100 CPU-seconds on one core) left the second core to the build alone,
 * and the suite's own idle moments (a group of files waiting for its longest, the last file alone)
 * had nothing to fill them.
 */
import { spawn } from 'node:child_process';

const args = process.argv.slice(2);
const live = args.find((a) => a.startsWith('--live='))?.slice('--live='.length);
const names = [...args.filter((a) => !a.startsWith('--')), ...(live ? [live] : [])];
if (names.length === 0 || args.some((a) => a.startsWith('--') && !a.startsWith('--live='))) {
  console.error('usage: node scripts/parallel.mjs SCRIPT [SCRIPT ...] [--live=SCRIPT]');
  process.exit(2);
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const results = await Promise.all(
  names.map(
    (name) =>
      new Promise((resolve) => {
        const started = Date.now();
        const streamed = name === live;
        const out = [];
        const child = spawn(npm, ['run', name], {
          stdio: ['ignore', streamed ? 'inherit' : 'pipe', streamed ? 'inherit' : 'pipe'],
        });
        if (!streamed) {
          child.stdout.on('data', (d) => out.push(d));
          child.stderr.on('data', (d) => out.push(d));
        }
        child.on('error', (e) => out.push(Buffer.from(`${e.message}\n`)));
        child.on('close', (code, signal) => {
          const seconds = ((Date.now() - started) / 1000).toFixed(1);
          process.stdout.write(`\n> npm run ${name} (${seconds} s, ${signal ?? `exit ${code}`})\n`);
          process.stdout.write(Buffer.concat(out));
          resolve(code === 0);
        });
      }),
  ),
);
process.exit(results.every(Boolean) ? 0 : 1);
