import type { Hub } from '../hub';

/** One operator command of `npm run hub -- …`; each capability contributes a list of them. */
export interface CliCommand {
  /** e.g. "setup create-admins" */
  name: string;
  summary: string;
  run(hub: Hub, args: string[]): Promise<number | void>;
}
