import client from 'prom-client';
import type { Database } from '../db/client';
import { outboxBacklog } from '../events/delivery/queries';
import { sinkLags } from '../events/siem/queries';
import { readLastBackup } from '../backup/queries';

/**
 * The hub's Prometheus metrics. One registry per hub (tests run many hubs in one process); the
 * process-wide ones (CPU, RSS, heap, event-loop lag, GC) live once in `processRegistry` and are
 * appended to every scrape. Label values are bounded: routes are the router's patterns (never
 * raw URLs), statuses are numbers, grants and outcomes are fixed words.
 */
export interface HubMetrics {
  registry: client.Registry;
  httpRequests: client.Counter<'method' | 'route' | 'status'>;
  httpDuration: client.Histogram<'method' | 'route' | 'status'>;
  signIns: client.Counter<'outcome'>;
  lockouts: client.Counter;
  tokensIssued: client.Counter<'grant'>;
  introspections: client.Counter<'status'>;
  auditEvents: client.Counter<'type'>;
  auditBatchSize: client.Histogram;
  auditCommitSeconds: client.Histogram;
  revocationLagSeconds: client.Histogram;
  /** Webhook delivery attempts by outcome (delivered, retry, failed, gone, failing: events/delivery/worker.ts). */
  webhookDeliveries: client.Counter<'outcome'>;
  /** Failed SIEM sink batches by sink id (events/siem/worker.ts). */
  auditSinkFailures: client.Counter<'sink'>;
  /**
   * A tally of hub_http_requests_total for these labels kept as a plain number and added to the
   * counter at each scrape (the fast paths' per-answer cost is one addition; the totals scraped
   * are exact).
   */
  httpTally(labels: { method: string; route: string; status: string }): { n: number };
  /** The whole exposition: this hub's metrics and the process's. */
  scrape(): Promise<string>;
  contentType: string;
}

let processRegistry: client.Registry | undefined;

function processMetrics(): client.Registry {
  if (!processRegistry) {
    processRegistry = new client.Registry();
    // Includes nodejs_eventloop_lag_seconds (+ percentiles), process_resident_memory_bytes, heap and GC.
    client.collectDefaultMetrics({ register: processRegistry, eventLoopMonitoringPrecision: 20 });
  }
  return processRegistry;
}

export function createMetrics(database: Database, clock: () => Date = () => new Date()): HubMetrics {
  const registry = new client.Registry();
  const latency = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
  const tallies: { labels: { method: string; route: string; status: string }; n: number }[] = [];
  const m = {
    registry,
    httpRequests: new client.Counter({
      name: 'hub_http_requests_total',
      help: 'HTTP requests answered, by route pattern and status',
      labelNames: ['method', 'route', 'status'] as const,
      registers: [registry],
      collect() {
        for (const t of tallies) {
          if (t.n > 0) this.inc(t.labels, t.n);
          t.n = 0;
        }
      },
    }),
    httpDuration: new client.Histogram({
      name: 'hub_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by route pattern and status',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: latency,
      registers: [registry],
    }),
    signIns: new client.Counter({
      name: 'hub_sign_ins_total',
      help: 'Password sign-ins by outcome (success, failure)',
      labelNames: ['outcome'] as const,
      registers: [registry],
    }),
    lockouts: new client.Counter({
      name: 'hub_lockouts_total',
      help: 'Accounts blocked after too many failed sign-ins',
      registers: [registry],
    }),
    tokensIssued: new client.Counter({
      name: 'hub_oauth_tokens_issued_total',
      help: 'OAuth tokens issued, by grant type',
      labelNames: ['grant'] as const,
      registers: [registry],
    }),
    introspections: new client.Counter({
      name: 'hub_oauth_introspections_total',
      help: 'Token introspection requests, by HTTP status',
      labelNames: ['status'] as const,
      registers: [registry],
    }),
    auditEvents: new client.Counter({
      name: 'hub_audit_events_total',
      help: 'Audit events committed by this process, by event type',
      labelNames: ['type'] as const,
      registers: [registry],
    }),
    auditBatchSize: new client.Histogram({
      name: 'hub_audit_batch_size',
      help: 'Audit events per chain append (one commit)',
      buckets: [1, 2, 4, 8, 16, 32, 64, 128, 256],
      registers: [registry],
    }),
    auditCommitSeconds: new client.Histogram({
      name: 'hub_audit_commit_seconds',
      help: 'Time from handing a batch to the chain writer to its commit',
      buckets: latency,
      registers: [registry],
    }),
    revocationLagSeconds: new client.Histogram({
      name: 'hub_revocation_bus_lag_seconds',
      help: 'Time from a revocation published on a node to this node hearing it (LISTEN/NOTIFY)',
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
      registers: [registry],
    }),
    webhookDeliveries: new client.Counter({
      name: 'hub_webhook_deliveries_total',
      help: 'Webhook delivery attempts by this process, by outcome (delivered, retry, failed, gone, failing)',
      labelNames: ['outcome'] as const,
      registers: [registry],
    }),
    auditSinkFailures: new client.Counter({
      name: 'hub_audit_sink_failures_total',
      help: 'SIEM sink batches that failed on this process (connection, TLS, non-2xx), by sink id',
      labelNames: ['sink'] as const,
      registers: [registry],
    }),
  };
  registerOutboxGauges(registry, database, clock);
  registerBackupGauges(registry, database);
  new client.Gauge({
    name: 'hub_audit_sink_lag_rows',
    help: 'Audit rows a SIEM sink is behind the chain head (all nodes), by sink id',
    labelNames: ['sink'] as const,
    registers: [registry],
    // Read at each scrape on the background connection; a database that cannot answer keeps the last values.
    async collect() {
      const lags = await sinkLags(database.background).catch(() => null);
      if (!lags) return;
      this.reset();
      for (const { id, lag } of lags) this.set({ sink: id }, lag);
    },
  });
  new client.Gauge({
    name: 'hub_db_pool_connections',
    help: 'Database pool: connections open (total), in use, idle, and requests waiting for one',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const s = database.poolStats();
      this.set({ state: 'total' }, s.total);
      this.set({ state: 'in_use' }, s.total - s.idle);
      this.set({ state: 'idle' }, s.idle);
      this.set({ state: 'waiting' }, s.waiting);
    },
  });
  new client.Gauge({
    name: 'hub_db_listener_connected',
    help: '1 while the LISTEN connection (cross-node revocations) is up',
    registers: [registry],
    collect() {
      this.set(database.listenerConnected() ? 1 : 0);
    },
  });
  const proc = processMetrics();
  return {
    ...m,
    contentType: registry.contentType,
    httpTally(labels) {
      const tally = { labels, n: 0 };
      tallies.push(tally);
      return tally;
    },
    async scrape() {
      return `${await registry.metrics()}\n${await proc.metrics()}`;
    },
  };
}

/**
 * The outbox's backlog, read from the database at each scrape (every node sees the whole outbox,
 * which is shared): a small read of the pending rows' partial index per gauge, on the background
 * connection. A database that cannot answer leaves the last values rather than failing the scrape.
 */
function registerOutboxGauges(registry: client.Registry, database: Database, clock: () => Date) {
  const read = () => outboxBacklog(database.background, clock()).catch(() => null);
  new client.Gauge({
    name: 'hub_outbox_pending',
    help: 'Webhook deliveries waiting to be sent or retried (all nodes)',
    registers: [registry],
    async collect() {
      const b = await read();
      if (b) this.set(b.pending);
    },
  });
  new client.Gauge({
    name: 'hub_outbox_oldest_seconds',
    help: 'Age of the oldest webhook delivery still waiting (0 when none)',
    registers: [registry],
    async collect() {
      const b = await read();
      if (b) this.set(b.oldestSeconds);
    },
  });
}

/** The embedded database's last backup (backup/dump.ts), read from hub_settings at each scrape; absent until one is taken. */
function registerBackupGauges(registry: client.Registry, database: Database) {
  if (database.kind !== 'pglite') return;
  const read = () => readLastBackup(database.background).catch(() => null);
  new client.Gauge({
    name: 'hub_backup_last_success_timestamp_seconds',
    help: 'When the last backup of the embedded database was taken (Unix time)',
    registers: [registry],
    async collect() {
      const last = await read();
      if (last) this.set(Date.parse(last.at) / 1000);
    },
  });
  new client.Gauge({
    name: 'hub_backup_last_size_bytes',
    help: 'Size of the last backup of the embedded database (gzipped tarball)',
    registers: [registry],
    async collect() {
      const last = await read();
      if (last) this.set(last.sizeBytes);
    },
  });
}
