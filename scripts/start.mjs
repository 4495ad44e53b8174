// `npm start`: builds the web app and the server bundle when they are missing or older than
// their sources, each in a child process that exits (so nothing of a build, such as esbuild's
// service process or the bundler's memory, outlives it), then starts the compiled hub
// (dist/server/main.js) in this same process: plain JavaScript, no TypeScript transpiler at run time.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isStale, serverBuildIsStale, serverBundle } from './build-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = path.join(root, 'dist/web/index.html');

function webBuildIsStale() {
  return isStale(builtIndex, ['src/web', 'src/shared', 'vite.config.ts']);
}

/** Runs a build script in a child process and waits for it to exit; a failed build ends the start. */
function runBuild(script, args = []) {
  const result = spawnSync(process.execPath, [script, ...args], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (webBuildIsStale()) {
  console.log('Building the web app…');
  runBuild(path.join(root, 'node_modules/vite/bin/vite.js'), ['build', '--logLevel', 'warn']);
}

if (serverBuildIsStale()) {
  console.log('Building the server…');
  runBuild(path.join(root, 'scripts/build-server.mjs'));
}
await import(pathToFileURL(serverBundle).href);
