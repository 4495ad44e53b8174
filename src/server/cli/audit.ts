import type { CliCommand } from './command';
import { pruneAuditLog } from '../audit/retention';
import type { ExternalAnchor } from '../audit/verify';

/** `--anchor '{"id":…,"hash":"…","mac":"…"}'` or `--anchor=…`: a head position kept outside the database. */
function parseAnchor(args: string[]): ExternalAnchor | undefined | Error {
  const i = args.findIndex((a) => a === '--anchor' || a.startsWith('--anchor='));
  if (i < 0) return undefined;
  const raw = args[i].includes('=') ? args[i].slice(args[i].indexOf('=') + 1) : args[i + 1];
  try {
    const v = JSON.parse(raw ?? '') as Partial<ExternalAnchor>;
    if (Number.isSafeInteger(v.id) && typeof v.hash === 'string' && typeof v.mac === 'string')
      return { id: v.id!, hash: v.hash, mac: v.mac };
  } catch {
    // fall through
  }
  return new Error('--anchor must be the JSON printed by `audit anchor`');
}

/** `npm run hub -- audit verify|anchor|prune`: the operator's view of the audit chain. */
export const AUDIT_COMMANDS: CliCommand[] = [
  {
    name: 'audit verify',
    summary:
      'walk the audit chain to its keyed head; prints {ok, checked, first_bad_id, reason, head}, exit 1 when broken. ' +
      '--anchor <json> also checks a head saved earlier by `audit anchor`',
    async run(hub, args) {
      const anchor = parseAnchor(args);
      if (anchor instanceof Error) {
        console.error(anchor.message);
        return 2;
      }
      const result = await hub.audit.verifyChain({ anchor });
      console.log(JSON.stringify(result));
      return result.ok ? 0 : 1;
    },
  },
  {
    name: 'audit anchor',
    summary: "print the chain's head as a MAC'd anchor to keep outside the database (for `audit verify --anchor`)",
    async run(hub) {
      const anchor = await hub.audit.anchor();
      console.log(JSON.stringify(anchor));
      return anchor ? 0 : 1;
    },
  },
  {
    name: 'audit prune',
    summary: 'delete audit rows older than HUB_AUDIT_RETENTION_DAYS and move the keyed base past them',
    async run(hub) {
      const result = await pruneAuditLog(hub);
      console.log(JSON.stringify({ deleted: result.deleted, checkpoint_id: result.checkpoint?.id ?? null }));
      return 0;
    },
  },
];
