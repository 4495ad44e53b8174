/**
 * The embedded database: PGlite started with the hub's extensions, in memory or in a directory
 * that this process claims (data-dir-lock.ts) for as long as the instance is open, because two
 * instances writing the same files corrupt them.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { claimDataDir } from './data-dir-lock';

/**
 * Starts PGlite with the hub's extensions, in `dir` or in memory, optionally from a data-directory
 * dump. A directory is claimed for this process until the instance closes (data-dir-lock.ts).
 */
export async function startPglite(dir: string, template?: Blob): Promise<PGlite> {
  const options = { extensions: { pg_trgm }, ...(template ? { loadDataDir: template } : {}) };
  if (dir.startsWith('memory://')) return PGlite.create(undefined, options);
  mkdirSync(path.resolve(dir), { recursive: true });
  const release = claimDataDir(dir);
  let client: PGlite;
  try {
    client = await PGlite.create(path.resolve(dir), options);
  } catch (e) {
    release();
    throw e;
  }
  // Whoever closes the instance gives the directory back.
  const close = client.close.bind(client);
  client.close = async () => {
    try {
      await close();
    } finally {
      release();
    }
  };
  return client;
}
