import type { HubConfig } from '../config';
import type { Hub } from '../hub';

/** One operator command of `npm run hub -- …`; each capability contributes a list of them. */
export interface CliCommand {
  /** e.g. "setup create-admins" */
  name: string;
  summary: string;
  run(hub: Hub, args: string[]): Promise<number | void>;
}

/**
 * A command that must not start a hub first: starting one migrates the database (`migrate
 * --check` reports what that would do) or opens the embedded data directory (backup, restore).
 */
export interface BareCliCommand {
  name: string;
  summary: string;
  bare: true;
  run(config: HubConfig, args: string[]): Promise<number | void>;
}

/** The value after `--flag` in a command's arguments (`--key-file out.key`), or undefined. */
export function option(args: string[], flag: string): string | undefined {
  const i = args.indexOf(flag);
  return i >= 0 ? args[i + 1] : undefined;
}
