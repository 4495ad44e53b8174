import type { CliCommand } from './command';
import { pruneAuditLog } from '../audit/retention';

/** `npm run hub -- audit verify` / `audit prune`: the operator's view of the audit chain. */
export const AUDIT_COMMANDS: CliCommand[] = [
  {
    name: 'audit verify',
    summary: 'walk the audit hash chain; prints {ok, checked, first_bad_id}, exit 1 when broken',
    async run(hub) {
      const result = await hub.audit.verifyChain();
      console.log(JSON.stringify(result));
      return result.ok ? 0 : 1;
    },
  },
  {
    name: 'audit prune',
    summary: 'delete audit rows older than HUB_AUDIT_RETENTION_DAYS behind a checkpoint',
    async run(hub) {
      const result = await pruneAuditLog(hub);
      console.log(JSON.stringify({ deleted: result.deleted, checkpoint_id: result.checkpoint?.id ?? null }));
      return 0;
    },
  },
];
