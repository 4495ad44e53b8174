import { setTimeout as delay } from 'node:timers/promises';
import type { Hub } from '../hub';
import type { MasterKeyRotation } from '../db/schema/index';
import { randomToken } from '../crypto/tokens';
import { SEALED_COLUMNS, contextOf, type SealedColumn } from './inventory';
import {
  countByKeyId,
  findOpenRotation,
  findSealedBatch,
  leaseRotation,
  markKeyRetired,
  recordProgress,
  swapSealed,
  updateRotation,
} from './queries';
import { loadKeyringState } from './state';

/**
 * Re-sealing every stored value under the new master key (issue 45), while the hub serves:
 * one column of inventory.ts at a time, in batches of `batchSize` rows, each batch one short
 * transaction that swaps a value only if it is still the one read (a concurrent change wins and
 * is already sealed under whichever key its node holds as current). Until its batch commits a
 * value stays under the old key, which every node still opens. After each batch the primary key
 * reached is recorded (`progress`), so a rotator started after a crash goes on from there; a
 * lease lets one process run it at a time (the CLI, or any node: master-keys/worker.ts). Each
 * committed batch renews the lease, so a long pass keeps it; a rotator that crashed lets go of it
 * ROTATION_LEASE_MS after its last batch.
 *
 * When a pass over every column finds nothing left under the old key (a node that had not yet
 * heard of the switch may have sealed behind the cursor: then the pass starts over), the rotation
 * is 'resealed', and the old key is retired `retireGraceMs` after the switch (the values sealed
 * into browsers, such as the SSO state cookie, have expired by then). Retired, it opens nothing.
 */
export const RETIRE_GRACE_MS = 15 * 60_000;
const ROTATION_LEASE_MS = 60_000;

export interface RotatorOptions {
  batchSize?: number;
  /** A pause after each batch, to go gentler on a busy database (the CLI's `--pause MS`). */
  pauseMs?: number;
  /** Time from the switch to the retirement of the old key (default RETIRE_GRACE_MS; 0 after a compromise). */
  retireGraceMs?: number;
  /** Stops between batches (a node shutting down; tests simulating a crash). */
  signal?: AbortSignal;
  /** Called after each committed batch. */
  onBatch?: (column: string, resealed: number) => void | Promise<void>;
}

export type RotatorOutcome =
  | { state: 'idle' }
  | { state: 'busy' }
  | { state: 'stopped' }
  | { state: 'waiting'; retireAfter: Date }
  | { state: 'done'; retired: string };

class LeaseLost extends Error {}

/** Runs the open rotation as far as it can go now; safe to call from any process at any time. */
export async function runRotation(hub: Hub, options: RotatorOptions = {}): Promise<RotatorOutcome> {
  const token = randomToken(12);
  for (;;) {
    const rotation = await findOpenRotation(hub.db);
    if (!rotation) return { state: 'idle' };
    // The target key must be this process's current one before it seals anything under it.
    if (hub.secrets.kid !== rotation.toKeyId) await loadKeyringState(hub.db, hub.keyring, hub.clock());
    const now = hub.clock();
    if (!(await leaseRotation(hub.db, rotation.id, token, now, leaseEnd(now)))) return { state: 'busy' };
    try {
      if (rotation.status === 'running') {
        // The audit chains into the new key's epoch (audit/chain-keys.ts): the switch did it unless it crashed first.
        await hub.audit.crossKeyEpoch();
        if (!(await resealAll(hub, rotation, token, options))) return { state: 'stopped' };
        continue;
      }
      if ((await countSealedUnder(hub, rotation.fromKeyId)) > 0) {
        // A value sealed under the old key since the pass (a node slow to hear of the switch): another pass.
        await updateRotation(hub.db, rotation.id, { status: 'running', updatedAt: hub.clock() });
        if (!(await recordProgress(hub.db, rotation.id, token, {}, 0, hub.clock(), leaseEnd(hub.clock()))))
          return { state: 'busy' };
        continue;
      }
      return await retireWhenDue(hub, rotation, options);
    } catch (e) {
      if (e instanceof LeaseLost) return { state: 'busy' };
      throw e;
    } finally {
      await updateRotation(hub.db, rotation.id, { leaseToken: null, leaseUntil: null, updatedAt: hub.clock() }).catch(
        () => undefined,
      );
    }
  }
}

const leaseEnd = (now: Date) => new Date(now.getTime() + ROTATION_LEASE_MS);

/** One pass over every column from the recorded progress; false when stopped by the signal. */
async function resealAll(hub: Hub, rotation: MasterKeyRotation, token: string, options: RotatorOptions) {
  const progress = { ...rotation.progress };
  for (const column of SEALED_COLUMNS.filter((c) => c.throughKeyring)) {
    for (;;) {
      if (options.signal?.aborted) return false;
      const done = await resealBatch(hub, rotation, column, progress, token, options.batchSize ?? 200);
      if (done === null) break;
      await options.onBatch?.(column.name, done);
      if (options.pauseMs) await delay(options.pauseMs);
    }
  }
  const now = hub.clock();
  if ((await countSealedUnder(hub, rotation.fromKeyId)) > 0) {
    // Sealed behind the cursor by a node that had not yet heard of the switch: another pass.
    if (!(await recordProgress(hub.db, rotation.id, token, {}, 0, now, leaseEnd(now)))) throw new LeaseLost();
    return true;
  }
  const grace = options.retireGraceMs ?? RETIRE_GRACE_MS;
  const retireAfter = new Date(Math.max(now.getTime(), rotation.startedAt.getTime() + grace));
  await updateRotation(hub.db, rotation.id, { status: 'resealed', retireAfter, updatedAt: now });
  return true;
}

/** Re-seals the next batch of one column; the number of values moved, or null when the column is through. */
async function resealBatch(
  hub: Hub,
  rotation: MasterKeyRotation,
  column: SealedColumn,
  progress: Record<string, string>,
  token: string,
  batchSize: number,
): Promise<number | null> {
  const batch = await findSealedBatch(hub.db, column, rotation.fromKeyId, progress[column.name] ?? null, batchSize);
  if (batch.length === 0) return null;
  let moved = 0;
  await hub.db.transaction(async (tx) => {
    for (const row of batch) {
      const context = contextOf(column, row.by);
      const next = hub.keyring.sealWith(rotation.toKeyId, hub.keyring.open(row.sealed, context), context);
      if (await swapSealed(tx, column, row.k, row.sealed, next)) moved++;
    }
    progress[column.name] = batch[batch.length - 1].k;
    const now = hub.clock();
    if (!(await recordProgress(tx, rotation.id, token, progress, moved, now, leaseEnd(now)))) throw new LeaseLost();
  });
  return moved;
}

/** How many stored values (through the keyring) are still sealed under `keyId`. */
export async function countSealedUnder(hub: Hub, keyId: string): Promise<number> {
  let total = 0;
  for (const column of SEALED_COLUMNS.filter((c) => c.throughKeyring)) {
    total += (await countByKeyId(hub.db, column)).find((r) => r.key_id === keyId)?.count ?? 0;
  }
  return total;
}

async function retireWhenDue(hub: Hub, rotation: MasterKeyRotation, options: RotatorOptions): Promise<RotatorOutcome> {
  const now = hub.clock();
  const retireAfter = options.retireGraceMs === 0 ? now : (rotation.retireAfter ?? now);
  if (retireAfter.getTime() > now.getTime()) return { state: 'waiting', retireAfter };
  // Every chain leaves the old key's epoch before the key goes: after it, an anchor left there is not authentic.
  // A chain created since the switch by a node that had not heard of it is moved here.
  const chains = await hub.audit.crossKeyEpoch();
  await hub.db.transaction(async (tx) => {
    await markKeyRetired(tx, rotation.fromKeyId, now);
    await updateRotation(tx, rotation.id, { status: 'done', finishedAt: now, updatedAt: now });
    await hub.audit.record(
      {
        type: 'master_key_retired',
        details: {
          rotation_id: rotation.id,
          key_id: rotation.fromKeyId,
          current_key_id: rotation.toKeyId,
          audit_chains_left: chains.skipped,
        },
      },
      tx,
    );
    await hub.revocations.publish({ kind: 'master-keys' }, tx);
  });
  await loadKeyringState(hub.db, hub.keyring, hub.clock());
  return { state: 'done', retired: rotation.fromKeyId };
}
