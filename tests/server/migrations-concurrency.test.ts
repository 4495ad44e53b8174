import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { createScratchPostgresDatabase } from '../helpers/test-hub';

const root = path.resolve(import.meta.dirname, '../..');

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

/**
 * Waits for the line the hub prints once it listens (no polling, no clock: the test's own
 * timeout is the only watchdog), then asks its health. Fails at once if the process ends first.
 */
async function waitForHealth(port: number, proc: ChildProcess, output: { text: string }): Promise<unknown> {
  await new Promise<void>((resolve, reject) => {
    const check = () => {
      if (!output.text.includes('Ecosystem Hub is running at')) return;
      proc.stdout!.off('data', check);
      resolve();
    };
    proc.stdout!.on('data', check);
    proc.once('exit', (code) => reject(new Error(`hub on ${port} exited (${code}) before serving:\n${output.text}`)));
    check();
  });
  const r = await fetch(`http://127.0.0.1:${port}/api/health`);
  return r.json();
}

/** Stops a hub and resolves once its output streams are closed (everything it printed is read). */
function stop(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return Promise.resolve();
  const closed = new Promise<void>((r) => proc.once('close', () => r()));
  proc.kill('SIGTERM');
  return closed;
}

describe.runIf(process.env.TEST_DATABASE_URL)('two hub processes against one PostgreSQL [postgres]', () => {
  it('start together, migrate once and both serve', async () => {
    const scratch = await createScratchPostgresDatabase();
    const key = randomBytes(32).toString('base64');
    const ports = [await freePort(), await freePort()];
    const procs = ports.map((port) =>
      spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
        cwd: root,
        env: {
          PATH: process.env.PATH,
          PORT: String(port),
          DATABASE_URL: scratch.url,
          HUB_MASTER_KEY: key,
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    );
    const output = procs.map(() => ({ text: '' }));
    procs.forEach((p, i) => {
      p.stdout.on('data', (d) => (output[i].text += d));
      p.stderr.on('data', (d) => (output[i].text += d));
    });
    try {
      const health = await Promise.all(ports.map((p, i) => waitForHealth(p, procs[i], output[i])));
      expect(health).toEqual([
        { status: 'ok', db: 'ok' },
        { status: 'ok', db: 'ok' },
      ]);
      const client = new pg.Client({ connectionString: scratch.url });
      await client.connect();
      const applied = await client.query('select count(*)::int as n from drizzle.__drizzle_migrations');
      const files = await import('../../drizzle/meta/_journal.json', { with: { type: 'json' } });
      expect(applied.rows[0].n).toBe(files.default.entries.length);
      await client.end();
      // Exactly one of the two printed the first-start setup key (read once both have stopped,
      // so nothing either printed is still in a pipe).
      await Promise.all(procs.map(stop));
      const printed = output.filter((o) => o.text.includes('Setup key')).length;
      expect(printed).toBe(1);
    } finally {
      await Promise.all(procs.map(stop));
      await scratch.drop();
    }
  }, 240_000);
});
