/**
 * The previous release's tree, for the rolling-upgrade test: the commit named in
 * .ci/previous-release (a commit, not a tag — tags may not survive a clone), extracted from this
 * clone's own history with `git archive` into a temporary directory. It runs on this tree's
 * node_modules (a symlink) when both releases lock the same dependencies; otherwise it says so,
 * since installing packages is not something a test should do behind the operator's back.
 */
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export function previousReleaseCommit(): string {
  return readFileSync(path.join(ROOT, '.ci', 'previous-release'), 'utf8').trim();
}

/** The previous release's project root (extracted once per commit and machine). */
export function previousReleaseTree(commit = previousReleaseCommit()): string {
  const git = (args: string[]) => execFileSync('git', args, { cwd: ROOT, maxBuffer: 1 << 28 });
  let full: string;
  try {
    full = git(['rev-parse', '--verify', `${commit}^{commit}`])
      .toString()
      .trim();
  } catch {
    throw new Error(
      `The previous release ${commit} (.ci/previous-release) is not in this clone: git fetch --unshallow`,
    );
  }
  const lock = (rev: string) => git(['show', `${rev}:package-lock.json`]).toString();
  if (lock(full) !== readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) {
    throw new Error(
      `The previous release ${commit} locks other dependencies than this tree: run \`npm ci\` in an extracted ` +
        'copy of it (git archive) and point the rolling-upgrade test at that copy; it cannot share node_modules.',
    );
  }
  // One tree per release and per checkout: its node_modules is a link to this checkout's, so a tree made
  // from another checkout (since removed: a worktree) would load nothing.
  const checkout = createHash('sha256').update(ROOT).digest('hex').slice(0, 8);
  const tree = path.join(os.tmpdir(), `hub-release-${full.slice(0, 12)}-${checkout}`);
  if (isWhole(tree)) return tree;
  rmSync(tree, { recursive: true, force: true });
  const tmp = `${tree}.${process.pid}.tmp`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  execFileSync('sh', ['-c', `git archive --format=tar ${full} | tar -x -C "${tmp}"`], { cwd: ROOT });
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(tmp, 'node_modules'));
  // Its server bundle, built once here: its nodes then start as its `npm start` ran them
  // (scripts/cluster/cluster.ts nodeCommand), not under tsx, which compiled ~1,100 modules per start.
  if (existsSync(path.join(tmp, BUILD_SCRIPT)))
    execFileSync(process.execPath, [BUILD_SCRIPT], { cwd: tmp, stdio: ['ignore', 'ignore', 'inherit'] });
  renameSync(tmp, tree);
  return tree;
}

const BUILD_SCRIPT = path.join('scripts', 'build-server.mjs');

/** The server bundle of an extracted release, when it has one (releases since the bundle was introduced). */
export function releaseBundle(tree: string): string | null {
  const bundle = path.join(tree, 'dist', 'server', 'main.js');
  return existsSync(bundle) ? bundle : null;
}

/** Extracted, linked to node_modules, and built when the release can be built. */
function isWhole(tree: string): boolean {
  if (!existsSync(path.join(tree, 'package.json')) || !existsSync(path.join(tree, 'node_modules', 'tsx'))) return false;
  return !existsSync(path.join(tree, BUILD_SCRIPT)) || releaseBundle(tree) !== null;
}
