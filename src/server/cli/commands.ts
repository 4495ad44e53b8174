import type { BareCliCommand, CliCommand } from './command';
import { AUDIT_COMMANDS } from './audit';
import { BACKUP_COMMANDS } from './backup';
import { CLIENT_COMMANDS } from './clients';
import { CONFIG_COMMANDS } from './config';
import { KEY_COMMANDS } from './keys';
import { MASTER_KEY_COMMANDS } from './master-key';
import { MIGRATE_COMMANDS } from './migrate';
import { SETUP_COMMANDS } from './setup';

/** Every CLI command; each capability contributes its own list (setup, clients, keys, audit, operations). */
export const COMMANDS: (CliCommand | BareCliCommand)[] = [
  ...AUDIT_COMMANDS,
  ...CLIENT_COMMANDS,
  ...KEY_COMMANDS,
  ...MASTER_KEY_COMMANDS,
  ...SETUP_COMMANDS,
  ...MIGRATE_COMMANDS,
  ...BACKUP_COMMANDS,
  ...CONFIG_COMMANDS,
];
