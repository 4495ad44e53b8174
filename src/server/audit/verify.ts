import type { z } from 'zod';
import type { DbOrTx } from '../db/client';
import type { chainVerificationSchema } from '../../shared/api/audit';
import { anchorMac, canonicalJson, chainHash, chainOfId, chainRowId, headMac, keyedHash, seqOfId } from './chain';
import {
  findChainPage,
  findFirstEpochRow,
  findNextChainWithRows,
  findRowHash,
  findRowsOutsideHead,
  readAllHeads,
  type StoredHead,
} from './chain-queries';
import {
  CHECKPOINT_EVENT,
  epochEntered,
  isCheckpointAuthentic,
  KEY_EPOCH_EVENT,
  type CheckpointHead,
} from './checkpoint-format';
import type { ChainKeys } from './chain-keys';

/** The answer of a verification: one schema with the API (src/shared/api/audit.ts). */
export type ChainVerification = z.output<typeof chainVerificationSchema>;

/** Why a verification failed; absent when it passed. */
export type ChainFailure = NonNullable<ChainVerification['reason']>;

/** A head position kept outside the database (see anchorMac); its id names its chain. */
export interface ExternalAnchor {
  id: number;
  hash: string;
  mac: string;
}

/** How far a verification got: rows checked of the rows the anchors account for. */
export interface VerifyProgress {
  checked: number;
  total: number;
  chains: number;
}

export interface VerifyInput {
  db: DbOrTx;
  /** The chain keys of every epoch this process can name (audit/chain-keys.ts). */
  keys: ChainKeys;
  /** The furthest position this process saw committed in its chain (catches a rollback while it runs). */
  confirmed?: { id: number; hash: string };
  anchor?: ExternalAnchor;
  pageSize?: number;
  /** How many chains are walked at once. */
  concurrency?: number;
  onProgress?: (p: VerifyProgress) => void;
}

type Head = StoredHead & { chainId: number };
type HeadView = NonNullable<ChainVerification['head']>;

/** A failure, with the chain it is in; the caller reports the lowest chain's. */
interface Failed {
  reason: ChainFailure;
  chain: number;
  id: number | null;
  checkpointId?: number;
}

/** The newest reference any checkpoint made to a chain, and the checkpoint that made it. */
interface Reference extends CheckpointHead {
  checkpointId: number;
}

function viewOf(head: StoredHead): HeadView {
  return {
    id: head.lastId,
    hash: head.lastHash,
    base_id: head.baseId,
    legacy_last_id: head.legacyLastId,
    sealed_at: head.sealedAt.toISOString(),
  };
}

/**
 * Verifies every chain (issue 43) and the checkpoints that join them. The anchors are read in one
 * statement (one snapshot): a checkpoint that committed before its chain's anchor was read names
 * heads that committed before too, so each chain must reach at least as far as any checkpoint says.
 * Each chain is walked from its base to that anchor (walkChain); then rows of a chain without an
 * anchor, every checkpoint's references, this process's own confirmed position and an external
 * anchor are checked. The failure reported is the lowest chain's, with the first bad row's id.
 */
export async function verifyChainRows(input: VerifyInput): Promise<ChainVerification> {
  const { db } = input;
  const heads = await readAllHeads(db);
  if (heads.length === 0) return { ok: false, checked: 0, first_bad_id: null, reason: 'head_missing' };
  const byChain = new Map(heads.map((h) => [h.chainId, h]));
  const total = heads.reduce((n, h) => n + Math.max(0, seqOfId(h.lastId) - seqOfId(h.baseId)), 0);
  const progress = { checked: 0, total, chains: heads.length };
  const references = new Map<number, Reference>();
  const failures: Failed[] = [];
  let checked = 0;

  const queue = [...heads];
  const walker = async () => {
    for (let h = queue.shift(); h; h = queue.shift()) {
      const r = await walkChain(input, h, references, (n) => {
        progress.checked += n;
        input.onProgress?.(progress);
      });
      checked += r.checked;
      if (r.failed) failures.push(r.failed);
    }
  };
  await Promise.all(Array.from({ length: Math.min(input.concurrency ?? 4, heads.length) }, walker));

  const orphan = await findChainWithoutHead(db, byChain);
  if (orphan !== null) failures.push({ reason: 'head_missing', chain: orphan.chain, id: orphan.id });
  failures.push(...(await checkReferences(db, byChain, references)));
  const own = await checkOwnPosition(input, byChain);
  if (own) failures.push(own);

  const worst = failures.sort((a, b) => a.chain - b.chain || (a.id ?? 0) - (b.id ?? 0))[0];
  const chains = heads.map((h) => ({ chain: h.chainId, head_id: h.lastId, seq: seqOfId(h.lastId) }));
  if (!worst) return { ok: true, checked, first_bad_id: null, head: viewOf(byChain.get(0) ?? heads[0]), chains };
  const failedHead = byChain.get(worst.chain);
  return {
    ok: false,
    checked,
    first_bad_id: worst.id,
    reason: worst.reason,
    chain: worst.chain,
    ...(worst.checkpointId !== undefined ? { checkpoint_id: worst.checkpointId } : {}),
    ...(failedHead ? { head: viewOf(failedHead) } : {}),
    chains,
  };
}

/**
 * Walks one chain from its base to its head. Rows up to `legacy_last_id` (chain 0 only) are the
 * plain SHA-256 chain sealed at the upgrade; later rows must carry the keyed MAC, under the key of
 * the epoch the walk is in, and consecutive ids. The walk starts in the epoch the first crossing
 * after the base leaves (or the anchor's, when there is none); each `audit_key_epoch` row must
 * leave that epoch and carry the new key's MAC, and the walk must end in the anchor's epoch.
 * Checkpoints found on the way must be authentic; the newest reference to each other chain is kept.
 */
async function walkChain(
  input: VerifyInput,
  head: Head,
  references: Map<number, Reference>,
  tick: (n: number) => void,
): Promise<{ checked: number; failed?: Failed }> {
  const { db, keys } = input;
  const chain = head.chainId;
  let checked = 0;
  const fail = (reason: ChainFailure, id: number | null) => ({ checked, failed: { reason, chain, id } });
  const headKey = keys.get(head.keyId);
  if (!headKey) return fail('key_unavailable', null);
  // An anchor in a retired key's epoch: every chain left it before the retirement (audit/chain-keys.ts).
  if (headMac(headKey, head) !== head.mac || !keys.acceptable(head.keyId)) return fail('head_invalid', null);
  // The anchor's positions must lie in its own chain's id range: an anchor moved to another chain fails.
  const start = chainRowId(chain, 0);
  if ([head.lastId, head.baseId, head.legacyLastId].some((id) => id < start || chainOfId(id) !== chain))
    return fail('head_invalid', null);

  const firstCrossing = await findFirstEpochRow(db, head.baseId, head.lastId);
  let epoch: string | null = firstCrossing
    ? ((firstCrossing.details as { from?: string | null }).from ?? null)
    : head.keyId;
  let key = keys.get(epoch);
  let expectedPrev = head.baseHash;
  let prevId = head.baseId;
  const pageSize = input.pageSize ?? 5000;
  for (;;) {
    const page = await findChainPage(db, prevId, head.lastId, pageSize);
    for (const row of page) {
      const { id } = row;
      if (row.prevHash !== expectedPrev) return fail('link_broken', id);
      if (id <= head.legacyLastId) {
        if (row.hash !== chainHash(row.prevHash, row)) return fail('row_mismatch', id);
        if (id === head.legacyLastId && row.hash !== head.legacyLastHash) return fail('row_mismatch', id);
      } else {
        // Keyed rows take their id from the chain, so a gap is a deleted row even at the start.
        if (id !== prevId + 1) return fail('id_gap', prevId + 1);
        if (!key) return fail('key_unavailable', id);
        if (row.hash !== keyedHash(key, row.prevHash, row, canonicalJson(row.details ?? {})))
          return fail('row_mismatch', id);
        if (row.eventType === CHECKPOINT_EVENT) {
          if (!isCheckpointAuthentic(key, epoch, row.details) || row.details.chain !== chain)
            return fail('checkpoint_invalid', id);
          for (const ref of row.details.heads) {
            const seen = references.get(ref.chain);
            if (!seen || ref.seq > seen.seq) references.set(ref.chain, { ...ref, checkpointId: id });
          }
        } else if (row.eventType === KEY_EPOCH_EVENT) {
          const entered = epochEntered((e) => keys.get(e), epoch, row.details, id, row.prevHash);
          if ('error' in entered) return fail(entered.error, id);
          if ((row.details as { chain?: unknown }).chain !== chain) return fail('checkpoint_invalid', id);
          epoch = entered.to;
          key = keys.get(epoch);
        }
      }
      expectedPrev = row.hash;
      prevId = id;
      checked += 1;
    }
    tick(page.length);
    if (page.length < pageSize) break;
  }
  // The newest rows were deleted: the walk ended before the anchored head.
  if (prevId !== head.lastId || expectedPrev !== head.lastHash) return fail('truncated', prevId + 1);
  // The anchor names the epoch the rows end in: one that claims another was written by someone else.
  if (epoch !== head.keyId) return fail('head_invalid', null);
  const outside = await findRowsOutsideHead(db, chain);
  if (outside.below !== null) return fail('rows_below_base', outside.below);
  // Rows beyond the head read above are either appends made during the walk or forged ones;
  // this re-reads the anchor in the same statement, so only rows no anchor accounts for count.
  if (outside.beyond !== null) return fail('rows_beyond_head', outside.beyond);
  return { checked };
}

/** The first chain that has rows but no anchor, and its first row. */
async function findChainWithoutHead(db: DbOrTx, byChain: Map<number, Head>) {
  for (let c = await findNextChainWithRows(db, 0); c !== null; c = await findNextChainWithRows(db, c + 1)) {
    if (!byChain.has(c)) {
      const [first] = await findChainPage(db, chainRowId(c, 0), chainRowId(c + 1, 0) - 1, 1);
      return { chain: c, id: first?.id ?? chainRowId(c, 1) };
    }
  }
  return null;
}

/**
 * Every chain must reach as far as the newest checkpoint that names it, with the same hash there:
 * a chain removed, truncated behind a replayed older anchor, or forked is named by its first bad row.
 * A position at or below the chain's base was pruned by retention and proves nothing either way.
 */
async function checkReferences(db: DbOrTx, byChain: Map<number, Head>, references: Map<number, Reference>) {
  const failed: Failed[] = [];
  for (const ref of references.values()) {
    const head = byChain.get(ref.chain);
    const id = chainRowId(ref.chain, ref.seq);
    const at = { chain: ref.chain, checkpointId: ref.checkpointId };
    if (!head) failed.push({ reason: 'chain_missing', id, ...at });
    else if (head.lastId < id) failed.push({ reason: 'truncated', id: head.lastId + 1, ...at });
    else if (ref.seq > 0 && id > head.baseId && (await findRowHash(db, id)) !== ref.hash)
      failed.push({ reason: 'checkpoint_mismatch', id, ...at });
  }
  return failed;
}

/** This process's own confirmed position (a rollback while it runs), and an external anchor. */
async function checkOwnPosition(input: VerifyInput, byChain: Map<number, Head>): Promise<Failed | undefined> {
  const { db, keys, confirmed, anchor } = input;
  const key = keys.require(null);
  if (confirmed) {
    const chain = chainOfId(confirmed.id);
    const head = byChain.get(chain);
    if (!head || confirmed.id > head.lastId) return { reason: 'rolled_back', chain, id: (head?.lastId ?? 0) + 1 };
    if (confirmed.id > head.baseId && (await findRowHash(db, confirmed.id)) !== confirmed.hash)
      return { reason: 'rolled_back', chain, id: confirmed.id };
  }
  if (anchor) {
    const chain = chainOfId(anchor.id);
    if (anchorMac(key, anchor.id, anchor.hash) !== anchor.mac) return { reason: 'anchor_invalid', chain, id: null };
    const head = byChain.get(chain);
    // An anchor older than the retention base can no longer be checked row by row; a newer
    // one must name a row that is still there with the same hash.
    if (!head || anchor.id > head.lastId) return { reason: 'anchor_mismatch', chain, id: anchor.id };
    if (anchor.id > head.baseId && (await findRowHash(db, anchor.id)) !== anchor.hash)
      return { reason: 'anchor_mismatch', chain, id: anchor.id };
  }
  return undefined;
}
