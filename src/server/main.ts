import v8 from 'node:v8';
import { ConfigError, configDeprecations, loadConfig } from './config';
import { buildApp } from './app';
import { closeHub, createHub } from './create-hub';
import { ensureSetupKey } from './setup/setup-key';
import { startupTasks } from './startup';
import { startBackupServices } from './backup/services';
import { startMetricsServer } from './observability/http';
import { drainApp } from './plugins/drain';
import { loggableError } from './plugins/errors';

/**
 * How far V8 lets the old generation grow past what survived the last full collection before it
 * collects again (`--heap-growing-percent`). Left to itself, V8 picks 1.1–4× from its GC and
 * allocation speeds and, with gigabytes to spare, lets a busy hub's old generation fill with
 * promoted garbage to 4× its live ~55 MB: most of the RSS peak under load (docs/performance.md,
 * issue 44). A soft bound, read at every collection: no ceiling, so a large export still grows
 * the heap as it needs. A `node --heap-growing-percent=…` of the operator's own wins.
 */
const HEAP_GROWING_PERCENT = 50;

function boundHeapGrowth() {
  if (process.execArgv.some((a) => a.startsWith('--heap-growing-percent'))) return;
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}

/** Start: config → database → migrations → listen; stops cleanly on SIGINT/SIGTERM. */
async function main() {
  boundHeapGrowth();
  let config;
  try {
    config = loadConfig();
    for (const line of configDeprecations()) console.warn(`Configuration: ${line}`);
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(`Configuration error: ${e.message}`);
      process.exit(78);
    }
    throw e;
  }

  const hub = await createHub({ config });
  const setupKey = await ensureSetupKey(hub);
  const stopBackground = await startupTasks(hub);
  const app = await buildApp(hub);
  await app.listen({ port: config.port, host: config.host });

  const where = hub.database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL';
  console.log(`Ecosystem Hub is running at ${config.publicUrl} (${where})`);
  if (setupKey) {
    console.log(`Setup key (shown once, keep it safe; needed for the setup tools): ${setupKey}`);
  }

  const stopBackups = await startBackupServices(hub, (message) => app.log.error(message));

  const metricsServer = config.metricsPort
    ? await startMetricsServer(hub, config.metricsPort, config.metricsHost)
    : undefined;

  // A database event must never end the process: anything the driver throws outside a request
  // is logged, the pool and the listener reconnect by themselves.
  process.on('unhandledRejection', (reason) => {
    app.log.error({ err: loggableError(reason) }, 'unhandled rejection');
  });

  let stopping = false;
  /**
   * Graceful stop: readiness fails at once; the drain (plugins/drain.ts) keeps serving for
   * HUB_SHUTDOWN_DELAY_MS, then answers new requests 503 + `Connection: close` before any work
   * (the balancer retries them on another node) while the requests already accepted finish,
   * and closes the listener once none has arrived for HUB_DRAIN_QUIET_MS (at the latest after
   * HUB_DRAIN_MAX_MS) — never while a balancer may still be connecting, so no accepted
   * connection is reset. Requests in flight then get HUB_SHUTDOWN_TIMEOUT_MS before their
   * connections are cut; then the background tasks stop, the audit batches in flight commit
   * (every request waits for its own audit commit before answering, so an answered request's
   * event is durable), and the pool closes.
   */
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    hub.lifecycle.draining = true;
    app.log.info({ signal }, 'shutting down: draining');
    try {
      await drainApp(app, {
        delayMs: config.shutdownDelayMs,
        quietMs: config.drainQuietMs,
        maxMs: config.drainMaxMs,
        timeoutMs: config.shutdownTimeoutMs,
      });
      await stopBackups();
      await stopBackground();
      metricsServer?.close();
      await closeHub(hub);
      app.log.info('stopped');
      process.exit(0);
    } catch (e) {
      app.log.error({ err: loggableError(e) }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error) => {
  if (error instanceof ConfigError) {
    console.error(`Configuration error: ${error.message}`);
    process.exit(78);
  }
  console.error('Ecosystem Hub failed to start:', startFailure(error));
  process.exit(1);
});

/**
 * The error and what it wraps (a query's SQLSTATE and the database's own words sit in its cause), one line each,
 * without a query's parameters.
 */
function startFailure(error: unknown): string {
  const lines: string[] = [];
  for (let e: Record<string, unknown> | undefined = loggableError(error); e; e = e.cause as typeof e) {
    lines.push(typeof e.code === 'string' ? `${String(e.message)} (${e.code})` : String(e.message));
  }
  return lines.join('\n  caused by: ');
}
