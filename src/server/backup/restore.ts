/**
 * `npm run hub -- restore FILE`: a backup into an empty data directory. A directory that holds
 * anything is refused, so a restore never mixes with or overwrites a live database.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { startPglite } from '../db/pglite';
import { writePrivateFile } from './dump';

export class RestoreRefusedError extends Error {
  override name = 'RestoreRefusedError';
}

export async function restoreEmbedded(options: { dataDir: string; file: string; keyFile?: string }): Promise<void> {
  const dataDir = path.resolve(options.dataDir);
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    throw new RestoreRefusedError(`${dataDir} is not empty: restore into a new, empty HUB_DATA_DIR`);
  }
  const key = options.keyFile ? readFileSync(options.keyFile, 'utf8').trim() : undefined;
  if (key !== undefined && Buffer.from(key, 'base64').length !== 32) {
    throw new RestoreRefusedError(`${options.keyFile} does not hold a 32-byte base64 key`);
  }
  const client = await startPglite(path.join(dataDir, 'pglite'), new Blob([readFileSync(options.file)]));
  // Opened once: PostgreSQL replays the dump's WAL, so the first start serves at once.
  await client.query('select 1');
  await client.close();
  if (key !== undefined) writePrivateFile(path.join(dataDir, 'master.key'), `${key}\n`);
}
