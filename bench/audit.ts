/**
 * npm run bench:audit [-- --rows=1000000 --db=postgres,pglite]
 *
 * Seeds a hash-chained audit log of N rows (default 1,000,000) and measures, through the real
 * HTTP routes: the viewer's page latency (p50/p95 over repeated requests) for each filter
 * combination, deep cursor pages, the streamed CSV export (time, throughput, peak memory), and
 * chain verification. PostgreSQL needs BENCH_DATABASE_URL or TEST_DATABASE_URL (a scratch
 * database is created next to it and dropped after); PGlite runs in memory.
 */
import http from 'node:http';
import os from 'node:os';
import { randomBytes, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { closeHub, createHub } from '../src/server/create-hub';
import { openDatabase } from '../src/server/db/client';
import type { Hub } from '../src/server/hub';
import { canonicalJson, deriveChainKey, keyedHash, type KeyedContent } from '../src/server/audit/chain';
import { AUDIT_EVENTS, AUDIT_EVENT_TYPES } from '../src/shared/audit-events';
import { createScratchPostgresDatabase } from '../tests/helpers/test-hub';
import { createUser, sessionCookieFor } from '../tests/helpers/fixtures';

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const ROWS = Number(args.rows ?? 1_000_000);
const DBS = (args.db ?? 'postgres,pglite').split(',');
const REPEAT = Number(args.repeat ?? 30);

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** A realistic mix: sign-ins dominate, critical events are rare, 1,000 users, 20% client events. */
async function seed(hub: Hub, rows: number): Promise<{ someUser: string; rareType: string }> {
  const users = Array.from({ length: 1000 }, () => randomUUID());
  const weights: [string, number][] = AUDIT_EVENT_TYPES.map((t) => [
    t,
    t.startsWith('sign_in') ? 40 : t.startsWith('oauth_token') ? 20 : 2,
  ]);
  const total = weights.reduce((s, [, w]) => s + w, 0);
  const pick = (r: number) => {
    let x = r * total;
    for (const [t, w] of weights) if ((x -= w) < 0) return t;
    return weights[0][0];
  };
  const start = Date.now() - 365 * 86_400_000;
  const step = (365 * 86_400_000) / rows;
  // Keyed rows exactly as the hub writes them (ids from the anchor, HMAC under the chain key);
  // the anchor is moved to the last one under its lock, so verification walks the real thing.
  const key = deriveChainKey(hub.config.masterKey!);
  const t0 = performance.now();
  await hub.db.transaction((tx) =>
    hub.audit.writer.withHeadLocked(tx, async (head) => {
      let prevHash = head.lastHash;
      let id = head.lastId;
      // One INSERT … SELECT FROM unnest(arrays) per batch: 12 parameters instead of 12 × batch.
      const batchSize = 10_000;
      for (let offset = 0; offset < rows; offset += batchSize) {
        const batch: (KeyedContent & { prevHash: string; hash: string })[] = [];
        for (let i = offset; i < Math.min(rows, offset + batchSize); i++) {
          const eventType = pick(Math.random());
          id += 1;
          const row = {
            id,
            occurredAt: new Date(Math.floor(start + i * step)),
            eventType,
            severity: AUDIT_EVENTS[eventType as keyof typeof AUDIT_EVENTS].severity,
            userId: Math.random() < 0.9 ? users[i % users.length] : null,
            sessionId: randomBytes(4).toString('hex'),
            ipAddress: `10.${i % 256}.${(i >> 8) % 256}.${(i >> 16) % 256}`,
            userAgent: 'Mozilla/5.0 (bench)',
            requestId: null,
            source: Math.random() < 0.2 ? 'client' : 'server',
            details: { i, url: 'https://hub.example/admin' },
          };
          const hash = keyedHash(key, prevHash, row, canonicalJson(row.details));
          batch.push({ ...row, prevHash, hash });
          prevHash = hash;
        }
        const col = <T>(f: (r: (typeof batch)[number]) => T) => sql.param(batch.map(f));
        await tx.execute(sql`
          insert into audit_logs (id, occurred_at, event_type, severity, user_id, session_id, ip_address, user_agent,
            source, details, prev_hash, hash)
          select i, o, e, s, u, sid, ip, ua, src, d::jsonb, p, h from unnest(
            ${col((r) => r.id)}::bigint[], ${col((r) => r.occurredAt.toISOString())}::timestamptz[],
            ${col((r) => r.eventType)}::text[], ${col((r) => r.severity)}::text[],
            ${col((r) => r.userId)}::uuid[], ${col((r) => r.sessionId)}::text[],
            ${col((r) => r.ipAddress)}::text[], ${col((r) => r.userAgent)}::text[],
            ${col((r) => r.source)}::text[], ${col((r) => JSON.stringify(r.details))}::text[],
            ${col((r) => r.prevHash)}::text[], ${col((r) => r.hash)}::text[]
          ) as t(i, o, e, s, u, sid, ip, ua, src, d, p, h)`);
        if ((offset / batchSize) % 10 === 0)
          process.stderr.write(`\r  seeded ${(offset + batch.length).toLocaleString()} rows`);
      }
      return { position: { ...head, lastId: id, lastHash: prevHash }, result: undefined };
    }),
  );
  await hub.db.execute(sql`analyze audit_logs`);
  process.stderr.write(
    `\r  seeded ${rows.toLocaleString()} rows in ${((performance.now() - t0) / 1000).toFixed(0)} s\n`,
  );
  return { someUser: users[7], rareType: 'emergency_access' };
}

async function timeGet(
  base: string,
  path: string,
  cookie: string,
): Promise<{ ms: number; body: string; status: number }> {
  const t0 = performance.now();
  const res = await fetch(base + path, { headers: { cookie } });
  const body = await res.text();
  return { ms: performance.now() - t0, body, status: res.status };
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
  };
  const database = await openDatabase({ url, pgliteDir: 'memory://', poolMax: 10 });
  const hub = await createHub({ config, database });
  const app = await buildApp(hub, { webRoot: null });
  try {
    console.log(`\n## ${kind}: ${ROWS.toLocaleString()} rows`);
    const { someUser, rareType } = await seed(hub, ROWS);
    const admin = await createUser(hub, { roles: ['super_admin'] });
    const cookie = await sessionCookieFor(hub, admin);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

    const mid = new Date(Date.now() - 180 * 86_400_000);
    const week = (d: Date) => `from=${new Date(d.getTime() - 7 * 86_400_000).toISOString()}&to=${d.toISOString()}`;
    const scenarios: [string, string][] = [
      ['first page, no filter', ''],
      ['type=sign_in_failure', 'type=sign_in_failure'],
      [`type=${rareType} (rare)`, `type=${rareType}`],
      ['severity=critical', 'severity=critical'],
      ['user_id=<one of 1,000>', `user_id=${someUser}`],
      ['source=client', 'source=client'],
      ['one week, 6 months ago', week(mid)],
      ['type + severity', 'type=sign_in_failure&severity=medium'],
      ['type + one week', `type=sign_in_failure&${week(mid)}`],
      ['user + source + one week', `user_id=${someUser}&source=client&${week(mid)}`],
      ['from = 400 days ago (whole log)', `from=${new Date(Date.now() - 400 * 86_400_000).toISOString()}`],
      [
        `type=${rareType} + from 400 days ago`,
        `type=${rareType}&from=${new Date(Date.now() - 400 * 86_400_000).toISOString()}`,
      ],
    ];
    // Warm-up (route compilation, connection pool, PGlite's caches) is not what is measured.
    for (let i = 0; i < 5; i++) await timeGet(base, '/api/admin/audit?limit=50', cookie);
    console.log('\n| page query (limit 50) | p50 ms | p95 ms |\n|---|---:|---:|');
    for (const [name, q] of scenarios) {
      const times: number[] = [];
      for (let i = 0; i < REPEAT; i++) {
        const r = await timeGet(base, `/api/admin/audit?limit=50&${q}`, cookie);
        if (r.status !== 200) throw new Error(`${name}: ${r.status} ${r.body}`);
        times.push(r.ms);
      }
      console.log(`| ${name} | ${percentile(times, 50).toFixed(1)} | ${percentile(times, 95).toFixed(1)} |`);
    }
    // Deep pagination: follow the cursor 200 pages (10,000 rows) down and time every page.
    const deep: number[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 200; i++) {
      const r = await timeGet(base, `/api/admin/audit?limit=50${cursor ? `&cursor=${cursor}` : ''}`, cookie);
      deep.push(r.ms);
      cursor = JSON.parse(r.body).next_cursor;
    }
    console.log(
      `| cursor pages 1–200 (no filter) | ${percentile(deep, 50).toFixed(1)} | ${percentile(deep, 95).toFixed(1)} |`,
    );
    const deepType: number[] = [];
    cursor = null;
    for (let i = 0; i < 100; i++) {
      const r = await timeGet(
        base,
        `/api/admin/audit?limit=50&type=sign_in_success${cursor ? `&cursor=${cursor}` : ''}`,
        cookie,
      );
      deepType.push(r.ms);
      cursor = JSON.parse(r.body).next_cursor;
    }
    console.log(
      `| cursor pages 1–100 (type filter) | ${percentile(deepType, 50).toFixed(1)} | ${percentile(deepType, 95).toFixed(1)} |`,
    );
    const deepRange: number[] = [];
    cursor = null;
    for (let i = 0; i < 100; i++) {
      const r = await timeGet(
        base,
        `/api/admin/audit?limit=50&${week(mid)}${cursor ? `&cursor=${cursor}` : ''}`,
        cookie,
      );
      deepRange.push(r.ms);
      cursor = JSON.parse(r.body).next_cursor;
    }
    console.log(
      `| cursor pages 1–100 (one week range) | ${percentile(deepRange, 50).toFixed(1)} | ${percentile(deepRange, 95).toFixed(1)} |`,
    );

    // Export: stream the whole log over a real socket, sampling this process's memory.
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let peakRss = rssBefore;
    let peakHeap = process.memoryUsage().heapUsed;
    const sampler = setInterval(() => {
      const m = process.memoryUsage();
      peakRss = Math.max(peakRss, m.rss);
      peakHeap = Math.max(peakHeap, m.heapUsed);
    }, 50);
    const t0 = performance.now();
    const { bytes, lines } = await new Promise<{ bytes: number; lines: number }>((resolve, reject) => {
      http
        .get(`${base}/api/admin/audit/export?format=csv&include_browser=true`, { headers: { cookie } }, (res) => {
          let b = 0;
          let n = 0;
          res.on('data', (chunk: Buffer) => {
            b += chunk.length;
            for (let i = 0; i < chunk.length; i++) if (chunk[i] === 10) n++;
          });
          res.on('end', () => resolve({ bytes: b, lines: n }));
          res.on('error', reject);
        })
        .on('error', reject);
    });
    clearInterval(sampler);
    const secs = (performance.now() - t0) / 1000;
    console.log(
      `\nexport csv: ${(lines - 1).toLocaleString()} rows, ${(bytes / 1e6).toFixed(0)} MB in ${secs.toFixed(1)} s ` +
        `(${Math.round((lines - 1) / secs).toLocaleString()} rows/s); ` +
        `RSS ${(rssBefore / 1e6).toFixed(0)} → peak ${(peakRss / 1e6).toFixed(0)} MB, peak heap ${(peakHeap / 1e6).toFixed(0)} MB`,
    );

    const v0 = performance.now();
    const verification = await hub.audit.verifyChain();
    console.log(`verify: ${JSON.stringify(verification)} in ${((performance.now() - v0) / 1000).toFixed(1)} s`);
  } finally {
    await app.close();
    await closeHub(hub);
    await drop?.();
  }
}

console.log(
  `# audit bench — ${new Date().toISOString()} — ${os.cpus()[0]?.model} × ${os.cpus().length}, ` +
    `${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`,
);
for (const kind of DBS) await run(kind);
process.exit(0);
