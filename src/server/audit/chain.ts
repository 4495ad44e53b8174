import { createHash, createHmac } from 'node:crypto';
import { deriveSubkey } from '../crypto/secrets';

/** prev_hash of the very first row (or the first row after a retention checkpoint, see record.ts). */
export const GENESIS_HASH = '0'.repeat(64);

export interface ChainedContent {
  occurredAt: Date;
  eventType: string;
  severity: string;
  userId: string | null;
  sessionId: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  source: string;
  details: unknown;
}

/** What a keyed (v2) row's MAC covers besides the legacy fields. */
export interface KeyedContent extends ChainedContent {
  id: number;
  requestId: string | null;
}

/** JSON with object keys sorted, so jsonb's own key order cannot change a hash. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const keys = Object.keys(value).sort();
  let out = '';
  for (const k of keys) {
    const v = (value as Record<string, unknown>)[k];
    if (v === undefined) continue;
    out += `${out ? ',' : ''}${JSON.stringify(k)}:${typeof v === 'object' && v !== null ? canonicalJson(v) : JSON.stringify(v)}`;
  }
  return `{${out}}`;
}

/**
 * v1, kept to verify rows written before keyed chaining: plain SHA-256, which anyone can
 * recompute, so on its own it proves nothing against someone who can write the table.
 */
export function chainHash(prevHash: string, row: ChainedContent): string {
  const content = canonicalJson([
    prevHash,
    row.occurredAt.toISOString(),
    row.eventType,
    row.severity,
    row.userId,
    row.sessionId,
    row.ipAddress,
    row.userAgent,
    row.source,
    row.details,
  ]);
  return createHash('sha256').update(content).digest('hex');
}

/**
 * A chain key: HKDF-SHA-256 of a master key, used for nothing else. The one place the audit MAC
 * key is derived; which master key a chain's rows are under at a given row is its key epoch
 * (audit/chain-keys.ts).
 */
export function deriveChainKey(masterKey: Buffer): Buffer {
  return deriveSubkey(masterKey, 'ecosystem-hub/audit-chain/v2');
}

/**
 * Issue 43: a row's id is chain_id·2^40 + seq. Each writer's ids are its own (no shared counter),
 * the id still orders a chain, and the MAC that covers the id covers (chain_id, seq). Chain 0 is
 * the chain written before, whose ids are its seqs. 2^13 chains of 2^40 rows stay within
 * JavaScript's exact integers.
 */
export const CHAIN_SPAN = 2 ** 40;
export const MAX_CHAINS = 8192;

/** The id of row `seq` of `chainId`; seq 0 is the chain's genesis position (no row). */
export function chainRowId(chainId: number, seq: number): number {
  return chainId * CHAIN_SPAN + seq;
}

export function chainOfId(id: number): number {
  return Math.floor(id / CHAIN_SPAN);
}

export function seqOfId(id: number): number {
  return id % CHAIN_SPAN;
}

/**
 * v2 row MAC: HMAC-SHA-256 under the chain key over the previous row's hash, the row's id (its
 * place in the chain) and every stored field including request_id. The fixed fields go through
 * JSON.stringify of a flat array (native, no key sorting); only `details` needs the canonical
 * form, and callers that already hold it pass it in so it is built once per row.
 */
export function keyedHash(key: Buffer, prevHash: string, row: KeyedContent, detailsJson?: string): string {
  const fixed = JSON.stringify([
    row.id,
    row.occurredAt.toISOString(),
    row.eventType,
    row.severity,
    row.userId,
    row.sessionId,
    row.ipAddress,
    row.userAgent,
    row.requestId,
    row.source,
  ]);
  return createHmac('sha256', key)
    .update(prevHash)
    .update('\n')
    .update(fixed)
    .update('\n')
    .update(detailsJson ?? canonicalJson(row.details ?? {}))
    .digest('hex');
}

/** Where the chain stands: the anchor row (audit_chain_head) without its MAC. */
export interface HeadPosition {
  lastId: number;
  lastHash: string;
  baseId: number;
  baseHash: string;
  legacyLastId: number;
  legacyLastHash: string;
  sealedAt: Date;
  /** The key epoch (audit/chain-keys.ts): null for the lookup key's, in which every chain began. */
  keyId: string | null;
}

/**
 * The head's MAC, under its epoch's chain key, covers every field, so no part of the anchor can be
 * moved on its own. A head of the first epoch keeps the form it had before epochs existed (so a
 * node of the previous release reads it as authentic); a later epoch's covers its key id too.
 */
export function headMac(key: Buffer, h: HeadPosition): string {
  const fields = `${h.lastId}|${h.lastHash}|${h.baseId}|${h.baseHash}|${h.legacyLastId}|${h.legacyLastHash}|${h.sealedAt.getTime()}`;
  return createHmac('sha256', key)
    .update(h.keyId === null ? `audit-head/v2|${fields}` : `audit-head/v3|${h.keyId}|${fields}`)
    .digest('hex');
}

/**
 * A checkpoint of the head for keeping outside the database (the hub's log, an operator's
 * notes): `audit verify --anchor` checks that the chain still holds that row with that hash.
 */
export function anchorMac(key: Buffer, id: number, hash: string): string {
  return createHmac('sha256', key).update(`audit-anchor/v2|${id}|${hash}`).digest('hex');
}
