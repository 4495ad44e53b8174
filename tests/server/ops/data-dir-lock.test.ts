import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../src/server/db/client';
import { claimDataDir, DataDirInUseError } from '../../../src/server/db/data-dir-lock';

/** A pid that no process holds any more: a child that has exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}

/**
 * Two PGlite instances on the same files corrupt them: an embedded database is claimed by one
 * process at a time, the hub and the operator CLI alike (src/server/db/data-dir-lock.ts).
 */
describe('an embedded database directory has one owner', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'hub-lock-'));
  const open: Database[] = [];
  afterAll(async () => {
    for (const d of open) await d.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('refuses a second open while the first is open, and allows it once the first has closed', async () => {
    const dir = path.join(root, 'pglite');
    const first = await openDatabase({ pgliteDir: dir });
    open.push(first);
    expect(JSON.parse(readFileSync(`${dir}.lock`, 'utf8')).pid).toBe(process.pid);
    const second = openDatabase({ pgliteDir: dir });
    await expect(second).rejects.toBeInstanceOf(DataDirInUseError);
    await expect(second).rejects.toThrow(`is in use by process ${process.pid} (this one)`);
    // The refused open took nothing from the owner.
    await first.ping();

    await first.close();
    expect(existsSync(`${dir}.lock`)).toBe(false);
    const again = await openDatabase({ pgliteDir: dir });
    open.push(again);
    await again.ping();
    await again.close();
  });

  it('takes over a lock whose process has died or whose pid now belongs to another program', async () => {
    const dir = path.join(root, 'stale');
    writeFileSync(`${dir}.lock`, JSON.stringify({ pid: await deadPid(), start: '1' }));
    const release = claimDataDir(dir);
    expect(JSON.parse(readFileSync(`${dir}.lock`, 'utf8')).pid).toBe(process.pid);
    release();
    // This process's pid, recorded with another start time: the pid was reused, the owner is gone.
    writeFileSync(`${dir}.lock`, JSON.stringify({ pid: process.pid, start: '1' }));
    claimDataDir(dir)();
    expect(existsSync(`${dir}.lock`)).toBe(false);
    // A lock that cannot be read, written this instant by a process starting up, is respected.
    writeFileSync(`${dir}.lock`, '');
    expect(() => claimDataDir(dir)).toThrow('is in use by another process');
    rmSync(`${dir}.lock`);
  });

  it('the operator CLI refuses a directory a running process holds, and says which process', async () => {
    const dataDir = path.join(root, 'cli');
    const release = claimDataDir(path.join(dataDir, 'pglite'));
    try {
      const run = promisify(execFile);
      const result = await run('npx', ['tsx', 'src/server/cli.ts', 'audit', 'verify'], {
        env: { ...process.env, HUB_DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
      }).then(
        () => ({ code: 0, stderr: '' }),
        (e: { code: number; stderr: string }) => e,
      );
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(
        `The embedded database in ${path.join(dataDir, 'pglite')} is in use by process ${process.pid}.`,
      );
    } finally {
      release();
    }
  });
});
