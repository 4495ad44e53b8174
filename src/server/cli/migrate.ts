import path from 'node:path';
import type { BareCliCommand } from './command';
import { openDatabase } from '../db/client';
import { describeSchemaState, readSchemaState } from '../db/schema-contract';

export const MIGRATE_COMMANDS: BareCliCommand[] = [
  {
    name: 'migrate',
    summary:
      '--check: say what the next start would apply (and whether this release may start at all); changes nothing',
    bare: true,
    async run(config, args) {
      if (!args.includes('--check')) {
        console.error(
          'Migrations are applied when the hub starts; `migrate --check` says what the next start would do.',
        );
        return 2;
      }
      const database = await openDatabase({
        url: config.databaseUrl,
        pgliteDir: path.join(config.dataDir, 'pglite'),
        poolMax: 1,
        timeouts: config.db,
      });
      try {
        const state = await readSchemaState(database);
        for (const line of describeSchemaState(state)) console.log(line);
        return state.nodeLevel < state.minLevel ? 1 : 0;
      } finally {
        await database.close();
      }
    },
  },
];
