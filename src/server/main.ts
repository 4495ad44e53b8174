import { ConfigError, loadConfig } from './config';
import { buildApp } from './app';
import { closeHub, createHub } from './create-hub';
import { ensureSetupKey } from './setup/setup-key';
import { startupTasks } from './startup';
import { startMetricsServer } from './observability/http';
import { loggableError } from './plugins/errors';

/** Start: config → database → migrations → listen; stops cleanly on SIGINT/SIGTERM. */
async function main() {
  let config;
  try {
    config = loadConfig();
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
   * Graceful stop: readiness fails at once (the balancer stops sending; HUB_SHUTDOWN_DELAY_MS
   * gives it time to see that while this node still serves), the listening socket closes (no new connections), requests already accepted are answered — bounded by
   * HUB_SHUTDOWN_TIMEOUT_MS, after which remaining connections are cut — then the background
   * tasks stop, the audit batches in flight commit (every request waits for its own audit
   * commit before answering, so an answered request's event is durable), and the pool closes.
   */
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    hub.lifecycle.draining = true;
    app.log.info({ signal }, 'shutting down: draining');
    // Readiness fails from now on; give the balancer time to notice before refusing connections.
    if (config.shutdownDelayMs) await new Promise((r) => setTimeout(r, config.shutdownDelayMs));
    const cut = setTimeout(() => {
      app.log.warn('shutdown timeout: closing the remaining connections');
      app.server.closeAllConnections();
    }, config.shutdownTimeoutMs);
    cut.unref();
    try {
      await app.close();
      clearTimeout(cut);
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
  console.error('Ecosystem Hub failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
