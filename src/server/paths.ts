import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The checkout the hub runs from: the nearest folder above this module with a package.json.
 * The same from the TypeScript sources (src/server/) and from the compiled bundle
 * (dist/server/main.js), so the web build and the migrations are found either way.
 */
function projectRoot(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (let dir = here; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) return path.resolve(here, '../..');
  }
}

export const PROJECT_ROOT = projectRoot();
