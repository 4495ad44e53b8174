import type { CliCommand } from './command';
import { AUDIT_COMMANDS } from './audit';
import { CLIENT_COMMANDS } from './clients';
import { KEY_COMMANDS } from './keys';
import { MASTER_KEY_COMMANDS } from './master-key';
import { SETUP_COMMANDS } from './setup';

/** Every CLI command; each capability contributes its own list (setup, clients, keys, audit). */
export const COMMANDS: CliCommand[] = [
  ...AUDIT_COMMANDS,
  ...CLIENT_COMMANDS,
  ...KEY_COMMANDS,
  ...MASTER_KEY_COMMANDS,
  ...SETUP_COMMANDS,
];
