/**
 * `node scripts/parallel.mjs typecheck size`: runs the named npm scripts at once (they read the
 * sources and write nothing the other reads), prints each one's output whole when it ends, and
 * exits 1 if any failed. `npm test` runs the type check and the bundle budget this way before
 * the suite: one after the other they left one of two cores idle for most of a minute.
 */
import { spawn } from 'node:child_process';

const names = process.argv.slice(2);
if (names.length === 0) {
  console.error('usage: node scripts/parallel.mjs SCRIPT [SCRIPT ...]');
  process.exit(2);
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const results = await Promise.all(
  names.map(
    (name) =>
      new Promise((resolve) => {
        const started = Date.now();
        const out = [];
        const child = spawn(npm, ['run', name], { stdio: ['ignore', 'pipe', 'pipe'] });
        child.stdout.on('data', (d) => out.push(d));
        child.stderr.on('data', (d) => out.push(d));
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
