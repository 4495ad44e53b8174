import type { CliCommand } from './command';
import { pruneAuditLog } from '../audit/retention';
import type { ExternalAnchor, VerifyProgress } from '../audit/verify';

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

/** A progress line on a terminal, redrawn at most every 100 ms. */
function progressLine(out: NodeJS.WriteStream) {
  let last = 0;
  let drawn = false;
  return {
    update(p: VerifyProgress) {
      const now = Date.now();
      if (now - last < 100 && p.checked < p.total) return;
      last = now;
      drawn = true;
      const pct = p.total ? Math.floor((100 * p.checked) / p.total) : 100;
      out.write(
        `\rverifying ${p.chains} chains: ${p.checked.toLocaleString('en')} of ${p.total.toLocaleString('en')} rows (${pct} %)`,
      );
    },
    end() {
      if (drawn) out.write('\n');
    },
  };
}

/** `npm run hub -- audit verify|anchor|prune`: the operator's view of the audit chain. */
export const AUDIT_COMMANDS: CliCommand[] = [
  {
    name: 'audit verify',
    summary:
      'walk every audit chain (one per writer) to its keyed head and check the checkpoints that join them; prints ' +
      '{ok, checked, first_bad_id, reason, chain, head, chains}, exit 1 when broken. ' +
      '--anchor <json> also checks a head saved earlier by `audit anchor`',
    async run(hub, args) {
      const anchor = parseAnchor(args);
      if (anchor instanceof Error) {
        console.error(anchor.message);
        return 2;
      }
      const progress = process.stderr.isTTY ? progressLine(process.stderr) : undefined;
      const result = await hub.audit.verifyChain({ anchor, onProgress: progress?.update });
      progress?.end();
      console.log(JSON.stringify(result));
      return result.ok ? 0 : 1;
    },
  },
  {
    name: 'audit anchor',
    summary:
      "print each chain's head as a MAC'd anchor, one JSON line per chain, to keep outside the database " +
      '(for `audit verify --anchor`)',
    async run(hub) {
      const anchors = await hub.audit.anchors();
      for (const anchor of anchors) console.log(JSON.stringify(anchor));
      return anchors.length ? 0 : 1;
    },
  },
  {
    name: 'audit prune',
    summary:
      'delete audit rows older than HUB_AUDIT_RETENTION_DAYS (whole months by dropping their partition) ' +
      'and move the keyed base past them',
    async run(hub) {
      const result = await pruneAuditLog(hub);
      const { deleted, partitions } = result;
      console.log(JSON.stringify({ deleted, checkpoint_id: result.checkpoint?.id ?? null, partitions }));
      return 0;
    },
  },
];
