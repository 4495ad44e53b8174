import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { option, type BareCliCommand } from './command';
import type { HubConfig } from '../config';
import { DataDirInUseError } from '../db/data-dir-lock';
import { openDatabase } from '../db/client';
import { requestBackup } from '../backup/control';
import { takeBackup, writeKeyFile, writePrivateFile } from '../backup/dump';
import { restoreEmbedded } from '../backup/restore';

const PG_ADVICE = 'On PostgreSQL back up with pg_dump or WAL archiving (docs/operating.md, "Backup and restore").';

/** The dump of a stopped hub's directory (opened here), or of a running hub's (asked over its socket). */
async function dumpEmbedded(config: HubConfig): Promise<{ bytes: Buffer; how: string }> {
  const dir = path.join(config.dataDir, 'pglite');
  if (!existsSync(path.join(dir, 'PG_VERSION'))) throw new Error(`There is no embedded database in ${config.dataDir}`);
  let database;
  try {
    database = await openDatabase({ pgliteDir: dir });
  } catch (e) {
    if (!(e instanceof DataDirInUseError)) throw e;
    return { bytes: await requestBackup(config.dataDir), how: 'taken by the running hub' };
  }
  try {
    return { bytes: await takeBackup(database, () => new Date()), how: 'taken from the stopped hub’s files' };
  } finally {
    await database.close();
  }
}

function masterKeyOf(config: HubConfig): Buffer {
  if (config.masterKey) return config.masterKey;
  return Buffer.from(readFileSync(path.resolve(config.dataDir, 'master.key'), 'utf8').trim(), 'base64');
}

export const BACKUP_COMMANDS: BareCliCommand[] = [
  {
    name: 'backup',
    summary: 'FILE [--key-file KEYFILE]: online backup of the embedded database (the master key only with --key-file)',
    bare: true,
    async run(config, args) {
      const file = args[0];
      if (!file || file.startsWith('--')) {
        console.error('Usage: npm run hub -- backup FILE [--key-file KEYFILE]');
        return 2;
      }
      if (config.databaseUrl) {
        console.error(PG_ADVICE);
        return 2;
      }
      const keyFile = option(args, '--key-file');
      const { bytes, how } = await dumpEmbedded(config);
      writePrivateFile(path.resolve(file), bytes);
      console.log(`Backup written to ${file} (${bytes.length} bytes, ${how}).`);
      if (keyFile) {
        writeKeyFile(path.resolve(keyFile), masterKeyOf(config));
        console.log(`Master key written to ${keyFile}: keep it apart from the backup.`);
      } else {
        console.log(
          'The master key is not in the backup: keep HUB_DATA_DIR/master.key (or HUB_MASTER_KEY) safe apart.',
        );
      }
    },
  },
  {
    name: 'restore',
    summary: 'FILE [--key-file KEYFILE]: restore a backup into an empty HUB_DATA_DIR (a non-empty one is refused)',
    bare: true,
    async run(config, args) {
      const file = args[0];
      if (!file || file.startsWith('--')) {
        console.error('Usage: npm run hub -- restore FILE [--key-file KEYFILE]');
        return 2;
      }
      if (config.databaseUrl) {
        console.error(PG_ADVICE);
        return 2;
      }
      const keyFile = option(args, '--key-file');
      await restoreEmbedded({ dataDir: config.dataDir, file, keyFile });
      console.log(
        `Restored ${file} into ${config.dataDir}` +
          (keyFile
            ? ', with its master key.'
            : '; put the master key in master.key (or HUB_MASTER_KEY) before starting.'),
      );
    },
  },
];
