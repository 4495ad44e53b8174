/**
 * npm run bench:oauth [-- --duration=10 --connections=32 --only=hub,oidc-provider,bare]
 *
 * In one run on one machine, measures the hub's client_credentials token endpoint and its
 * introspection endpoint against panva's oidc-provider (same client, ES256, twice: in-memory
 * adapter and the small PostgreSQL adapter in bench/oidc-provider/) and a bare node:http
 * server. Each server runs alone in its own process; autocannon runs in another process.
 * The hub runs on PostgreSQL with every grant durably audited (hash-chained audit_logs).
 * Needs BENCH_DATABASE_URL or TEST_DATABASE_URL (scratch databases are created and dropped).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { exportJWK, generateKeyPair } from 'jose';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/server/config';
import { closeHub, createHub } from '../src/server/create-hub';
import { rows } from '../src/server/db/client';
import { createClient } from '../src/server/oauth/clients/service';
import { systemActor } from '../src/server/actor';
import { createScratchPostgresDatabase } from '../tests/helpers/test-hub';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const DURATION = Number(args.duration ?? 10);
const CONNECTIONS = Number(args.connections ?? 32);
const adminUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
process.env.TEST_DATABASE_URL = adminUrl;

interface Result {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  total: number;
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

function start(script: string, env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stderr!.on('data', (d) => {
    const line = String(d);
    if (!/Unsupported runtime|ExperimentalWarning/.test(line))
      process.stderr.write(`[${path.basename(script)}] ${line}`);
  });
  return child;
}

async function waitUp(url: string) {
  for (let i = 0; i < 300; i += 1) {
    try {
      await fetch(url, { method: 'POST' });
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`${url} did not come up`);
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const done = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([done, new Promise((r) => setTimeout(r, 5000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

function cannon(opts: {
  url: string;
  body: string;
  headers: Record<string, string>;
  duration: number;
}): Promise<Result> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'bench/autocannon-run.ts', JSON.stringify({ ...opts, connections: CONNECTIONS })],
      { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out.trim().split('\n').pop()!)) : reject(new Error(`autocannon exited ${code}`)),
    );
  });
}

type Measured = { token: Result; introspect: Result; tokenOpaque?: Result };

async function measure(name: string, base: string, basic: string, isPeer: boolean): Promise<Measured> {
  const headers = { 'content-type': 'application/x-www-form-urlencoded', authorization: basic };
  // The measured grant asks for a resource: hub and peer then both sign an RFC 9068 JWT (ES256).
  const ccBody = `grant_type=client_credentials&scope=read%3Aprofile&resource=${encodeURIComponent('https://api.example.test')}`;
  // Without a resource the peer issues an opaque reference token, stored through its adapter.
  const opaqueBody = 'grant_type=client_credentials&scope=read%3Aprofile';
  const jwt = (await (await fetch(`${base}/oauth/token`, { method: 'POST', headers, body: ccBody })).json()) as {
    access_token: string;
  };
  if (name !== 'bare node:http' && jwt.access_token.split('.').length !== 3)
    throw new Error(`${name}: client_credentials did not issue a JWT`);
  // The introspected token: the hub's JWT; the peer's opaque token (it cannot introspect its JWTs).
  const issued = await fetch(`${base}/oauth/token`, { method: 'POST', headers, body: opaqueBody });
  const { access_token } = (await issued.json()) as { access_token: string };
  const check = (await (
    await fetch(`${base}/oauth/introspect`, {
      method: 'POST',
      headers,
      body: new URLSearchParams({ token: access_token }),
    })
  ).json()) as { active: boolean };
  if (!check.active) throw new Error(`${name}: introspection of a fresh token is not active`);
  // Warm-up (JIT, pools, caches), then the measured runs.
  await cannon({ url: `${base}/oauth/token`, body: ccBody, headers, duration: 3 });
  const token = await cannon({ url: `${base}/oauth/token`, body: ccBody, headers, duration: DURATION });
  const tokenOpaque = isPeer
    ? await cannon({ url: `${base}/oauth/token`, body: opaqueBody, headers, duration: DURATION })
    : undefined;
  const introspect = await cannon({
    url: `${base}/oauth/introspect`,
    body: new URLSearchParams({ token: access_token }).toString(),
    headers,
    duration: DURATION,
  });
  for (const [what, r] of [
    ['token', token],
    ['token opaque', tokenOpaque],
    ['introspect', introspect],
  ] as const) {
    if (r && (r.non2xx || r.errors))
      console.warn(`  ! ${name} ${what}: ${r.non2xx} non-2xx, ${r.errors} errors of ${r.total}`);
  }
  console.log(
    `  ${name.padEnd(22)} token(JWT) ${fmt(token)}   introspect ${fmt(introspect)}${tokenOpaque ? `   token(opaque) ${fmt(tokenOpaque)}` : ''}`,
  );
  return { token, introspect, tokenOpaque };
}

const fmt = (r: Result) => `${Math.round(r.rps).toString().padStart(6)} req/s p50 ${r.p50} ms p99 ${r.p99} ms`;

async function main() {
  console.log(
    `bench:oauth — ${new Date().toISOString()} — ${os.cpus()[0]?.model ?? 'cpu'} ×${os.cpus().length}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
  );
  console.log(`autocannon: ${CONNECTIONS} connections, ${DURATION} s per endpoint, separate process\n`);
  const hubDb = await createScratchPostgresDatabase();
  const peerDb = await createScratchPostgresDatabase();
  const masterKey = randomBytes(32).toString('base64');
  const results: Record<string, Measured> = {};
  try {
    // Register the same client on the hub (through its service) and give the peer its credentials.
    const hub = await createHub({
      config: { ...loadConfig({ LOG_LEVEL: 'silent', HUB_MASTER_KEY: masterKey }), databaseUrl: hubDb.url },
    });
    const { client, clientSecret } = await createClient(
      hub,
      {
        app_name: 'Bench',
        app_url: 'https://bench.example.test',
        redirect_uris: ['https://bench.example.test/cb'],
        app_type: 'platform',
      },
      systemActor(),
    );
    await closeHub(hub);
    const basic = `Basic ${Buffer.from(`${client.clientId}:${clientSecret}`).toString('base64')}`;
    const { privateKey } = await generateKeyPair('ES256', { extractable: true });
    const peerJwk = JSON.stringify({ ...(await exportJWK(privateKey)), alg: 'ES256', use: 'sig', kid: 'peer-es256' });

    const targets: [string, string, Record<string, string>][] = [
      [
        'hub (PostgreSQL)',
        'src/server/main.ts',
        { DATABASE_URL: hubDb.url, HUB_MASTER_KEY: masterKey, LOG_LEVEL: 'silent', NODE_ENV: 'production' },
      ],
      [
        'oidc-provider memory',
        'bench/oidc-provider/peer.ts',
        { PEER_ADAPTER: 'memory', CLIENT_ID: client.clientId, CLIENT_SECRET: clientSecret!, PEER_JWK: peerJwk },
      ],
      [
        'oidc-provider postgres',
        'bench/oidc-provider/peer.ts',
        {
          PEER_ADAPTER: 'postgres',
          PEER_DATABASE_URL: peerDb.url,
          CLIENT_ID: client.clientId,
          CLIENT_SECRET: clientSecret!,
          PEER_JWK: peerJwk,
        },
      ],
      ['bare node:http', 'bench/bare-server.ts', {}],
    ];
    const only = args.only?.split(',');
    for (const [name, script, env] of targets) {
      if (only && !only.some((o) => name.startsWith(o))) continue;
      const port = await freePort();
      const child = start(script, { ...env, PORT: String(port), HUB_PUBLIC_URL: `http://127.0.0.1:${port}` });
      try {
        await waitUp(`http://127.0.0.1:${port}/oauth/token`);
        results[name] = await measure(name, `http://127.0.0.1:${port}`, basic, script.includes('oidc-provider'));
      } finally {
        await stop(child);
      }
    }

    // Every grant durably audited: count the hub's audit rows against the grants it answered.
    const check = await createHub({
      config: { ...loadConfig({ LOG_LEVEL: 'silent', HUB_MASTER_KEY: masterKey }), databaseUrl: hubDb.url },
      skipMigrations: true,
    });
    const [{ n }] = await rows<{ n: string }>(
      check.db,
      sql`select count(*) as n from audit_logs where event_type = 'oauth_token_issued'`,
    );
    const chain = await check.audit.verifyChain();
    await closeHub(check);
    console.log(
      `\n  hub audit: ${n} oauth_token_issued rows; chain ${chain.ok ? 'verified' : 'BROKEN'} (${chain.checked} rows)`,
    );

    const hubR = results['hub (PostgreSQL)'];
    if (!hubR || Object.keys(results).length < 4) return;
    const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}×`;
    console.log('\n  ratios of requests/s       token: hub JWT vs peer JWT | vs peer opaque   introspect');
    for (const peer of ['oidc-provider memory', 'oidc-provider postgres', 'bare node:http']) {
      const p = results[peer];
      const opaque = p.tokenOpaque ? ratio(hubR.token.rps, p.tokenOpaque.rps) : '   —';
      console.log(
        `  hub / ${peer.padEnd(24)} ${ratio(hubR.token.rps, p.token.rps).padStart(7)}          ${opaque.padStart(7)}        ${ratio(hubR.introspect.rps, p.introspect.rps).padStart(7)}`,
      );
    }
  } finally {
    await hubDb.drop();
    await peerDb.drop();
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
