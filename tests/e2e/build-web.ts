import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { ensurePgliteTemplate } from '../helpers/pglite-template';

const root = path.resolve(import.meta.dirname, '../..');

function newest(dir: string): number {
  let n = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, e.name);
    n = Math.max(n, e.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return n;
}

/** Builds the SPA once before the browser journeys, unless dist/web is already newer than its sources. */
export default async function setup() {
  await ensurePgliteTemplate();
  const index = path.join(root, 'dist/web/index.html');
  const stale =
    !existsSync(index) ||
    Math.max(newest(path.join(root, 'src/web')), newest(path.join(root, 'src/shared'))) > statSync(index).mtimeMs;
  if (!stale) return;
  const r = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: root,
      stdio: 'inherit',
      // Vitest sets NODE_ENV=test, and Vite would then bundle React's development build
      // (500 KB): the browser tests must run, and weigh, what production serves.
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
  if (r.status !== 0) throw new Error('vite build failed');
}
