import type { CliCommand } from '../cli';
import { AUDIT_COMMANDS } from './audit';

/** Every CLI command; each capability contributes its own list (setup, clients, keys, audit). */
export const COMMANDS: CliCommand[] = [...AUDIT_COMMANDS];
