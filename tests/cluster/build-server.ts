import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { serverBuildIsStale } from '../../scripts/build-server.mjs';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * Builds the server bundle once before the cluster files, unless it is newer than its sources:
 * their nodes then run it as `npm start` does (scripts/cluster/cluster.ts nodeCommand), not the
 * sources under tsx, which cost each of a run's ~35 node starts ~2 CPU-seconds of compiling.
 */
export default function setup() {
  if (!serverBuildIsStale()) return;
  const r = spawnSync(process.execPath, [path.join(root, 'scripts/build-server.mjs')], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('server build failed');
}
