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
 * Waits until the hub answers its health check, or fails at once if its process ended. No clock:
 * the test's own timeout is the only watchdog (a loaded machine starts processes slowly).
 */
async function waitForHealth(port: number, proc: ChildProcess, output: { text: string }): Promise<unknown> {
  const exited = new Promise<never>((_, reject) =>
    proc.once('exit', (code) => reject(new Error(`hub on ${port} exited (${code}) before serving:\n${output.text}`))),
  );
  exited.catch(() => undefined);
  for (;;) {
    if (proc.exitCode !== null) return exited;
    try {
      const r = await fetch(`http://127.0.0.1:${port}/api/health`);
      return await r.json();
    } catch {
      // Not listening yet: ask again once the event loop has had a turn, unless the process ended.
      await Promise.race([new Promise((r) => setTimeout(r, 100)), exited]);
    }
  }
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
      // Exactly one of the two printed the first-start setup key.
      const printed = output.filter((o) => o.text.includes('Setup key')).length;
      expect(printed).toBe(1);
    } finally {
      for (const p of procs) p.kill('SIGTERM');
      await Promise.all(procs.map((p) => new Promise((r) => p.once('exit', r))));
      await scratch.drop();
    }
  }, 240_000);
});
