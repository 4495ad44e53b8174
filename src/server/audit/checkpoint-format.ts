import { createHmac } from 'node:crypto';
import { canonicalJson } from './chain';

/** The event type of a checkpoint row (src/shared/audit-events.ts). */
export const CHECKPOINT_EVENT = 'audit_chain_checkpoint';

/** Where another chain stood when a checkpoint was written: its anchor's head. */
export interface CheckpointHead {
  chain: number;
  seq: number;
  hash: string;
}

/**
 * A checkpoint's details. `macs` is a list of MACs over (chain, heads), each naming the chain key it
 * was made with (chainKeyName): the writer adds the MAC of the epoch the row itself is written in
 * (audit/append.ts), and a verifier checks the one of the epoch it is walking.
 */
export interface CheckpointDetails {
  chain: number;
  heads: CheckpointHead[];
  macs: { key: string; mac: string }[];
}

/** How a checkpoint names a chain key: the first epoch's keeps the name it had before epochs existed. */
export function chainKeyName(epoch: string | null): string {
  return epoch === null ? 'audit-chain/v2' : `audit-chain/v2:${epoch}`;
}

export function chainCheckpointMac(key: Buffer, chain: number, heads: CheckpointHead[]): string {
  return createHmac('sha256', key)
    .update(`audit-checkpoint/v1|${chain}|${canonicalJson(heads)}`)
    .digest('hex');
}

/** A checkpoint's details as the writer stores them: MAC'd under the key of the epoch its row is in. */
export function macCheckpoint(
  key: Buffer,
  epoch: string | null,
  details: Pick<CheckpointDetails, 'chain' | 'heads'>,
): CheckpointDetails {
  const { chain, heads } = details;
  return { chain, heads, macs: [{ key: chainKeyName(epoch), mac: chainCheckpointMac(key, chain, heads) }] };
}

/** True when the details are a well-formed checkpoint whose MAC under this epoch's chain key matches. */
export function isCheckpointAuthentic(
  key: Buffer,
  epoch: string | null,
  details: unknown,
): details is CheckpointDetails {
  const d = details as Partial<CheckpointDetails> | null;
  if (!d || typeof d.chain !== 'number' || !Array.isArray(d.heads) || !Array.isArray(d.macs)) return false;
  const ours = d.macs.find((m) => m?.key === chainKeyName(epoch));
  return ours !== undefined && ours.mac === chainCheckpointMac(key, d.chain, d.heads);
}

/** The event type of the row that moves a chain to a new key epoch (audit/chain-keys.ts). */
export const KEY_EPOCH_EVENT = 'audit_key_epoch';

/** An epoch row's details: the epochs it leaves and enters, and the new key's MAC. */
export interface KeyEpochDetails {
  chain: number;
  from: string | null;
  to: string;
  mac: string;
}

/**
 * The new epoch's MAC of an epoch row: over the row's id (chain and seq) and the hash of the row
 * before it, so the chain up to the crossing is pinned under the new key, and over both epochs.
 */
export function keyEpochMac(toKey: Buffer, d: Omit<KeyEpochDetails, 'mac'>, id: number, prevHash: string): string {
  return createHmac('sha256', toKey)
    .update(`audit-key-epoch/v1|${d.chain}|${id}|${prevHash}|${d.from ?? ''}|${d.to}`)
    .digest('hex');
}

/** The epoch this row enters, when its details are a well-formed crossing out of `from` whose MAC under the new key matches. */
export function epochEntered(
  keyOf: (epoch: string) => Buffer | undefined,
  from: string | null,
  details: unknown,
  id: number,
  prevHash: string,
): { to: string } | { error: 'checkpoint_invalid' | 'key_unavailable' } {
  const d = details as Partial<KeyEpochDetails> | null;
  if (!d || typeof d.to !== 'string' || typeof d.chain !== 'number' || typeof d.mac !== 'string' || d.from !== from)
    return { error: 'checkpoint_invalid' };
  const toKey = keyOf(d.to);
  if (!toKey) return { error: 'key_unavailable' };
  const expected = keyEpochMac(toKey, { chain: d.chain, from, to: d.to }, id, prevHash);
  return expected === d.mac ? { to: d.to } : { error: 'checkpoint_invalid' };
}
