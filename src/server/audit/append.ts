import type { Database, DbOrTx } from '../db/client';
import type { AuditLogRow } from '../db/schema/index';
import { AUDIT_EVENTS, type AuditEventType } from '../../shared/audit-events';
import { GENESIS_HASH, canonicalJson, chainRowId, headMac, keyedHash, type HeadPosition } from './chain';
import {
  appendStatement,
  findNewestRow,
  insertHeadIfMissing,
  isChainConflict,
  pipelinedAppendStatement,
  readHead,
  toRowJson,
  writeHead,
  type StoredHead,
} from './chain-queries';
import { readLegacyCheckpoint } from './legacy-checkpoint';
import type { Write } from '../db/writes';
import { ChainWriterState } from './writer-state';
import {
  CHECKPOINT_EVENT,
  KEY_EPOCH_EVENT,
  keyEpochMac,
  macCheckpoint,
  type CheckpointDetails,
} from './checkpoint-format';
import type { ChainKeys } from './chain-keys';
import { claimChain, newWriterIdentity, releaseChainLease, renewChainLease, WRITER_RENEW_MS } from './writer-queries';

/** One row as the writer needs it: every stored column, before id and hashes are known. */
export type PendingRow = Omit<AuditLogRow, 'id' | 'prevHash' | 'hash' | 'details'> & {
  details: Record<string, unknown>;
};

export interface AppendOptions {
  /** The caller's transaction: the rows exist exactly when the change they report does. */
  tx?: DbOrTx;
  /** A unit of work's writes (audit/unit-of-work.ts), committed in the same statement as the rows: both, or neither. */
  writes?: readonly Write[];
}

/**
 * Why the anchor was (re)created: on a table without rows (a new install), over existing rows
 * (the one-off upgrade from the plain SHA-256 chain — or an anchor someone deleted), or over a
 * forged anchor. The seal is itself the first row written after it (`audit_chain_sealed`).
 */
export type SealReason = 'empty' | 'existing_rows' | 'head_invalid';

const SEAL_EVENTS = {
  empty: 'audit_chain_started',
  existing_rows: 'audit_chain_sealed',
  head_invalid: 'audit_chain_resealed',
} as const satisfies Record<SealReason, AuditEventType>;

/**
 * The chain writer of one process. It keeps the anchor as it will be once every batch it has
 * sent commits (the tip; ChainWriterState lists what the writer knows and when that changes),
 * so a batch is built — ids, MACs, the next anchor — synchronously at the call, in call order,
 * and sent as one statement without reading anything first; several batches can be on the wire
 * at once: each waits in the database for the one it was built on (pipelinedAppendStatement).
 * When the anchor moved under us (another node appended, a transaction rolled back, retention
 * pruned), the statement fails and takes its rows with it, and the batch is appended again the
 * locked way: lock the anchor, read it, write.
 */
export function createChainWriter(database: Database, keys: ChainKeys, clock: () => Date) {
  let state = new ChainWriterState();
  /**
   * Issue 43: the chain this process appends to, claimed with a lease (audit/writer-queries.ts) at the
   * first append or at start; undefined until then. A lease found lost is claimed again in the background
   * while appends go on to the chain held so far (see renew).
   */
  let chainId: number | undefined;
  let claiming: Promise<number> | undefined;
  const identity = newWriterIdentity();
  let renewal: NodeJS.Timeout | undefined;
  /** Rows appended since the last checkpoint (audit/checkpoints.ts asks, then resets it). */
  let rowsSinceCheckpoint = 0;

  function claim(): Promise<number> {
    claiming ??= claimChain(database.db, identity, clock()).then(
      (id) => {
        chainId = id;
        state = new ChainWriterState();
        return id;
      },
      (e: unknown) => {
        claiming = undefined;
        throw e;
      },
    );
    return claiming;
  }

  /**
   * Renews the lease. A lost lease (this process stalled past it, a laptop asleep) is claimed again at
   * once, here, outside any request: until the claim answers, appends go on to the chain held so far,
   * which stays correct (every append compares the anchor's MAC, so two writers of one chain only
   * take turns). Leaving the claim to the next append would put it inside a caller's transaction,
   * where a claim on another connection waits for that transaction — forever on the one-connection
   * embedded database.
   */
  function renew(): Promise<unknown> {
    const id = chainId;
    if (id === undefined) return Promise.resolve();
    return renewChainLease(database.db, id, identity.owner, clock()).then(
      (held) => {
        if (held || chainId !== id || claiming === undefined) return;
        const lost = claiming;
        claiming = undefined;
        return claim().catch(() => {
          // The next tick tries again, on the chain held so far.
          claiming ??= lost;
        });
      },
      () => {
        // The next tick tries again; a lease that lapses meanwhile is detected then.
      },
    );
  }

  /** The claimed chain (callers past claim()). */
  function ours(): number {
    if (chainId === undefined) throw new Error('audit chain not claimed');
    return chainId;
  }
  /** Batches appended by the one-statement path, by the locked path, and fast attempts that found the anchor moved. */
  const stats = { fast: 0, slow: 0, conflicts: 0 };

  /**
   * Ids, MACs and the wire form of a batch placed after `from` in `chain`; pure CPU, no awaits.
   * Rows are MAC'd under the chain key of `from`'s epoch. The writer MACs what only it can: a
   * checkpoint's MAC under the epoch its row is in, and an epoch row's MAC under the epoch it enters
   * (over its id and the hash before it), after which the rest of the batch and the anchor are in
   * the new epoch (audit/chain-keys.ts).
   */
  function build(chain: number, from: StoredHead, batch: PendingRow[]) {
    let prevHash = from.lastHash;
    let id = from.lastId;
    let epoch = from.keyId;
    let key = keys.require(epoch);
    const json: string[] = [];
    for (const r of batch) {
      id += 1;
      let row = r;
      let entering: { epoch: string; key: Buffer } | undefined;
      if (r.eventType === CHECKPOINT_EVENT) {
        row = { ...r, details: { ...macCheckpoint(key, epoch, r.details as unknown as CheckpointDetails) } };
      } else if (r.eventType === KEY_EPOCH_EVENT) {
        const to = r.details.to as string;
        entering = { epoch: to, key: keys.require(to) };
        const crossing = { chain, from: epoch, to };
        row = { ...r, details: { ...crossing, mac: keyEpochMac(entering.key, crossing, id, prevHash) } };
      }
      const details = canonicalJson(row.details);
      const hash = keyedHash(key, prevHash, { ...row, id }, details);
      json.push(toRowJson({ ...row, id, prevHash, hash }, details));
      prevHash = hash;
      if (entering) ({ epoch, key } = entering);
    }
    const position: HeadPosition = { ...from, lastId: id, lastHash: prevHash, keyId: epoch };
    return { next: { ...position, mac: headMac(key, position) }, rowsJson: `[${json.join(',')}]` };
  }

  /** An anchor is authentic when its MAC holds under its epoch's key and that epoch's master key is not retired. */
  function isAuthentic(h: StoredHead): boolean {
    const key = keys.get(h.keyId);
    return key !== undefined && keys.acceptable(h.keyId) && headMac(key, h) === h.mac;
  }

  /** The anchor's MAC for a position, under the chain key of the position's epoch. */
  function macOf(position: HeadPosition): StoredHead {
    return { ...position, mac: headMac(keys.require(position.keyId), position) };
  }

  /**
   * Creates (or, when missing or forged, replaces) the anchor at the newest row. Every row up to
   * there becomes the "legacy" prefix, verified as plain SHA-256: on the one-off upgrade that is
   * exactly the old chain; after a deleted or forged anchor it turns the keyed rows into a
   * prefix that no longer verifies, so the tampering stays visible instead of being adopted.
   */
  async function seal(
    tx: DbOrTx,
    found: StoredHead | undefined,
  ): Promise<{ head: StoredHead; reason: SealReason; ours: boolean }> {
    const now = clock();
    const chain = ours();
    const newestRow = await findNewestRow(tx, chain);
    const reason: SealReason = found ? 'head_invalid' : newestRow ? 'existing_rows' : 'empty';
    // Only the one-off upgrade (chain 0) has a base from the old, unkeyed retention checkpoint.
    const genesis = { id: chainRowId(chain, 0), hash: GENESIS_HASH };
    const base = found
      ? { id: found.baseId, hash: found.baseHash }
      : chain === 0
        ? ((await readLegacyCheckpoint(tx)) ?? genesis)
        : genesis;
    const newest = newestRow && newestRow.id > base.id ? newestRow : base;
    const position: HeadPosition = {
      lastId: newest.id,
      lastHash: newest.hash,
      baseId: base.id,
      baseHash: base.hash,
      legacyLastId: newest.id,
      legacyLastHash: newest.hash,
      sealedAt: new Date(now.getTime()),
      // A new anchor starts in the current epoch; a forged one is replaced by one in it too.
      keyId: keys.current(),
    };
    const head = macOf(position);
    if (found) await writeHead(tx, chain, head, now);
    else await insertHeadIfMissing(tx, chain, head, now);
    const stored = await readHead(tx, chain, true);
    if (!stored) throw new Error('audit chain anchor could not be created');
    // Another process may have won the race to create it: then it is theirs, not a new seal.
    return { head: stored, reason, ours: stored.mac === head.mac };
  }

  /** The anchor, locked for this transaction; sealed first when missing or not authentic. */
  async function lockHead(tx: DbOrTx): Promise<{ head: StoredHead; sealed?: PendingRow }> {
    const found = await readHead(tx, ours(), true);
    if (found && isAuthentic(found)) return { head: found };
    // An epoch this process holds no key for is a node missing a key, not a forgery: refuse, loudly.
    if (found) keys.require(found.keyId);
    const { head, reason, ours: sealedHere } = await seal(tx, found);
    return sealedHere ? { head, sealed: sealEvent(reason, head) } : { head };
  }

  /** A row the writer writes of itself (a seal, an epoch crossing): no actor, no request. */
  function writerRow(eventType: AuditEventType, details: Record<string, unknown>): PendingRow {
    return {
      occurredAt: new Date(clock().getTime()),
      eventType,
      severity: AUDIT_EVENTS[eventType].severity,
      userId: null,
      sessionId: null,
      ipAddress: null,
      userAgent: null,
      requestId: null,
      source: 'server',
      details,
    };
  }

  function sealEvent(reason: SealReason, head: StoredHead): PendingRow {
    return writerRow(SEAL_EVENTS[reason], {
      reason,
      legacy_last_id: head.legacyLastId,
      base_id: head.baseId,
      sealed_at: head.sealedAt.toISOString(),
    });
  }

  /** Appends onto an anchor this transaction holds locked. */
  async function appendLocked(
    tx: DbOrTx,
    head: StoredHead,
    batch: PendingRow[],
    writes: readonly Write[] = [],
    chain = ours(),
  ) {
    const built = build(chain, head, batch);
    if (chain === chainId) rowsSinceCheckpoint += countWritten(batch);
    const ok = await appendStatement(tx, {
      chainId: chain,
      expectedMac: head.mac,
      next: built.next,
      rowsJson: built.rowsJson,
      now: clock(),
      writes,
    });
    if (!ok) throw new Error('audit chain anchor moved while locked');
    return built.next;
  }

  /** The row that moves a chain into epoch `to`; build() adds its chain, the epoch it leaves and the new key's MAC. */
  function epochRow(to: string): PendingRow {
    return writerRow(KEY_EPOCH_EVENT, { to });
  }

  async function slowAppend(batch: PendingRow[], opts: AppendOptions): Promise<void> {
    if (chainId === undefined) await claim();
    state.lockedStarted();
    try {
      // Our own pipelined batches may hold the ids this append is about to take: let them settle
      // first. Not inside a caller's transaction: that may hold the anchor already, which they
      // would wait for (they fail rather than wait on it, so the caller never waits on them).
      if (!opts.tx) await state.inFlightSettled();
      state.lockedWrote(await lockedAppend(batch, opts));
    } finally {
      state.lockedEnded();
    }
  }

  async function lockedAppend(batch: PendingRow[], opts: AppendOptions): Promise<StoredHead> {
    const run = async (tx: DbOrTx) => {
      const { head, sealed } = await lockHead(tx);
      return appendLocked(tx, head, sealed ? [sealed, ...batch] : batch, opts.writes);
    };
    let next: StoredHead;
    if (opts.tx) next = await run(opts.tx);
    else {
      // A pipelined batch of another process may hold ids this one takes: PostgreSQL then
      // answers a deadlock or a duplicate id to one of the two, and that one simply goes again.
      for (let attempt = 1; ; attempt++) {
        try {
          next = await database.db.transaction(run);
          break;
        } catch (e) {
          if (attempt >= 5 || !isChainConflict(e)) throw e;
          state.backOff();
        }
      }
    }
    stats.slow += 1;
    if (!opts.tx) state.confirm(next);
    return next;
  }

  /**
   * Appends in call order. Resolves when the rows are committed (or, with `tx`, written in
   * the caller's transaction). The fast path is one statement; see createChainWriter.
   */
  function append(batch: PendingRow[], opts: AppendOptions = {}): Promise<void> {
    if (batch.length === 0) return Promise.resolve();
    if (chainId === undefined) return claim().then(() => append(batch, opts));
    const chain = chainId;
    const current = state;
    // Inside a caller's transaction the anchor is locked first: a failed statement there would
    // abort the caller's work, and those appends are rare (administration, retention).
    const route = state.route(Boolean(opts.tx));
    if (route.path === 'locked') return slowAppend(batch, opts);
    if (route.path === 'wait') return state.waitForLockedAppends().then(() => append(batch, opts));
    const built = build(chain, route.from, batch);
    rowsSinceCheckpoint += countWritten(batch);
    const sent = pipelinedAppendStatement(database.db, {
      chainId: chain,
      from: route.from,
      next: built.next,
      rowsJson: built.rowsJson,
      now: clock(),
      writes: opts.writes ?? [],
    });
    current.sentPipelined(built.next, sent);
    return sent.then(
      () => {
        stats.fast += 1;
        current.confirm(built.next);
      },
      (e: unknown) => {
        current.pipelineFailed();
        if (!isChainConflict(e)) throw e;
        stats.conflicts += 1;
        current.backOff();
        return slowAppend(batch, opts);
      },
    );
  }

  return {
    append,

    /** Runs `fn` with the anchor locked in `tx` (retention, cleanup); `fn` returns the new anchor position. */
    async withHeadLocked<T>(
      tx: DbOrTx,
      fn: (head: StoredHead) => Promise<{ position?: HeadPosition; result: T }>,
    ): Promise<T> {
      const { head, sealed } = await lockHead(tx);
      if (sealed) await appendLocked(tx, head, [sealed]);
      const { position, result } = await fn(sealed ? ((await readHead(tx, ours(), true)) ?? head) : head);
      if (position) {
        await writeHead(tx, ours(), macOf(position), clock());
        state.forgetTip();
      }
      return result;
    },

    /**
     * Like withHeadLocked for another writer's chain (retention prunes every chain): nothing is
     * sealed; a chain whose anchor is missing or not authentic is left alone (verification
     * names it). That chain's writer finds its anchor moved and appends again under the lock.
     */
    async withOtherHeadLocked<T>(
      tx: DbOrTx,
      chain: number,
      fn: (head: StoredHead) => Promise<{ position?: HeadPosition; result: T }>,
    ): Promise<T | undefined> {
      if (chain === chainId) return this.withHeadLocked(tx, fn);
      const head = await readHead(tx, chain, true);
      if (!head || !isAuthentic(head)) return undefined;
      const { position, result } = await fn(head);
      if (position) await writeHead(tx, chain, macOf(position), clock());
      return result;
    },

    /**
     * Moves `chain` (this process's or another writer's) into the current key epoch with one
     * `audit_key_epoch` row under its anchor's lock (audit/chain-keys.ts). Another writer's next
     * batch finds its anchor moved and is built again, under the lock, in the new epoch. Answers
     * what it found: crossed, already there, or an anchor missing or not authentic (left for
     * verification to name).
     */
    async crossEpoch(chain: number): Promise<'crossed' | 'current' | 'skipped'> {
      const to = keys.current();
      if (to === null) return 'current';
      const cross = (tx: DbOrTx) =>
        (async () => {
          const head = await readHead(tx, chain, true);
          if (!head) return { outcome: 'skipped' as const };
          if (head.keyId === to) return { outcome: 'current' as const };
          if (!isAuthentic(head)) return { outcome: 'skipped' as const };
          const next = await appendLocked(tx, head, [epochRow(to)], [], chain);
          return { outcome: 'crossed' as const, next };
        })();
      const own = chain === chainId;
      if (own) {
        state.lockedStarted();
        await state.inFlightSettled();
      }
      try {
        for (let attempt = 1; ; attempt++) {
          try {
            const { outcome, next } = await database.db.transaction(cross);
            if (own && next) {
              state.lockedWrote(next);
              state.confirm(next);
            }
            return outcome;
          } catch (e) {
            // The other chain's writer pipelines into the same ids: one of the two goes again.
            if (attempt >= 5 || !isChainConflict(e)) throw e;
          }
        }
      } finally {
        if (own) state.lockedEnded();
      }
    },

    /**
     * At start: creates the anchor if the table never had one (the one-off upgrade, or a new
     * install). Answers how it was sealed, or null when an anchor already stood.
     */
    async prepare(): Promise<SealReason | null> {
      const chain = await claim();
      renewal ??= setInterval(() => void renew(), WRITER_RENEW_MS);
      renewal.unref();
      if (await readHead(database.db, chain)) return null;
      // The lease makes the chain ours: no other process seals it (the primary key settles a race anyway).
      return database.db.transaction(async (tx) => {
        const { head, sealed } = await lockHead(tx);
        if (!sealed) return null;
        await appendLocked(tx, head, [sealed]);
        return (sealed.details as { reason: SealReason }).reason;
      });
    },

    /** At a clean stop, after the last append: the lease goes, so the next process may take the chain at once. */
    async release(): Promise<void> {
      if (renewal) clearInterval(renewal);
      renewal = undefined;
      const chain = chainId;
      if (chain === undefined) return;
      await state.inFlightSettled();
      chainId = undefined;
      claiming = undefined;
      await releaseChainLease(database.db, chain, identity.owner, clock());
    },

    /** The chain this process writes (undefined before the first claim). */
    chainId: () => chainId,
    /** Rows appended since the last call (the checkpoint timer's "were rows written"). */
    takeRowsWritten(): number {
      const n = rowsSinceCheckpoint;
      rowsSinceCheckpoint = 0;
      return n;
    },
    /** Tests: the renewal tick now (a lost lease is claimed again before this resolves). */
    renewLease: () => renew().then(() => undefined),
    /** Tests: this process stops renewing, as a frozen or killed one would (its lease then lapses). */
    abandonLease(): void {
      if (renewal) clearInterval(renewal);
      renewal = undefined;
    },

    isAuthentic,
    stats,
    confirmedPosition: () => state.confirmedPosition(),
    /** Forget the guessed anchor (tests that move it behind the writer's back). */
    forgetTip: () => state.forgetTip(),
  };
}

export type ChainWriter = ReturnType<typeof createChainWriter>;

/** Rows that make a checkpoint due: every row but checkpoints themselves. */
function countWritten(batch: PendingRow[]): number {
  let n = 0;
  for (const r of batch) if (r.eventType !== CHECKPOINT_EVENT) n += 1;
  return n;
}
