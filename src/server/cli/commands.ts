import type { CliCommand } from '../cli';

/** Every CLI command; each capability contributes its own list (setup, clients, keys, audit). */
export const COMMANDS: CliCommand[] = [];
