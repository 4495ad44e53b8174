import type { Database, DbOrTx } from '../db/client';
import type { ActClaim } from '../oauth/act';
import { AUDIT_EVENTS } from '../../shared/audit-events';
import type { AuditDetails, AuditEventType, AuditSeverity } from '../../shared/audit-events';
import { createChainWriter, type AppendOptions, type ChainWriter, type PendingRow, type SealReason } from './append';
import { anchorMac, seqOfId } from './chain';
import { readAllHeads, readHead } from './chain-queries';
import { createChainKeys } from './chain-keys';
import { createMasterKeyring, type MasterKeyring } from '../crypto/keyring';
import { createSubjectKeys, sealRow, subjectsOf, type SubjectKeys } from './shredding';
import { verifyChainRows, type ChainVerification, type ExternalAnchor, type VerifyProgress } from './verify';

export type { AuditSeverity };

/** Who acted and from where: the per-request actor's fields (http/actor.ts), or a subset of them. */
export interface AuditActorFields {
  userId?: string | null;
  sessionId?: string | null;
  ipAddress?: string | null;
  userAgent?: string | null;
  /** The request that produced the event (X-Request-Id). */
  requestId?: string | null;
  /**
   * Issue 42: who acts for `userId` (an administrator viewing as the user, oauth/act.ts); stored
   * in the row's details as `act`, so every row of an impersonated session names both people.
   */
  act?: ActClaim | null;
}

type DetailsField<D> = NoRequiredKeys<D> extends true ? { details?: D } : { details: D };
type NoRequiredKeys<D> = Record<never, never> extends D ? true : false;

/**
 * A server event: one entry of the catalogue (src/shared/audit-events.ts) with the details shape
 * it declares. The severity is the catalogue's; no call site chooses one.
 */
export type AuditEvent = {
  [K in AuditEventType]: AuditActorFields & { type: K; occurredAt?: Date } & DetailsField<AuditDetails<K>>;
}[AuditEventType];

/** A row as stored: what the chain hashes. Server events become rows in `record`; browser events arrive as rows. */
export interface AuditRowInput extends AuditActorFields {
  eventType: string;
  severity: AuditSeverity;
  source: 'server' | 'client';
  details: Record<string, unknown>;
  occurredAt?: Date;
}

/** The stored form of a server event: severity from the catalogue, source `server`. */
export function toAuditRow(event: AuditEvent): AuditRowInput {
  return {
    eventType: event.type,
    severity: AUDIT_EVENTS[event.type].severity,
    source: 'server',
    details: { ...(event.details ?? {}), ...(event.act ? { act: event.act } : {}) } as Record<string, unknown>,
    userId: event.userId,
    sessionId: event.sessionId,
    ipAddress: event.ipAddress,
    userAgent: event.userAgent,
    requestId: event.requestId,
    occurredAt: event.occurredAt,
  };
}

export type { ChainVerification } from './verify';

export interface AuditLog {
  /**
   * Appends events to the chain. Pass `tx` to make the record part of the caller's transaction
   * (the event then exists exactly when the change it reports does).
   */
  record(event: AuditEvent | AuditEvent[], tx?: DbOrTx): Promise<void>;
  /** Appends rows as given: browser-reported events (source `client`) and test fixtures. */
  recordRows(rows: AuditRowInput[], tx?: DbOrTx): Promise<void>;
  /**
   * Walks the chain from the anchor's base to its head and reports the first row that does not
   * match, a truncation, or rows the anchor does not account for. `anchor`: a head position
   * kept outside the database (see `anchor()`), which must still be in the chain.
   */
  verifyChain(options?: {
    anchor?: ExternalAnchor;
    onProgress?: (p: VerifyProgress) => void;
  }): Promise<ChainVerification>;
  /** Like record, with a unit of work's writes committed in the same statement (audit/unit-of-work.ts). */
  append(events: AuditEvent[], options?: AppendOptions): Promise<void>;
  /** This process's chain's current head as a MAC'd anchor to keep outside the database. */
  anchor(): Promise<ExternalAnchor | null>;
  /** Every chain's authentic head as a MAC'd anchor (the CLI, which writes no chain of its own). */
  anchors(): Promise<ExternalAnchor[]>;
  /**
   * Issue 43: appends a checkpoint naming every other chain's head, when rows were written since
   * the last one (or `force`, at a clean stop) and another chain exists. Answers whether it wrote one.
   */
  checkpoint(force?: boolean): Promise<boolean>;
  /** At a clean stop: a last checkpoint, then the chain's lease goes (audit/writer-queries.ts). */
  close(): Promise<void>;
  /** At start: the one-off seal of a chain that has no anchor yet; answers how it sealed, or null. */
  prepare(): Promise<SealReason | null>;
  /**
   * Issue 45: moves every chain into the current master key's epoch (audit/chain-keys.ts), after a
   * rotation's switch; answers how many chains it crossed, found there already, or left (an anchor
   * missing or not authentic, which verification names).
   */
  crossKeyEpoch(): Promise<{ crossed: number; current: number; skipped: number }>;
  /** The chain writer (retention and cleanup move the anchor's base under its lock). */
  writer: ChainWriter;
  /** The per-person keys the rows' personal data is sealed under (audit/shredding.ts). */
  subjectKeys: SubjectKeys;
}

/**
 * Text PostgreSQL can store: no NUL, no unpaired surrogate. Input is refused with those at the
 * edge (plugins/sanitize.ts), but an event may carry a value the hub cut itself (a client_id
 * truncated mid-pair), and a security record must never fail to be written because of it.
 */
export function storableText(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return value.toWellFormed().replaceAll('\u0000', '\uFFFD');
}

function storableJson(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return storableText(value);
  if (!value || typeof value !== 'object' || depth > 32) return value;
  if (Array.isArray(value)) return value.map((v) => storableJson(v, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [storableText(k) as string, storableJson(v, depth + 1)]),
  );
}

function toPending(e: AuditRowInput, clock: () => Date): PendingRow {
  return {
    // Millisecond precision: what JavaScript can round-trip, so the MAC re-computes exactly.
    occurredAt: new Date((e.occurredAt ?? clock()).getTime()),
    eventType: e.eventType,
    severity: e.severity,
    userId: e.userId ?? null,
    sessionId: storableText(e.sessionId),
    ipAddress: storableText(e.ipAddress),
    userAgent: storableText(e.userAgent),
    requestId: storableText(e.requestId),
    source: e.source,
    details: storableJson(e.details ?? {}) as Record<string, unknown>,
  };
}

/**
 * The audit log of one process. `keyring`: the hub's (its epochs follow rotations, audit/chain-keys.ts),
 * or one master key for a process that knows only that one (tools, tests).
 */
export function createAuditLog(database: Database, clock: () => Date, keyring: MasterKeyring | Buffer): AuditLog {
  const ring = Buffer.isBuffer(keyring) ? createMasterKeyring([keyring]) : keyring;
  const keys = createChainKeys(ring);
  // External anchors and the subject keys stay under the lookup key (which rotations leave alone).
  const anchorKey = keys.require(null);
  const writer = createChainWriter(database, keys, clock);
  const subjectKeys = createSubjectKeys(ring.lookupKey, clock);
  /**
   * Personal data is sealed under each person's key before the batch reaches the writer (which
   * builds and MACs it at the call, in call order); a key this node made for someone is stored
   * by the same statement as the rows sealed with it (audit/shredding.ts), so no read comes first.
   */
  const appendRows = (rows: AuditRowInput[], options: AppendOptions = {}): Promise<void> => {
    const pending = rows.map((r) => toPending(r, clock));
    const { keys, write, fresh } = subjectKeys.keysFor(new Set(pending.flatMap(subjectsOf)));
    const sealed = pending.map((r) => sealRow(r, keys));
    if (!write) return writer.append(sealed, options);
    const appended = writer.append(sealed, { ...options, writes: [...(options.writes ?? []), write] });
    // Inside a caller's transaction the key is stored only if that commits: later appends carry it again.
    return options.tx ? appended : appended.then(() => subjectKeys.stored(fresh));
  };
  const checkpoint = async (force = false): Promise<boolean> => {
    const chain = writer.chainId();
    if (chain === undefined || (writer.takeRowsWritten() === 0 && !force)) return false;
    const heads = (await readAllHeads(database.db))
      .filter((h) => h.chainId !== chain)
      .map((h) => ({ chain: h.chainId, seq: seqOfId(h.lastId), hash: h.lastHash }));
    if (heads.length === 0) return false;
    await appendRows([
      // The writer adds the MAC, under the key of the epoch the row lands in (audit/append.ts build).
      toAuditRow({ type: 'audit_chain_checkpoint', details: { chain, heads, macs: [] } }),
    ]);
    return true;
  };
  return {
    writer,
    subjectKeys,
    record(event, tx) {
      return appendRows((Array.isArray(event) ? event : [event]).map(toAuditRow), { tx });
    },
    recordRows(rows, tx) {
      return appendRows(rows, { tx });
    },
    append(events, options) {
      return appendRows(events.map(toAuditRow), options);
    },
    verifyChain(options = {}) {
      return verifyChainRows({
        db: database.db,
        keys,
        confirmed: writer.confirmedPosition(),
        anchor: options.anchor,
        onProgress: options.onProgress,
      });
    },
    checkpoint,
    async close() {
      await checkpoint(true).catch(() => false);
      await writer.release();
    },
    async anchors() {
      const heads = (await readAllHeads(database.db)).filter((h) => writer.isAuthentic(h));
      return heads.map((h) => ({ id: h.lastId, hash: h.lastHash, mac: anchorMac(anchorKey, h.lastId, h.lastHash) }));
    },
    async anchor() {
      const chain = writer.chainId();
      const head = chain === undefined ? undefined : await readHead(database.db, chain);
      if (!head || !writer.isAuthentic(head)) return null;
      return { id: head.lastId, hash: head.lastHash, mac: anchorMac(anchorKey, head.lastId, head.lastHash) };
    },
    prepare: () => writer.prepare(),
    async crossKeyEpoch() {
      const tally = { crossed: 0, current: 0, skipped: 0 };
      for (const head of await readAllHeads(database.db))
        tally[head.keyId === keys.current() ? 'current' : await writer.crossEpoch(head.chainId)] += 1;
      return tally;
    },
  };
}
