import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../../src/server/paths';
import { CSRF, createTestHub, freePort } from '../../helpers/test-hub';

/** A line Node prints for a process warning (`(node:123) [FSTDEP023] FastifyDeprecation: …`). */
const WARNING_LINE = /\(node:\d+\)|Warning:|\b(FSTDEP|FSTWRN|FSTSEC|DEP)\d+/;

/**
 * Issue 32: the hub starts and serves without a process warning. Fastify's deprecated
 * `requestIdLogLabel` and `disableRequestLogging` options printed FSTDEP024 and FSTDEP023 at
 * every start; the log settings go through `logController` (app.ts). A warning an operator
 * learns to ignore hides the one that matters.
 */
describe('start-up and runtime warnings', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hub-warnings-'));
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('the hub process starts, serves and stops without printing a warning', { timeout: 180_000 }, async () => {
    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      HUB_DATA_DIR: dataDir,
      DATABASE_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      HUB_PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
    };
    // Whatever silences warnings in this process must not silence them in the hub's.
    delete env.NODE_OPTIONS;
    delete env.NODE_NO_WARNINGS;
    const hub = spawn(path.join(PROJECT_ROOT, 'node_modules/.bin/tsx'), ['src/server/main.ts'], {
      cwd: PROJECT_ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    hub.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    hub.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => hub.once('exit', (code) => resolve(code)));
    try {
      await expect.poll(() => stdout, { timeout: 120_000 }).toContain('Ecosystem Hub is running');
      const base = `http://127.0.0.1:${port}`;
      expect((await fetch(`${base}/api/health/ready`)).status).toBe(200);
      expect((await fetch(`${base}/api/auth/sign-out`, { method: 'POST', headers: CSRF })).status).toBe(200);
      expect((await fetch(`${base}/api/auth/sign-in`, { method: 'POST', headers: CSRF, body: '{' })).status).toBe(400);
      expect((await fetch(`${base}/api/no-such-route`)).status).toBe(404);
    } finally {
      hub.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
    expect(stderr.split('\n').filter((line) => WARNING_LINE.test(line))).toEqual([]);
    // LOG_LEVEL=warn: the hub itself logged no warning or error either. The audit chain's anchor
    // (audit/anchor-log.ts) is written a second after start whatever the level, on purpose: it
    // has no level, and is the one line that may stand here.
    const logged = stdout
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .filter((line) => (JSON.parse(line) as { msg?: string }).msg !== 'audit chain anchor');
    expect(logged).toEqual([]);
  });

  it('building the app and answering requests emits no process warning', async () => {
    const warnings: string[] = [];
    const onWarning = (w: Error & { code?: string }) => warnings.push(`${w.code ?? w.name}: ${w.message}`);
    process.on('warning', onWarning);
    try {
      const t = await createTestHub('pglite');
      try {
        expect((await t.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
        expect((await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: CSRF })).statusCode).toBe(200);
      } finally {
        await t.close();
      }
      // Warnings are emitted on the next tick.
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('warning', onWarning);
    }
    expect(warnings).toEqual([]);
  });
});
