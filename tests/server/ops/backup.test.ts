import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/config';
import { closeHub, createHub } from '../../../src/server/create-hub';
import { rows } from '../../../src/server/db/client';
import { systemActor } from '../../../src/server/actor';
import { createClient } from '../../../src/server/oauth/clients/service';
import { freePort, TEST_DATABASES } from '../../helpers/test-hub';
import { signedInUser } from '../../helpers/fixtures';
import { useTestHub } from '../../helpers/use-test-hub';
import { takeBackup } from '../../../src/server/backup/dump';
import { ensurePgliteTemplate } from '../../helpers/pglite-template';
import { RestoreRefusedError, restoreEmbedded } from '../../../src/server/backup/restore';

/**
 * Online backup of the embedded default (issue 45): a hub process serving 8 clients that sign up
 * without pause; `hub backup` asks it for a dump over its socket; `hub restore` puts the dump in a
 * fresh directory (and refuses a used one); a hub started there verifies its audit chain and holds
 * every account whose sign-up was answered before the backup began.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const run = promisify(execFile);
const work = mkdtempSync(path.join(os.tmpdir(), 'hub-backup-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function cli(dataDir: string, args: string[]) {
  return run(process.execPath, ['--import', 'tsx', 'src/server/cli.ts', ...args], {
    cwd: root,
    env: { PATH: process.env.PATH, HUB_DATA_DIR: dataDir },
  }).then(
    ({ stdout }) => ({ code: 0, stdout, stderr: '' }),
    (e: { code: number; stdout: string; stderr: string }) => e,
  );
}

function startHub(dataDir: string, port: number, backupDir: string): { proc: ChildProcess; ready: Promise<void> } {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HUB_DATA_DIR: dataDir,
      HUB_BACKUP_DIR: backupDir,
      HUB_BACKUP_EVERY: '1d',
      HUB_BACKUP_KEEP: '2',
      HUB_METRICS_TOKEN: 'metrics-token-for-the-backup-test',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const ready = new Promise<void>((resolve, reject) => {
    const check = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ecosystem Hub is running at')) resolve();
    };
    proc.stdout!.on('data', check);
    proc.stderr!.on('data', (c: Buffer) => (output += c.toString()));
    proc.once('exit', (code) => reject(new Error(`hub exited (${code}) before serving:\n${output}`)));
  });
  return { proc, ready };
}

describe('online backup of the embedded database', () => {
  it(
    'is taken while 8 clients write, restores into a fresh directory only, and loses no answered write',
    { timeout: 240_000 },
    async () => {
      const dataDir = path.join(work, 'live');
      const backupDir = path.join(work, 'scheduled');
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      // The live hub starts from the suite's migrated template (skips initdb and the migrations).
      await restoreEmbedded({ dataDir, file: await ensurePgliteTemplate() });
      const setup = await createHub({ config: { ...loadConfig({ HUB_DATA_DIR: dataDir }), logLevel: 'silent' } });
      const { client: app, clientSecret } = await createClient(
        setup,
        {
          app_name: 'Backup writer',
          app_url: 'https://writer.example.test',
          redirect_uris: ['https://writer.example.test/cb'],
          post_logout_redirect_uris: [],
          scopes: ['read:profile'],
          app_type: 'platform',
        },
        systemActor(),
      );
      await closeHub(setup);
      const authorization = `Basic ${Buffer.from(`${app.clientId}:${clientSecret!}`).toString('base64')}`;
      const hub = startHub(dataDir, port, backupDir);
      try {
        await hub.ready;
        // The schedule's first backup is due at once (none was taken yet); it shows on /metrics.
        await expect.poll(() => readdirSync(backupDir).length).toBe(1);
        const metrics = () =>
          fetch(`${base}/metrics`, { headers: { authorization: 'Bearer metrics-token-for-the-backup-test' } }).then(
            (r) => r.text(),
          );
        await expect.poll(metrics).toMatch(/hub_backup_last_size_bytes \d{4,}/);
        expect(await metrics()).toMatch(/hub_backup_last_success_timestamp_seconds \d{10}/);

        // 8 clients ask for tokens one after another until told to stop: each answer is an audit row
        // naming the token's jti.
        const answered: { jti: string; at: number }[] = [];
        let writing = true;
        const client = async () => {
          while (writing) {
            const r = await fetch(`${base}/oauth/token`, {
              method: 'POST',
              headers: { 'content-type': 'application/x-www-form-urlencoded', authorization },
              body: 'grant_type=client_credentials&scope=read%3Aprofile',
            });
            expect(r.status).toBe(200);
            const { access_token } = (await r.json()) as { access_token: string };
            answered.push({ jti: decodeJwt(access_token).jti!, at: Date.now() });
          }
        };
        const clients = Array.from({ length: 8 }, () => client());
        await expect.poll(() => answered.length).toBeGreaterThanOrEqual(40);
        const began = Date.now();
        const file = path.join(work, 'hub.tar.gz');
        const keyFile = path.join(work, 'hub.key');
        const backup = await cli(dataDir, ['backup', file, '--key-file', keyFile]);
        expect(backup.stdout).toContain('taken by the running hub');
        expect(backup.code).toBe(0);
        await expect.poll(() => answered.filter((a) => a.at > began).length).toBeGreaterThan(0);
        writing = false;
        await Promise.all(clients);
        expect(statSync(keyFile).mode & 0o777).toBe(0o600);
        expect(statSync(file).mode & 0o777).toBe(0o600);

        // A used directory is refused, and left as it was.
        const notEmpty = path.join(work, 'not-empty');
        mkdirSync(notEmpty);
        writeFileSync(path.join(notEmpty, 'note'), 'x');
        await expect(restoreEmbedded({ dataDir: notEmpty, file })).rejects.toThrow(RestoreRefusedError);
        expect(readdirSync(notEmpty)).toEqual(['note']);

        const restoredDir = path.join(work, 'restored');
        const restored = await cli(restoredDir, ['restore', file, '--key-file', keyFile]);
        expect(restored.code).toBe(0);

        // The restored hub starts, its audit chain verifies, and every write answered before the backup is there.
        const before = answered.filter((a) => a.at < began).map((a) => a.jti);
        const copy = await createHub({ config: { ...loadConfig({ HUB_DATA_DIR: restoredDir }), logLevel: 'silent' } });
        try {
          expect(await copy.audit.verifyChain()).toMatchObject({ ok: true });
          const found = await rows<{ n: number }>(
            copy.db,
            sql`select count(distinct details->>'jti')::int as n from audit_logs
                where event_type = 'oauth_token_issued'
                  and details->>'jti' in (select jsonb_array_elements_text(${JSON.stringify(before)}::jsonb))`,
          );
          expect(found).toEqual([{ n: before.length }]);
        } finally {
          await closeHub(copy);
        }
      } finally {
        const exited = new Promise((resolve) => hub.proc.once('exit', resolve));
        hub.proc.kill('SIGTERM');
        await exited;
      }
    },
  );
});

describe.each(TEST_DATABASES)('GET /api/admin/backup (System Health) [%s]', (kind) => {
  const t = useTestHub(kind);

  it('shows the last backup to an ecosystem admin, and nothing to a plain user', async () => {
    const admin = (await signedInUser(t.hub, ['user', 'platform_admin'])).cookie;
    const plain = (await signedInUser(t.hub, ['user'])).cookie;
    expect((await t.client.asBrowser(plain).get('/api/admin/backup')).statusCode).toBe(403);
    const before = await t.client.asBrowser(admin).get('/api/admin/backup');
    expect(before.json()).toEqual({ embedded: kind === 'pglite', schedule: null, last: null });
    if (kind !== 'pglite') return;
    const bytes = await takeBackup(t.hub.database, t.hub.clock);
    const after = await t.client.asBrowser(admin).get('/api/admin/backup');
    expect(after.json()).toEqual({
      embedded: true,
      schedule: null,
      last: { at: t.hub.clock().toISOString(), size_bytes: bytes.length },
    });
  });
});
