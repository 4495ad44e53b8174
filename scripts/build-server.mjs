// `npm run build` (and `npm start` when the bundle is missing or older than its sources):
// compiles the server to one ES module, dist/server/main.js, with esbuild (a dependency of tsx,
// so present in production installs too). Packages stay external; nothing is transpiled at run time.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const serverBundle = path.join(root, 'dist/server/main.js');

function newestMtime(file) {
  const stat = statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(file)) newest = Math.max(newest, newestMtime(path.join(file, entry)));
  return newest;
}

/** True when `output` is missing or older than any file under `inputs` (paths from the repo root). */
export function isStale(output, inputs) {
  if (!existsSync(output)) return true;
  const sources = Math.max(...inputs.map((p) => newestMtime(path.join(root, p))));
  return sources > statSync(output).mtimeMs;
}

export function serverBuildIsStale() {
  return isStale(serverBundle, ['src/server', 'src/shared', 'package.json']);
}

async function buildServer() {
  const esbuild = await import('esbuild');
  await esbuild.build({
    entryPoints: [path.join(root, 'src/server/main.ts')],
    outfile: serverBundle,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    // Stack traces name the TypeScript sources.
    sourcesContent: false,
    logLevel: 'warning',
    tsconfig: path.join(root, 'tsconfig.server.json'),
  });
  // esbuild's service process has done its work: end it now rather than when this process exits.
  await esbuild.stop();
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildServer();
  console.log(`Built ${path.relative(root, serverBundle)}`);
}
