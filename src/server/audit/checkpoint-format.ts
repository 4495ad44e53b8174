import { createHmac } from 'node:crypto';
import { canonicalJson, CHAIN_KEY_ID } from './chain';

/** The event type of a checkpoint row (src/shared/audit-events.ts). */
export const CHECKPOINT_EVENT = 'audit_chain_checkpoint';

/** Where another chain stood when a checkpoint was written: its anchor's head. */
export interface CheckpointHead {
  chain: number;
  seq: number;
  hash: string;
}

/**
 * A checkpoint's details (issue 43). `macs` is a list of MACs over (chain, heads), each naming the
 * key it was made with: today one, under the chain key (CHAIN_KEY_ID); while a key epoch rotates,
 * a writer adds the new epoch's MAC beside the old one, so a reader holding either key verifies
 * the checkpoint, and a verifier accepts it when every MAC under a key it holds matches.
 */
export interface CheckpointDetails {
  chain: number;
  heads: CheckpointHead[];
  macs: { key: string; mac: string }[];
}

export function chainCheckpointMac(key: Buffer, chain: number, heads: CheckpointHead[]): string {
  return createHmac('sha256', key)
    .update(`audit-checkpoint/v1|${chain}|${canonicalJson(heads)}`)
    .digest('hex');
}

export function buildCheckpointDetails(key: Buffer, chain: number, heads: CheckpointHead[]): CheckpointDetails {
  return { chain, heads, macs: [{ key: CHAIN_KEY_ID, mac: chainCheckpointMac(key, chain, heads) }] };
}

/** True when the details are a well-formed checkpoint whose MAC under the chain key matches. */
export function isCheckpointAuthentic(key: Buffer, details: unknown): details is CheckpointDetails {
  const d = details as Partial<CheckpointDetails> | null;
  if (!d || typeof d.chain !== 'number' || !Array.isArray(d.heads) || !Array.isArray(d.macs)) return false;
  const ours = d.macs.find((m) => m?.key === CHAIN_KEY_ID);
  return ours !== undefined && ours.mac === chainCheckpointMac(key, d.chain, d.heads);
}
