// `npm start`: builds the web app and the server bundle when they are missing or older than
// their sources, then starts the compiled hub (dist/server/main.js) in this same process:
// plain JavaScript, no TypeScript transpiler at run time.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildServer, isStale, serverBuildIsStale, serverBundle } from './build-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = path.join(root, 'dist/web/index.html');

function webBuildIsStale() {
  return isStale(builtIndex, ['src/web', 'src/shared', 'vite.config.ts']);
}

if (webBuildIsStale()) {
  console.log('Building the web app…');
  const vite = path.join(root, 'node_modules/vite/bin/vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (serverBuildIsStale()) {
  console.log('Building the server…');
  await buildServer();
}
await import(pathToFileURL(serverBundle).href);
