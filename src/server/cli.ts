import { ConfigError, loadConfig } from './config';
import { closeHub, createHub } from './create-hub';
import { COMMANDS } from './cli/commands';

/**
 * The operator CLI: `npm run hub -- <group> <command> [args]`. It opens the same database the
 * server uses (DATABASE_URL or ./data), so it works on a stopped or running hub alike.
 */

function usage() {
  console.log('Usage: npm run hub -- <command> [options]\n\nCommands:');
  for (const c of COMMANDS) console.log(`  ${c.name.padEnd(24)} ${c.summary}`);
}

async function main(argv: string[]) {
  const command = COMMANDS.find((c) => {
    const words = c.name.split(' ');
    return words.every((w, i) => argv[i] === w);
  });
  if (!command) {
    usage();
    return argv.length === 0 || argv[0] === 'help' ? 0 : 2;
  }
  const args = argv.slice(command.name.split(' ').length);
  const config = { ...loadConfig(), logLevel: 'silent' as const };
  if ('bare' in command) return (await command.run(config, args)) ?? 0;
  const hub = await createHub({ config });
  try {
    return (await command.run(hub, args)) ?? 0;
  } finally {
    await closeHub(hub);
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    console.error(
      error instanceof ConfigError
        ? `Configuration error: ${error.message}`
        : `Error: ${error instanceof Error ? error.message : error}`,
    );
    process.exit(1);
  },
);
