import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/config';
import { closeHub, createHub } from '../../../src/server/create-hub';
import { systemActor } from '../../../src/server/actor';
import { openDatabase } from '../../../src/server/db/client';
import { startPglite } from '../../../src/server/db/pglite';
import { keyIdOf } from '../../../src/server/crypto/secrets';
import { createClient } from '../../../src/server/oauth/clients/service';
import { oauthRuntime } from '../../../src/server/oauth/runtime';
import { readMasterKeyStatus } from '../../../src/server/master-keys/service';
import { createScratchPostgresDatabase, TEST_DATABASES, type DbKind } from '../../helpers/test-hub';
import { loadPgliteTemplate } from '../../helpers/pglite-template';
import { expectAllSealedUnder, sealedThroughKeyring } from './master-key-helpers';

/**
 * Issue 45, "resumes after a SIGKILL mid-rotation": the real CLI (`hub master-key rotate`) in a
 * process of its own is killed once it has committed some batches, and a second run goes on from
 * the recorded progress of the same rotation, finishes, and retires the old key; a hub holding
 * only the new key then opens every stored secret. On PGlite the second run opens the data
 * directory the killed process left locked, and lets go of its lease at once (nobody else can
 * hold it); on PostgreSQL the lease stands until it runs out (ROTATION_LEASE_MS, a minute), which
 * the test does not wait for: it moves the lease's end to the past, as a minute would.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const work = mkdtempSync(path.join(os.tmpdir(), 'hub-rotation-crash-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const b64 = (keys: Buffer[]) => keys.map((k) => k.toString('base64')).join(',');
const BATCH_LINE = /^ {2}\S+: (\d+) re-sealed$/gm;
const batchesIn = (output: string) => [...output.matchAll(BATCH_LINE)].map((m) => Number(m[1]));

/** The CLI on `env`'s database; `killWhen` sees its output so far and says when to SIGKILL it. */
function runCli(env: Record<string, string>, args: string[], killWhen?: (output: string) => boolean) {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli.ts', ...args], {
    cwd: root,
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    if (killWhen?.(output)) proc.kill('SIGKILL');
  };
  proc.stdout.on('data', onData);
  proc.stderr.on('data', onData);
  return new Promise<{ output: string; code: number | null; signal: NodeJS.Signals | null; pid: number }>((resolve) =>
    proc.once('close', (code, signal) => resolve({ output, code, signal, pid: proc.pid! })),
  );
}

/** The hub's configuration for `env` (its database and HUB_MASTER_KEYS), as the CLI reads it. */
const configFor = (env: Record<string, string>) => ({
  ...loadConfig({ ...env, LOG_LEVEL: 'silent' }),
  logLevel: 'silent' as const,
});

/**
 * A migrated database of the test's own (a data directory from the suite's template, or a scratch
 * PostgreSQL database) holding values sealed under `oldKey`: clients' secrets, a signing key, the
 * lookup key. Returns its environment and how many values a rotation moves.
 */
async function seededDatabase(kind: DbKind, oldKey: Buffer) {
  const scratch = kind === 'postgres' ? await createScratchPostgresDatabase() : undefined;
  const env: Record<string, string> = scratch
    ? { DATABASE_URL: scratch.url }
    : { HUB_DATA_DIR: path.join(work, 'data') };
  // Embedded: the data directory is made from the template by the one instance that seeds it.
  const pglite = scratch
    ? undefined
    : await startPglite(path.join(env.HUB_DATA_DIR, 'pglite'), await loadPgliteTemplate());
  const hub = await createHub({
    config: configFor({ ...env, HUB_MASTER_KEYS: b64([oldKey]) }),
    ...(pglite ? { database: await openDatabase({ pglite }) } : {}),
  });
  try {
    for (let i = 0; i < 5; i++)
      await createClient(
        hub,
        {
          app_name: `Crash ${i}`,
          app_url: 'https://crash.example.test',
          redirect_uris: ['https://crash.example.test/cb'],
          post_logout_redirect_uris: [],
          scopes: ['read:profile'],
          app_type: 'platform',
        },
        systemActor(),
      );
    await oauthRuntime(hub).keys.current();
    const movable = sealedThroughKeyring(await readMasterKeyStatus(hub), keyIdOf(oldKey));
    return { env, movable, drop: async () => scratch?.drop() };
  } finally {
    await closeHub(hub);
    await pglite?.close();
  }
}

describe.each(TEST_DATABASES)('master-key rotation killed mid-way [%s]', (kind) => {
  it('resumes from its recorded progress, finishes, retires the old key, and every value opens under the new one', async () => {
    const oldKey = randomBytes(32);
    const newKey = randomBytes(32);
    const database = await seededDatabase(kind, oldKey);
    const envWith = (keys: Buffer[]) => ({ ...database.env, HUB_MASTER_KEYS: b64(keys) });
    const { movable } = database;
    try {
      expect(movable).toBeGreaterThanOrEqual(6);

      // One value per batch, a pause after each: the kill lands after the first batch, far from the last.
      const rotate = ['master-key', 'rotate', '--retire-now'];
      const killed = await runCli(
        envWith([oldKey, newKey]),
        [...rotate, '--batch-size', '1', '--pause', '200'],
        (output) => batchesIn(output).length >= 1,
      );
      expect(killed.signal, killed.output).toBe('SIGKILL');
      const rotationId = /^Rotation (\S+): master key (\S+) is current/m.exec(killed.output)?.[1];
      expect(rotationId, killed.output).toBeDefined();
      expect(killed.output).not.toContain('Retired');

      if (kind === 'pglite') {
        // The killed process left its claim on the data directory behind.
        const lock = JSON.parse(readFileSync(path.join(database.env.HUB_DATA_DIR, 'pglite.lock'), 'utf8'));
        expect(lock.pid).toBe(killed.pid);
      } else {
        // Its lease stands: a node's worker or another CLI would wait for it to run out. The test moves it instead.
        const db = new pg.Client({ connectionString: database.env.DATABASE_URL });
        await db.connect();
        const held = await db.query(
          `update master_key_rotations set lease_until = now() - interval '1 second'
           where id = $1 and status = 'running' and lease_until > now() returning resealed`,
          [rotationId],
        );
        await db.end();
        expect(held.rows).toHaveLength(1);
        expect(held.rows[0].resealed).toBeGreaterThanOrEqual(1);
      }

      const resumed = await runCli(envWith([oldKey, newKey]), [...rotate, '--batch-size', '3']);
      expect(resumed.code, resumed.output).toBe(0);
      const [, resumedId, soFar] =
        /^Resuming rotation (\S+) .*, (\d+) values re-sealed so far\.$/m.exec(resumed.output) ?? [];
      expect(resumedId, resumed.output).toBe(rotationId);
      // It goes on from the recorded progress: what the killed run committed is not moved again.
      expect(Number(soFar)).toBeGreaterThanOrEqual(1);
      expect(Number(soFar)).toBeLessThan(movable);
      expect(batchesIn(resumed.output).reduce((a, b) => a + b, 0)).toBe(movable - Number(soFar));
      if (kind === 'pglite') expect(resumed.output).toContain('The process that was running it has stopped');
      expect(resumed.output).toContain(`Retired master key ${keyIdOf(oldKey)}: nothing is sealed under it.`);

      // A hub holding only the new key opens every stored secret; the rotation is the one that was killed.
      const after = await createHub({ config: configFor(envWith([newKey])) });
      try {
        await expectAllSealedUnder(after, keyIdOf(newKey));
        const status = await readMasterKeyStatus(after);
        expect(status.rotation).toMatchObject({ id: rotationId, status: 'done', resealed: movable });
        expect(status.keys.find((k) => k.key_id === keyIdOf(oldKey))).toMatchObject({
          status: 'retired',
          sealed_values: 0,
        });
      } finally {
        await closeHub(after);
      }
    } finally {
      await database.drop();
    }
  });
});
