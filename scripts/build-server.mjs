// `npm run build` (and `npm start` when the bundle is missing or older than its sources):
// compiles the server to one ES module, dist/server/main.js, with esbuild (a dependency of tsx,
// so present in production installs too). Packages stay external; nothing is transpiled at run time.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const serverBundle = path.join(root, 'dist/server/main.js');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

export function serverBuildIsStale() {
  if (!existsSync(serverBundle)) return true;
  const sources = Math.max(
    newestMtime(path.join(root, 'src/server')),
    newestMtime(path.join(root, 'src/shared')),
    statSync(path.join(root, 'package.json')).mtimeMs,
  );
  return sources > statSync(serverBundle).mtimeMs;
}

export async function buildServer() {
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
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildServer();
  console.log(`Built ${path.relative(root, serverBundle)}`);
}
