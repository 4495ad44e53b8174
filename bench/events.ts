/**
 * npm run bench:events [-- --events=5000 --db=postgres,pglite --batch=50 --verify=1]
 *
 * Webhook delivery throughput from one node (issue 30, goal ≥ 1,000 events/s): N events are
 * committed through the audit log (their outbox rows in the same statements), then one node's
 * worker delivers them to a receiver on 127.0.0.1 that answers 200 (and, with --verify=1,
 * checks every signature with the `standardwebhooks` package, in the same process, so the figure
 * then includes the receiver's work). PostgreSQL needs BENCH_DATABASE_URL or TEST_DATABASE_URL
 * (a scratch database is created next to it and dropped after); PGlite runs in memory.
 */
import http from 'node:http';
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import { randomBytes, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Webhook } from 'standardwebhooks';
import { loadConfig } from '../src/server/config';
import { closeHub, createHub } from '../src/server/create-hub';
import { openDatabase } from '../src/server/db/client';
import { insertEndpoint } from '../src/server/events/delivery/queries';
import { WEBHOOK_SECRET_CONTEXT } from '../src/server/events/webhooks/secrets';
import { generateWebhookSecret } from '../src/server/events/webhooks/channel';
import { createDeliveryWorker } from '../src/server/events/delivery/worker';
import { createScratchPostgresDatabase } from '../tests/helpers/test-hub';

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const EVENTS = Number(args.events ?? 5000);
const DBS = (args.db ?? 'postgres,pglite').split(',');
const BATCH = Number(args.batch ?? 50);
const VERIFY = args.verify === '1';

/** A receiver that answers 200 at once (and verifies, when asked); counts what it got. */
async function startReceiver(secret: string) {
  const hook = new Webhook(secret);
  let received = 0;
  let failed = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (VERIFY) {
        try {
          hook.verify(Buffer.concat(chunks).toString('utf8'), req.headers as Record<string, string>);
        } catch {
          failed += 1;
        }
      }
      received += 1;
      res.writeHead(200).end();
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    counts: () => ({ received, failed }),
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

async function run(kind: string) {
  let url: string | undefined;
  let drop: (() => Promise<void>) | undefined;
  if (kind === 'postgres') {
    const admin = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
    if (!admin) {
      console.log('postgres: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
      return;
    }
    process.env.TEST_DATABASE_URL = admin;
    ({ url, drop } = await createScratchPostgresDatabase());
  }
  const config = {
    ...loadConfig({ LOG_LEVEL: 'silent', HUB_MASTER_KEY: randomBytes(32).toString('base64') }),
    databaseUrl: url,
    outboundAllowPrivate: true,
  };
  const database = await openDatabase({ url, pgliteDir: 'memory://', poolMax: 10 });
  const hub = await createHub({ config, database });
  const secret = generateWebhookSecret();
  const receiver = await startReceiver(secret);
  try {
    await insertEndpoint(hub.db, {
      url: receiver.url,
      events: ['user.deactivated'],
      secretEnc: hub.secrets.seal(secret, WEBHOOK_SECRET_CONTEXT),
    });
    await hub.outbox.refresh();
    const c0 = performance.now();
    for (let i = 0; i < EVENTS; i += 500) {
      const n = Math.min(500, EVENTS - i);
      await hub.audit.record(
        Array.from({ length: n }, () => ({
          type: 'user_deactivated' as const,
          details: { target_user_id: randomUUID(), sessions_revoked: 0 },
        })),
      );
    }
    const commitS = (performance.now() - c0) / 1000;

    const worker = createDeliveryWorker(hub, { batch: BATCH });
    const t0 = performance.now();
    const delivered = await worker.runOnce();
    const secs = (performance.now() - t0) / 1000;
    const { received, failed } = receiver.counts();
    console.log(
      `| ${kind} | ${EVENTS.toLocaleString()} | ${BATCH} | ${Math.round(EVENTS / commitS).toLocaleString()} | ` +
        `${delivered.toLocaleString()} in ${secs.toFixed(2)} s | **${Math.round(delivered / secs).toLocaleString()}** | ` +
        `${received.toLocaleString()}${VERIFY ? ` (${failed} failed verification)` : ''} |`,
    );
  } finally {
    await receiver.close();
    await closeHub(hub);
    await drop?.();
  }
}

console.log(
  `# events bench — ${new Date().toISOString()} — ${os.cpus()[0]?.model} × ${os.cpus().length}, Node ${process.version}` +
    `${VERIFY ? ', receiver verifies every signature' : ''}\n`,
);
console.log(
  '| database | events | batch | committed/s (outbox rows with their audit rows) | delivered | deliveries/s | received |',
);
console.log('|---|---|---|---|---|---|---|');
for (const kind of DBS) await run(kind);
process.exit(0);
