/**
 * A production-like cluster on one machine: a private PostgreSQL (initdb in a temporary
 * directory, run as the `postgres` user), N hub processes on it with default settings, and
 * nginx or HAProxy (Debian's packages) in front, each on free ports. `npm run cluster` starts
 * one and keeps it running; the cluster tests (tests/cluster/) start one per run and drive it.
 * The balancer configurations are the ones docs/operating-drain.md documents.
 *
 * Readiness: nginx (open source) has no active health checks. By default the harness is the
 * controller: it polls every node's /api/health/ready and takes a node that is not ready out of
 * the upstream (nginx reload) while at least one other node is ready; when none is (a database
 * outage) all stay in, and every node answers 503 itself. With `readinessController: false`
 * nginx runs as most deployments run it, never reloaded: a draining node's 503 refusals and
 * refused connections are all it sees (plugins/drain.ts). HAProxy checks readiness itself.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { serverBuildIsStale, serverBundle } from '../build-server.mjs';
import { releaseBundle } from './previous-release';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Node's arguments for a node running the hub of `root`, as `npm start` runs it: this checkout's
 * compiled bundle when it is built and newer than its sources (the cluster project's setup builds
 * it, once, before the workers start — never here, where two workers could write it at once); an
 * extracted release's bundle (built once when it was extracted, scripts/cluster/previous-release.ts);
 * otherwise the sources under tsx.
 */
function nodeCommand(root: string): string[] {
  const tsx = ['--import', 'tsx', path.join(root, 'src/server/main.ts')];
  if (path.resolve(root) === ROOT) return serverBuildIsStale() ? tsx : [serverBundle];
  const bundle = releaseBundle(root);
  return bundle ? [bundle] : tsx;
}
const NGINX = process.env.NGINX_BIN ?? '/usr/sbin/nginx';
const HAPROXY = process.env.HAPROXY_BIN ?? '/usr/sbin/haproxy';

/** The PostgreSQL server binaries of the newest installed version, or null. */
export function postgresBin(): string | null {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((v) => existsSync(path.join(base, v, 'bin/initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(base, versions[0], 'bin') : null;
}

/** Why a cluster cannot run here, or null when it can. */
export function clusterUnavailableReason(balancer: Balancer = 'nginx'): string | null {
  if (!postgresBin()) return 'PostgreSQL server binaries (/usr/lib/postgresql/*/bin/initdb) are not installed';
  if (balancer === 'nginx' && !existsSync(NGINX))
    return `nginx is not installed (${NGINX}); apt-get install -y nginx-light`;
  if (balancer === 'haproxy' && !existsSync(HAPROXY))
    return `HAProxy is not installed (${HAPROXY}); apt-get install -y haproxy`;
  if (process.getuid?.() === 0 && spawnSync('id', ['-u', 'postgres']).status !== 0) return 'no postgres user';
  return null;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(what: string, ms: number, probe: () => Promise<boolean>): Promise<void> {
  const started = Date.now();
  for (;;) {
    if (await probe().catch(() => false)) return;
    if (Date.now() - started > ms) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

function idOf(flag: '-u' | '-g', user: string): number {
  return Number(spawnSync('id', [flag, user], { encoding: 'utf8' }).stdout.trim());
}

/** The private PostgreSQL: stop and start it to stage an outage. */
export class ClusterPostgres {
  private proc?: ChildProcess;
  readonly url: string;
  constructor(
    readonly dir: string,
    readonly port: number,
    private readonly bin: string,
  ) {
    this.url = `postgres://postgres@127.0.0.1:${port}/hub`;
  }

  private asPostgres() {
    return process.getuid?.() === 0 ? { uid: idOf('-u', 'postgres'), gid: idOf('-g', 'postgres') } : {};
  }

  static async init(root: string): Promise<ClusterPostgres> {
    const bin = postgresBin();
    if (!bin) throw new Error('PostgreSQL is not installed');
    const dir = path.join(root, 'pg');
    mkdirSync(dir, { mode: 0o700 });
    const db = new ClusterPostgres(dir, await freePort(), bin);
    const ids = db.asPostgres();
    if (ids.uid !== undefined) chownSync(dir, ids.uid, ids.gid!);
    const r = spawnSync(
      path.join(bin, 'initdb'),
      ['-D', dir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8'],
      {
        ...ids,
        encoding: 'utf8',
      },
    );
    if (r.status !== 0) throw new Error(`initdb failed: ${r.stderr}`);
    await db.start();
    const admin = new pg.Client({ connectionString: db.url.replace(/\/hub$/, '/postgres') });
    await admin.connect();
    await admin.query('create database hub');
    await admin.end();
    return db;
  }

  async start(): Promise<void> {
    this.proc = spawn(
      path.join(this.bin, 'postgres'),
      [
        '-D',
        this.dir,
        '-p',
        String(this.port),
        '-k',
        this.dir,
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'max_connections=200',
        '-c',
        'fsync=off',
        '-c',
        'synchronous_commit=off',
        '-c',
        'full_page_writes=off',
        '-c',
        'shared_buffers=64MB',
      ],
      { ...this.asPostgres(), stdio: ['ignore', 'ignore', 'ignore'] },
    );
    await waitFor('PostgreSQL accepts connections', 30_000, () => this.ping());
  }

  async ping(): Promise<boolean> {
    const c = new pg.Client({
      connectionString: this.url.replace(/\/hub$/, '/postgres'),
      connectionTimeoutMillis: 1000,
    });
    c.on('error', () => {});
    try {
      await c.connect();
      await c.query('select 1');
      return true;
    } catch {
      return false;
    } finally {
      await c.end().catch(() => {});
    }
  }

  /** Fast shutdown (SIGINT): sessions are terminated, the server exits. */
  async stop(): Promise<void> {
    const proc = this.proc;
    if (!proc || proc.exitCode !== null) return;
    const exited = new Promise((r) => proc.once('exit', r));
    proc.kill('SIGINT');
    await exited;
    this.proc = undefined;
  }
}

export interface ClusterNode {
  index: number;
  port: number;
  url: string;
  proc: ChildProcess;
  /** stdout+stderr of the process (JSON log lines), for diagnosis. */
  output: string[];
  exited: Promise<number | null>;
}

export type Balancer = 'nginx' | 'haproxy';

export interface ClusterOptions {
  nodes?: number;
  /** What runs in front of the nodes (default nginx). */
  balancer?: Balancer;
  /** nginx only: the harness polls readiness and reloads nginx without unready nodes (default true). */
  readinessController?: boolean;
  /** Extra environment for every node. */
  env?: Record<string, string>;
  /** Print what happens. */
  verbose?: boolean;
  /** The project tree whose hub the nodes run (default this one): a previous release's, for rolling upgrades. */
  root?: string;
}

export class Cluster {
  readonly nodes: ClusterNode[] = [];
  readonly masterKey = randomBytes(32).toString('base64');
  readonly metricsToken = randomBytes(24).toString('base64url');
  private nginx?: ChildProcess;
  private haproxy?: ChildProcess;
  private watcher?: NodeJS.Timeout;
  private outOfRotation = new Set<number>();
  balancerUrl = '';
  private balancerPort = 0;

  private constructor(
    readonly root: string,
    readonly db: ClusterPostgres,
    private readonly options: ClusterOptions,
  ) {}

  static async start(options: ClusterOptions = {}): Promise<Cluster> {
    const reason = clusterUnavailableReason(options.balancer);
    if (reason) throw new Error(reason);
    const root = mkdtempSync(path.join(os.tmpdir(), 'hub-cluster-'));
    // The postgres user must reach its data directory inside.
    chownSyncSafe(root);
    const db = await ClusterPostgres.init(root);
    const cluster = new Cluster(root, db, options);
    try {
      cluster.balancerPort = await freePort();
      cluster.balancerUrl = `http://127.0.0.1:${cluster.balancerPort}`;
      const count = options.nodes ?? 3;
      const ports = await Promise.all(Array.from({ length: count }, () => freePort()));
      // The first node migrates the empty database; the others start once it is ready.
      await cluster.startNode(0, ports[0]);
      await Promise.all(ports.slice(1).map((p, i) => cluster.startNode(i + 1, p)));
      if (options.balancer === 'haproxy') {
        await cluster.startHaproxy();
      } else {
        await cluster.startNginx();
        if (options.readinessController ?? true) cluster.watchReadiness();
      }
    } catch (e) {
      await cluster.stop();
      throw e;
    }
    return cluster;
  }

  private log(...args: unknown[]) {
    if (this.options.verbose) console.log('[cluster]', ...args);
  }

  nodeEnv(port: number): Record<string, string> {
    return {
      PORT: String(port),
      HOST: '127.0.0.1',
      HUB_PUBLIC_URL: this.balancerUrl,
      DATABASE_URL: this.db.url,
      HUB_MASTER_KEY: this.masterKey,
      HUB_DATA_DIR: path.join(this.root, `node-data-${port}`),
      HUB_TRUST_PROXY: 'true',
      HUB_METRICS_TOKEN: this.metricsToken,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      ...this.options.env,
    };
  }

  /** Starts node `index` on `port`, running the hub of `root` (default: the cluster's, see ClusterOptions.root). */
  async startNode(index: number, port: number, root = this.options.root ?? ROOT): Promise<ClusterNode> {
    const output: string[] = [];
    const proc = spawn(process.execPath, nodeCommand(root), {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...this.nodeEnv(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => {
      output.push(chunk.toString());
      if (output.length > 2000) output.splice(0, output.length - 2000);
      if (this.options.verbose) process.stdout.write(`[node ${index}] ${chunk.toString()}`);
    };
    proc.stdout!.on('data', keep);
    proc.stderr!.on('data', keep);
    const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
    const node: ClusterNode = { index, port, url: `http://127.0.0.1:${port}`, proc, output, exited };
    this.nodes[index] = node;
    let gone = false;
    void exited.then(() => (gone = true));
    await waitFor(`node ${index} ready`, 120_000, async () => {
      if (gone) throw new Error(`node ${index} exited during start:\n${output.join('')}`);
      return (await fetch(`${node.url}/api/health/ready`)).status === 200;
    }).catch((e: Error) => {
      throw gone ? new Error(`node ${index} exited during start:\n${output.join('')}`) : e;
    });
    this.log(`node ${index} ready on ${node.url}`);
    return node;
  }

  /** The nginx configuration: round-robin over the nodes in rotation, on the balancer's port. */
  nginxConfig(): string {
    const dir = path.join(this.root, 'nginx');
    const servers = this.nodes
      .filter((n) => n && !this.outOfRotation.has(n.index))
      .map((n) => `    server 127.0.0.1:${n.port} max_fails=0;`);
    // Every node is out (none ready)? Keep all: each answers 503 itself, better than nginx's 502.
    const all = this.nodes.filter(Boolean).map((n) => `    server 127.0.0.1:${n.port} max_fails=0;`);
    return `# Written by scripts/cluster/cluster.ts
worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  client_max_body_size 1m;

  upstream hub {
${(servers.length ? servers : all).join('\n')}
    # max_fails=0: a 503 must not mark a node failed. In a database outage every node answers
    # 503, and with all marked failed nginx answers 502 "no live upstreams" instead.
    # No upstream keepalive: every request on a connection of its own (docs/operating-drain.md).
  }

  server {
    listen 127.0.0.1:${this.balancerPort};
    location / {
      proxy_pass http://hub;
      proxy_http_version 1.1;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Request-Id $request_id;
      # A draining node answers new requests 503 before doing anything: retry them on the next
      # node, POSTs included (non_idempotent), as a refused or reset connection.
      proxy_next_upstream error timeout http_503 non_idempotent;
      proxy_next_upstream_tries 3;
      proxy_connect_timeout 2s;
      proxy_read_timeout 30s;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`;
  }

  private async startNginx() {
    const dir = path.join(this.root, 'nginx');
    mkdirSync(dir, { recursive: true });
    this.written = this.nginxConfig();
    writeFileSync(path.join(dir, 'nginx.conf'), this.written);
    const test = spawnSync(
      NGINX,
      ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log'), '-t'],
      {
        encoding: 'utf8',
      },
    );
    if (test.status !== 0) throw new Error(`nginx config refused: ${test.stderr}`);
    this.nginx = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')], {
      stdio: 'ignore',
    });
    await waitFor('nginx answers', 30_000, async () => (await fetch(`${this.balancerUrl}/api/health/live`)).ok);
    this.log(`nginx on ${this.balancerUrl}`);
  }

  private written = '';

  /** The HAProxy configuration: round-robin, active readiness checks, L7 retries of refusals. */
  haproxyConfig(): string {
    const dir = path.join(this.root, 'haproxy');
    const servers = this.nodes.filter(Boolean).map((n) => `  server node${n.index} 127.0.0.1:${n.port} check`);
    return `# Written by scripts/cluster/cluster.ts
global
  maxconn 4096
  pidfile ${dir}/haproxy.pid

defaults
  mode http
  timeout connect 2s
  timeout client 30s
  timeout server 30s
  timeout http-request 10s
  option forwardfor
  # A draining node answers new requests 503 before doing anything, and a connection it refuses
  # carried nothing: retry both, on another node (redispatch), POSTs included.
  retries 3
  retry-on conn-failure 503
  option redispatch 1

frontend hub
  bind 127.0.0.1:${this.balancerPort}
  http-request set-header X-Forwarded-Proto http
  default_backend hub

backend hub
  balance roundrobin
  option httpchk GET /api/health/ready
  http-check expect status 200
  default-server inter 1s fall 2 rise 2
  http-response set-header X-Upstream %s
${servers.join('\n')}
`;
  }

  private async startHaproxy() {
    const dir = path.join(this.root, 'haproxy');
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, 'haproxy.cfg');
    writeFileSync(file, this.haproxyConfig());
    const test = spawnSync(HAPROXY, ['-c', '-q', '-f', file], { encoding: 'utf8' });
    if (test.status !== 0) throw new Error(`HAProxy config refused: ${test.stderr}${test.stdout}`);
    // -db: foreground, logs to stderr (kept quiet: no log target is configured).
    this.haproxy = spawn(HAPROXY, ['-db', '-f', file], { stdio: 'ignore' });
    await waitFor('HAProxy answers', 30_000, async () => (await fetch(`${this.balancerUrl}/api/health/ready`)).ok);
    this.log(`HAProxy on ${this.balancerUrl}`);
  }

  /** Rewrites the configuration and reloads nginx, only when the upstream actually changed. */
  private reloadNginx() {
    const dir = path.join(this.root, 'nginx');
    const config = this.nginxConfig();
    if (config === this.written) return;
    this.written = config;
    writeFileSync(path.join(dir, 'nginx.conf'), config);
    this.nginx?.kill('SIGHUP');
  }

  private watchReadiness() {
    let busy = false;
    this.watcher = setInterval(() => {
      if (busy) return;
      busy = true;
      void (async () => {
        const live = this.nodes.filter((n) => n && n.proc.exitCode === null && n.proc.signalCode === null);
        const ready = await Promise.all(
          live.map(async (n) => {
            try {
              const res = await fetch(`${n.url}/api/health/ready`, { signal: AbortSignal.timeout(3000) });
              return res.status === 200;
            } catch {
              return false;
            }
          }),
        );
        const out = new Set(this.nodes.filter((n) => n && !live.includes(n)).map((n) => n.index));
        live.forEach((n, i) => !ready[i] && out.add(n.index));
        const same = out.size === this.outOfRotation.size && [...out].every((i) => this.outOfRotation.has(i));
        if (!same) {
          this.outOfRotation = out;
          this.log(`in rotation: ${this.nodes.filter((n) => n && !out.has(n.index)).map((n) => n.index)}`);
          this.reloadNginx();
        }
      })().finally(() => (busy = false));
    }, 500);
    this.watcher.unref();
  }

  /** Node indexes nginx currently sends traffic to. */
  inRotation(): number[] {
    return this.nodes.filter((n) => n && !this.outOfRotation.has(n.index)).map((n) => n.index);
  }

  async stop(): Promise<void> {
    clearInterval(this.watcher);
    if (this.nginx && this.nginx.exitCode === null) {
      const exited = new Promise((r) => this.nginx!.once('exit', r));
      this.nginx.kill('SIGQUIT');
      await exited;
    }
    if (this.haproxy && this.haproxy.exitCode === null) {
      const exited = new Promise((r) => this.haproxy!.once('exit', r));
      this.haproxy.kill('SIGTERM');
      await exited;
    }
    await Promise.all(
      this.nodes.map(async (n) => {
        if (!n || n.proc.exitCode !== null || n.proc.signalCode !== null) return;
        n.proc.kill('SIGKILL');
        await n.exited;
      }),
    );
    await this.db.stop().catch(() => {});
    rmSync(this.root, { recursive: true, force: true });
  }
}

function chownSyncSafe(dir: string) {
  if (process.getuid?.() !== 0) return;
  // Only the directory itself: postgres needs to traverse it to reach pg/.
  chownSync(dir, 0, 0);
  spawnSync('chmod', ['755', dir]);
}
