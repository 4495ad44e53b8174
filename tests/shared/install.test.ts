import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../src/server/paths';

const run = promisify(execFile);

/**
 * `npm ci` of the committed lock file prints no warning a newcomer would have to judge (issue 32):
 * - no EBADENGINE: every package supports the Node versions package.json declares. cookie@2 and
 *   content-disposition@3 want Node 22; package.json "overrides" gives their dependents
 *   (@fastify/cookie, light-my-request, @fastify/static) cookie@1.1 and content-disposition@2,
 *   which export the same functions those packages call.
 * - no install-scripts warning: every install script is decided in "allowScripts" (esbuild's
 *   postinstall checks its platform binary and links it in place of the JS shim).
 *
 * The dry run installs nothing; it runs in a copy of package.json and the lock, so the check is
 * the same whatever node_modules holds.
 */
describe('npm install', () => {
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'hub-install-'));
    for (const file of ['package.json', 'package-lock.json']) {
      await copyFile(path.join(PROJECT_ROOT, file), path.join(dir, file));
    }
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('prints no EBADENGINE and no install-scripts warning', { timeout: 240_000 }, async () => {
    const { stdout, stderr } = await run('npm', ['ci', '--dry-run', '--no-audit', '--no-fund'], {
      cwd: dir,
      maxBuffer: 16 * 1024 * 1024,
    });
    const warnings = `${stdout}\n${stderr}`.split('\n').filter((line) => line.startsWith('npm warn'));
    expect(warnings.filter((line) => line.includes('EBADENGINE'))).toEqual([]);
    expect(warnings.filter((line) => line.includes('install-scripts'))).toEqual([]);
    // The dry run really resolved the tree (an npm that failed early would print nothing).
    expect(stdout).toMatch(/added \d+ packages/);
  });
});
