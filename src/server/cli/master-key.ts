import { z } from 'zod';
import { option, type CliCommand } from './command';
import { readMasterKeyStatus, releaseEmbeddedLease, startRotation } from '../master-keys/service';
import { findOpenRotation } from '../master-keys/queries';
import { runRotation } from '../master-keys/rotator';

/** `--batch-size N` (values per transaction) and `--pause MS` (between batches): gentler on a busy database. */
const PacingSchema = z.object({
  batchSize: z.coerce.number().int().min(1).max(10_000).optional(),
  pauseMs: z.coerce.number().int().min(0).max(60_000).optional(),
});

export const MASTER_KEY_COMMANDS: CliCommand[] = [
  {
    name: 'master-key rotate',
    summary:
      'make the new master key current and re-seal every stored secret under it [--to KEY_ID] [--retire-now] ' +
      '[--batch-size N (200)] [--pause MS (0)]; resumes an interrupted rotation',
    async run(hub, args) {
      const pacing = PacingSchema.safeParse({
        batchSize: option(args, '--batch-size'),
        pauseMs: option(args, '--pause'),
      });
      if (!pacing.success) {
        console.error('--batch-size takes 1 to 10000 values, --pause 0 to 60000 milliseconds.');
        return 2;
      }
      let rotation = await findOpenRotation(hub.db);
      if (rotation) {
        console.log(
          `Resuming rotation ${rotation.id} (${rotation.fromKeyId} → ${rotation.toKeyId}), ` +
            `${rotation.resealed} values re-sealed so far.`,
        );
        if (await releaseEmbeddedLease(hub, rotation))
          console.log('The process that was running it has stopped (this one holds the data directory): going on.');
      } else {
        rotation = await startRotation(hub, { via: 'cli', toKeyId: option(args, '--to') });
        console.log(
          `Rotation ${rotation.id}: master key ${rotation.toKeyId} is current; re-sealing what ${rotation.fromKeyId} sealed.`,
        );
      }
      const outcome = await runRotation(hub, {
        ...pacing.data,
        retireGraceMs: args.includes('--retire-now') ? 0 : undefined,
        onBatch: (column, moved) => console.log(`  ${column}: ${moved} re-sealed`),
      });
      if (outcome.state === 'done') console.log(`Retired master key ${outcome.retired}: nothing is sealed under it.`);
      else if (outcome.state === 'waiting')
        console.log(
          `Everything is re-sealed. The old key is retired at ${outcome.retireAfter.toISOString()} (once values sealed ` +
            'into browsers have expired) by a running hub, or run this command again then.',
        );
      else if (outcome.state === 'busy') {
        const until = (await findOpenRotation(hub.db))?.leaseUntil;
        console.log(
          'Another process is running this rotation; see master-key status.' +
            (until
              ? ` If it has stopped, its lease runs out at ${until.toISOString()}: a running hub goes on then, ` +
                'or run this command again.'
              : ''),
        );
      }
      return 0;
    },
  },
  {
    name: 'master-key status',
    summary: 'master keys by id, and how many stored values each still seals',
    async run(hub, args) {
      const status = await readMasterKeyStatus(hub);
      if (args.includes('--json')) {
        console.log(JSON.stringify(status, null, 2));
        return 0;
      }
      for (const k of status.keys)
        console.log(
          `${k.key_id.padEnd(10)} ${k.status.padEnd(9)} ${String(k.sealed_values).padStart(7)} sealed values` +
            (k.audit_chains ? `, ${k.audit_chains} audit chain${k.audit_chains === 1 ? '' : 's'}` : '') +
            (k.held ? '' : '  (not held by this process)'),
        );
      for (const c of status.columns.filter((col) => !col.through_keyring))
        for (const [keyId, n] of Object.entries(c.sealed))
          console.log(
            `${keyId.padEnd(10)} ${c.column}: ${n} (sealed by the audit module under the lookup key; not moved)`,
          );
      const r = status.rotation;
      if (r)
        console.log(
          `Rotation ${r.id}: ${r.from_key_id} → ${r.to_key_id}, ${r.status}, ${r.resealed} re-sealed` +
            (r.retire_after && r.status !== 'done' ? `, retires the old key at ${r.retire_after}` : ''),
        );
      // A value under a key no process here holds cannot be opened: say so with the exit code too.
      const unknown = status.keys.filter((k) => k.status === 'unknown' || (!k.held && k.sealed_values > 0));
      for (const k of unknown) console.error(`Values are sealed under ${k.key_id}, which is not in HUB_MASTER_KEYS.`);
      return unknown.length > 0 ? 1 : 0;
    },
  },
];
