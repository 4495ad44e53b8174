import type { Hub } from '../hub';
import type { AuditEvent } from './record';
import type { Companion } from './chain-queries';
import { insertSessionsStatement, type NewAuthSession as NewSession } from '../auth/session-queries';

/** What commits together with an event: the sessions it reports, and other data-modifying statements. */
export interface BatchedWrites {
  /** Session rows (client_credentials tokens, a sign-in's browser session, a code exchange's app session). */
  sessions?: NewSession[];
  /** Further statements (e.g. clearing a sign-in counter); each must be safe beside the others of the batch. */
  companions?: Companion[];
  /**
   * Commit in a batch of its own: the writes may fail the statement on purpose (a
   * LinkedCompanion's requireOne), which must not take other requests' records with it.
   */
  alone?: boolean;
}

export interface AuditBatcher {
  /**
   * Resolves once the event is committed to the audit chain (durable before the answer is sent),
   * together with the writes that back what it reports. Rejects (and nothing of it is written)
   * when its batch fails.
   */
  record(event: AuditEvent, writes?: BatchedWrites): Promise<void>;
}

interface Pending {
  event: AuditEvent;
  writes?: BatchedWrites;
  resolve: () => void;
  reject: (e: unknown) => void;
}

const batchers = new WeakMap<Hub, AuditBatcher>();

/** The hub's one batcher (token endpoints and sign-ins share it: bigger batches, fewer commits). */
export function auditBatcher(hub: Hub): AuditBatcher {
  let batcher = batchers.get(hub);
  if (!batcher) {
    batcher = createAuditBatcher(hub);
    batchers.set(hub, batcher);
  }
  return batcher;
}

/**
 * Group commit for the hot paths' audit records and the rows they report (token endpoints,
 * sign-in). Every grant, sign-in and refusal is in the chain before its answer goes out.
 * Requests that arrive while batches commit go together in the next one; each batch — audit
 * rows, anchor move, session rows and companions — is ONE statement, one round trip and one
 * commit. The chain orders commits (each batch moves the anchor only after the one before it
 * committed), so without batching the rate of a hot path would be one commit latency per
 * request. Up to `maxInFlight` batches are on the wire at once: the chain writer places each
 * batch when it is handed over, in order, and each waits in the database for the one before it
 * to commit before it moves the anchor, while its own rows are already being inserted
 * (audit/chain-queries.ts).
 */
function createAuditBatcher(hub: Hub, maxBatch = 256, maxInFlight = 3): AuditBatcher {
  const queue: Pending[] = [];
  let inFlight = 0;

  /** The next batch: up to maxBatch records in order, or one that must commit alone. */
  function take(): Pending[] {
    let n = 1;
    if (!queue[0].writes?.alone) while (n < queue.length && n < maxBatch && !queue[n].writes?.alone) n += 1;
    return queue.splice(0, n);
  }

  function flush() {
    const batch = take();
    inFlight += 1;
    const sessions = batch.flatMap((b) => b.writes?.sessions ?? []);
    const companions = batch.flatMap((b) => b.writes?.companions ?? []);
    if (sessions.length) companions.unshift(insertSessionsStatement(sessions));
    // append() places the batch in the chain synchronously, here, before any other flush can.
    hub.audit
      .append(
        batch.map((b) => b.event),
        { companions },
      )
      .then(
        () => {
          for (const b of batch) b.resolve();
        },
        (e: unknown) => {
          for (const b of batch) b.reject(e);
        },
      )
      .finally(() => {
        inFlight -= 1;
        if (queue.length && inFlight < maxInFlight) flush();
      });
  }

  return {
    record(event, writes) {
      const at = event.occurredAt ?? hub.clock();
      return new Promise<void>((resolve, reject) => {
        queue.push({ event: { ...event, occurredAt: at }, writes, resolve, reject });
        // Wait for the current tick's requests to join, unless a batch slot is idle anyway.
        if (inFlight < maxInFlight && queue.length === 1)
          setImmediate(() => queue.length && inFlight < maxInFlight && flush());
      });
    },
  };
}
