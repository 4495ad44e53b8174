import type { z } from 'zod';
import type { DbOrTx } from '../db/client';
import type { chainVerificationSchema } from '../../shared/api/audit';
import { anchorMac, canonicalJson, chainHash, headMac, keyedHash } from './chain';
import { findChainPage, findRowHash, findRowsOutsideHead, readHead } from './chain-queries';

/** The answer of a verification: one schema with the API (src/shared/api/audit.ts). */
export type ChainVerification = z.output<typeof chainVerificationSchema>;

/** Why a verification failed; absent when it passed. */
export type ChainFailure = NonNullable<ChainVerification['reason']>;

/** A head position kept outside the database (see anchorMac). */
export interface ExternalAnchor {
  id: number;
  hash: string;
  mac: string;
}

export interface VerifyInput {
  db: DbOrTx;
  key: Buffer;
  /** The furthest position this process saw committed (catches a rollback while it runs). */
  confirmed?: { id: number; hash: string };
  anchor?: ExternalAnchor;
  pageSize?: number;
}

/**
 * Walks the chain from the anchor's base to its head. Rows up to `legacy_last_id` are the plain
 * SHA-256 chain sealed at the upgrade; later rows must carry the keyed MAC and consecutive ids.
 * The walk stops at the head read first, so appends made meanwhile do not count against it;
 * rows the anchor does not account for (beyond its head, at or below its base) fail it.
 */
export async function verifyChainRows(input: VerifyInput): Promise<ChainVerification> {
  const { db, key } = input;
  const head = await readHead(db);
  if (!head) return { ok: false, checked: 0, first_bad_id: null, reason: 'head_missing' };
  const headView = {
    id: head.lastId,
    hash: head.lastHash,
    base_id: head.baseId,
    legacy_last_id: head.legacyLastId,
    sealed_at: head.sealedAt.toISOString(),
  };
  const fail = (reason: ChainFailure, checked: number, id: number | null): ChainVerification => ({
    ok: false,
    checked,
    first_bad_id: id,
    reason,
    head: headView,
  });
  if (headMac(key, head) !== head.mac) return fail('head_invalid', 0, null);
  if (input.confirmed && input.confirmed.id > head.lastId) return fail('rolled_back', 0, head.lastId + 1);

  let expectedPrev = head.baseHash;
  let prevId = head.baseId;
  let checked = 0;
  const pageSize = input.pageSize ?? 5000;
  for (;;) {
    const page = await findChainPage(db, prevId, head.lastId, pageSize);
    for (const row of page) {
      const { id } = row;
      if (row.prevHash !== expectedPrev) return fail('link_broken', checked, id);
      if (id <= head.legacyLastId) {
        if (row.hash !== chainHash(row.prevHash, row)) return fail('row_mismatch', checked, id);
        if (id === head.legacyLastId && row.hash !== head.legacyLastHash) return fail('row_mismatch', checked, id);
      } else {
        // Keyed rows take their id from the chain, so a gap is a deleted row even at the start.
        if (id !== prevId + 1) return fail('id_gap', checked, prevId + 1);
        if (row.hash !== keyedHash(key, row.prevHash, row, canonicalJson(row.details ?? {})))
          return fail('row_mismatch', checked, id);
      }
      expectedPrev = row.hash;
      prevId = id;
      checked += 1;
    }
    if (page.length < pageSize) break;
  }
  // The newest rows were deleted: the walk ended before the anchored head.
  if (prevId !== head.lastId || expectedPrev !== head.lastHash) return fail('truncated', checked, prevId + 1);
  const outside = await findRowsOutsideHead(db);
  if (outside.below !== null) return fail('rows_below_base', checked, outside.below);
  // Rows beyond the head read above are either appends made during the walk or forged ones;
  // this re-reads the anchor in the same statement, so only rows no anchor accounts for count.
  if (outside.beyond !== null) return fail('rows_beyond_head', checked, outside.beyond);
  if (input.confirmed) {
    const at = await findRowHash(db, input.confirmed.id);
    if (input.confirmed.id > head.baseId && at !== input.confirmed.hash)
      return fail('rolled_back', checked, input.confirmed.id);
  }
  if (input.anchor) {
    const a = input.anchor;
    if (anchorMac(key, a.id, a.hash) !== a.mac) return fail('anchor_invalid', checked, null);
    // An anchor older than the retention base can no longer be checked row by row; a newer
    // one must name a row that is still there with the same hash.
    if (a.id > head.lastId) return fail('anchor_mismatch', checked, a.id);
    if (a.id > head.baseId && (await findRowHash(db, a.id)) !== a.hash) return fail('anchor_mismatch', checked, a.id);
  }
  return { ok: true, checked, first_bad_id: null, head: headView };
}
