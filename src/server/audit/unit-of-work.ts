import type { Write } from '../db/writes';
import { isWriteNotApplied, hasRequiredWrite } from '../db/writes';
import type { AuditEvent, AuditLog } from './record';
import { coalescingWindow } from '../db/coalescing-window';

/**
 * The one way a hot path commits a change: its audit record and the writes behind it (a
 * sign-in's session, last-login time and cleared counter; a code exchange), handed over by the
 * modules that own those tables (db/writes.ts), commit together in ONE statement — audit rows,
 * anchor move and writes — before the answer goes out.
 *
 * Group commit is a property of the unit of work, not of its callers: units that arrive while
 * batches commit go together in the next one (one round trip and one commit for many requests),
 * rows of the same table merge into one insert, and a unit with a required write (one that may
 * fail the statement on purpose) commits in a batch of its own so that its failure never takes
 * other requests' records with it — or, when its required writes fail only on a replay
 * (`batchRequired`), joins a batch, which commits again in halves should one of them fail.
 * The chain orders commits (each batch moves the anchor only after the one before it
 * committed), so without batching the rate of a hot path would be one
 * commit latency per request. Up to `maxInFlight` batches are on the wire at once: the chain
 * writer places each batch when it is handed over, in order, and each waits in the database for
 * the one before it to commit before it moves the anchor, while its own rows are already being
 * inserted (audit/chain-queries.ts).
 *
 * When a batch leaves is the coalescing window's rule (db/coalescing-window.ts): after the
 * current turn, and while another batch is on the wire only once `coalesce` units wait. Every
 * statement then serves many grants even when PostgreSQL answers fast; a second and third batch
 * go out only when enough units wait to fill them. Under load (the recent batches carried several
 * units each) a batch waits up to `linger` ms for more before it leaves alone on the wire, so a
 * node serving a share of a cluster's load still fills its commits (issue 43, docs/performance.md).
 */
export interface UnitOfWork {
  /**
   * Resolves once the event and the writes are committed. Rejects, and nothing of the unit is
   * written, when its batch fails; a required write that found nothing fails it with an error
   * that `isWriteNotApplied` (db/writes.ts) recognises.
   */
  commit(event: AuditEvent, writes?: readonly Write[], options?: CommitOptions): Promise<void>;
}

export interface CommitOptions {
  /**
   * The unit's required writes almost always apply (a grant's DPoP proof jti, issue 31; its
   * code's consumption, which fails only on a replay or a lost race): it joins a batch like any
   * unit. Should a required write not apply, the batch failed as a whole and wrote nothing; its
   * units then commit again in halves, and a half that fails again in halves of it, down to the
   * one unit the write belongs to, which fails alone: a replay costs its batch about 2·log₂(n)
   * statements, not n.
   */
  batchRequired?: boolean;
}

interface Pending {
  event: AuditEvent;
  writes: readonly Write[];
  /** The most units of the batch it may join: 1 commits it alone. */
  limit: number;
  resolve: () => void;
  reject: (e: unknown) => void;
}

export function createUnitOfWork(
  audit: AuditLog,
  clock: () => Date,
  maxBatch = 256,
  maxInFlight = 3,
  coalesce = 32,
  linger = 2,
): UnitOfWork {
  const queue: Pending[] = [];

  /** The next batch: units in order, as many as the smallest limit among them allows. */
  function take(): Pending[] {
    let limit = Math.min(maxBatch, queue[0].limit);
    let n = 1;
    while (n < queue.length && n + 1 <= Math.min(limit, queue[n].limit)) {
      limit = Math.min(limit, queue[n].limit);
      n += 1;
    }
    return queue.splice(0, n);
  }

  function send() {
    const batch = take();
    // append() places the batch in the chain synchronously, here, before any other batch can.
    return audit
      .append(
        batch.map((b) => b.event),
        { writes: batch.flatMap((b) => b.writes) },
      )
      .then(
        () => {
          for (const b of batch) b.resolve();
        },
        (e: unknown) => {
          // Only a batchRequired unit can fail a batch of several with a write that did not apply:
          // the batch goes again in halves (first in line, in order), so only that unit ends alone.
          if (batch.length > 1 && isWriteNotApplied(e)) {
            const limit = Math.ceil(batch.length / 2);
            queue.unshift(...batch.map((b) => ({ ...b, limit })));
          } else for (const b of batch) b.reject(e);
        },
      );
  }

  const window = coalescingWindow({ waiting: () => queue.length, send, maxInFlight, coalesce, linger });

  return {
    commit(event, writes = [], options = {}) {
      const at = event.occurredAt ?? clock();
      return new Promise<void>((resolve, reject) => {
        const limit = !options.batchRequired && hasRequiredWrite(writes) ? 1 : maxBatch;
        queue.push({ event: { ...event, occurredAt: at }, writes, limit, resolve, reject });
        window.arrived();
      });
    },
  };
}
