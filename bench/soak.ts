/**
 * npm run bench:soak [-- --duration=60 --connections=64 --nodes=3]
 *
 * A soak through the balancer of `npm run cluster` (private PostgreSQL, N hub processes, nginx):
 * every connection repeats sign-in (POST /api/auth/sign-in), introspection of a live token and a
 * client_credentials grant, round-robin over the nodes. Reports errors (non-2xx and socket
 * errors; goal 0), latency percentiles, and each node's RSS every 5 s (goal: flat, < 300 MB).
 * Runs in this process with autocannon; the nodes are their own processes.
 */
import os from 'node:os';
import autocannon from 'autocannon';
import { Cluster } from '../scripts/cluster/cluster';
import { systemActor } from '../src/server/actor';
import { loadConfig } from '../src/server/config';
import { closeHub, createHub } from '../src/server/create-hub';
import { createClient } from '../src/server/oauth/clients/service';
import { createUser, FIXTURE_PASSWORD } from '../tests/helpers/fixtures';
import { loadAverage, rssMb } from './lib/proc';

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const DURATION = Number(args.duration ?? 60);
const CONNECTIONS = Number(args.connections ?? 64);
const NODES = Number(args.nodes ?? 3);

interface CannonResult {
  errors: number;
  timeouts: number;
  non2xx: number;
  requests: { total: number; average: number };
  latency: { p50: number; p90: number; p99: number; max: number };
  '1xx': number;
  '2xx': number;
  '3xx': number;
  '4xx': number;
  '5xx': number;
}

const cluster = await Cluster.start({ nodes: NODES });
try {
  const hub = await createHub({
    config: {
      ...loadConfig({ LOG_LEVEL: 'silent', HUB_MASTER_KEY: cluster.masterKey, DATABASE_URL: cluster.db.url }),
      publicUrl: cluster.balancerUrl,
    },
    skipMigrations: true,
  });
  const users = await Promise.all(Array.from({ length: 16 }, () => createUser(hub)));
  const created = await createClient(
    hub,
    {
      app_name: 'Soak',
      app_url: 'https://soak.example.test',
      redirect_uris: ['https://soak.example.test/cb'],
      post_logout_redirect_uris: [],
      scopes: ['openid', 'read:profile'],
      app_type: 'platform',
    },
    systemActor(),
  );
  const basic = `Basic ${Buffer.from(`${created.client.clientId}:${created.clientSecret}`).toString('base64')}`;
  const form = { 'content-type': 'application/x-www-form-urlencoded', authorization: basic };
  const tokenBody = 'grant_type=client_credentials&scope=read%3Aprofile';
  const live = (await (
    await fetch(`${cluster.balancerUrl}/oauth/token`, { method: 'POST', headers: form, body: tokenBody })
  ).json()) as { access_token: string };
  await closeHub(hub);

  const rss: { t: number; nodes: number[] }[] = [];
  const started = Date.now();
  const sample = () =>
    rss.push({
      t: Math.round((Date.now() - started) / 1000),
      nodes: cluster.nodes.map((n) => Math.round(rssMb(n.proc.pid!).rss)),
    });
  sample();
  const sampler = setInterval(sample, 5000);

  // Answers by endpoint and status, and the first bodies of anything that was not 2xx.
  const byEndpoint: Record<string, Record<string, number>> = {};
  const samples: string[] = [];
  const tally = (endpoint: string) => (status: number, body: string) => {
    const row = (byEndpoint[endpoint] ??= {});
    row[status] = (row[status] ?? 0) + 1;
    if ((status < 200 || status >= 300) && samples.length < 10)
      samples.push(`${endpoint} ${status} ${body.slice(0, 200)}`);
  };
  let ip = 0;
  const result = await new Promise<CannonResult>((resolve, reject) => {
    const instance = autocannon(
      {
        url: cluster.balancerUrl,
        connections: CONNECTIONS,
        duration: DURATION,
        requests: [
          {
            method: 'POST',
            path: '/api/auth/sign-in',
            headers: { 'content-type': 'application/json', 'x-hub-csrf': '1', origin: cluster.balancerUrl },
            setupRequest(req: { headers: Record<string, string> }, ctx: { n?: number }) {
              ctx.n = (ctx.n ?? Math.floor(Math.random() * users.length)) + 1;
              // A client IP per sign-in (the hub trusts the balancer's X-Forwarded-For): the per-IP
              // sign-in limit is for attackers, not for thousands of users behind one load generator.
              ip++;
              return {
                ...req,
                headers: { ...req.headers, 'x-forwarded-for': `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}` },
                body: JSON.stringify({ email: users[ctx.n % users.length].email, password: FIXTURE_PASSWORD }),
              };
            },
            onResponse: tally('sign-in'),
          },
          {
            method: 'POST',
            path: '/oauth/introspect',
            headers: form,
            body: `token=${live.access_token}`,
            onResponse: tally('introspect'),
          },
          { method: 'POST', path: '/oauth/token', headers: form, body: tokenBody, onResponse: tally('token') },
        ],
      },
      (err: Error | null, res: CannonResult) => (err ? reject(err) : resolve(res)),
    );
    void instance;
  });
  clearInterval(sampler);
  sample();

  const errors = result.errors + result.timeouts + result.non2xx;
  const report = {
    date: new Date().toISOString(),
    machine:
      `${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'}), ` +
      `${Math.round(os.totalmem() / 2 ** 30)} GB, load average ${loadAverage()}`,
    nodes: NODES,
    connections: CONNECTIONS,
    duration_s: DURATION,
    requests: result.requests.total,
    rps: Math.round(result.requests.average),
    errors,
    non2xx: result.non2xx,
    socket_errors: result.errors,
    timeouts: result.timeouts,
    by_endpoint: byEndpoint,
    non_2xx_samples: samples,
    status: {
      '1xx': result['1xx'],
      '2xx': result['2xx'],
      '3xx': result['3xx'],
      '4xx': result['4xx'],
      '5xx': result['5xx'],
    },
    latency_ms: { p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99, max: result.latency.max },
    rss_mb_per_node_over_time: rss,
  };
  console.log(JSON.stringify(report, null, 2));
} finally {
  await cluster.stop();
}
