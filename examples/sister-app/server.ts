import { createSisterApp } from './app';
import { loadConfig } from './config';

/** `npm run example:sister-app` (or `npm start` in a copy of this folder): reads the environment and listens. */
let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig(process.env);
} catch (e) {
  console.error(`Configuration error: ${e instanceof Error ? e.message : e}`);
  process.exit(1);
}
const server = createSisterApp(config).listen(config.port, config.host, () => {
  console.log(`Sister App on ${config.appUrl} (listening on ${config.host}:${config.port}), hub ${config.hubUrl}`);
});
server.on('error', (e) => {
  console.error(`Cannot listen on ${config.host}:${config.port}: ${e.message}`);
  process.exit(1);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.close(() => process.exit(0)));
