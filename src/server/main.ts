import { ConfigError, loadConfig } from './config';
import { buildApp } from './app';
import { closeHub, createHub } from './create-hub';
import { ensureSetupKey } from './setup/setup-key';
import { startupTasks } from './startup';

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

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    await stopBackground();
    await app.close();
    await closeHub(hub);
    process.exit(0);
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
