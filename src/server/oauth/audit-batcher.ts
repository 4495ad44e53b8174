import type { Hub } from '../hub';
import type { AuditEvent } from '../audit/record';
import { insertSessionsStatement, type NewAuthSession as NewSession } from '../auth/session-queries';

export interface AuditBatcher {
  /**
   * Resolves once the event is committed to the audit chain (durable before the answer is sent),
   * together with the sessions that back what it reports (client_credentials tokens).
   */
  record(event: AuditEvent, sessions?: NewSession[]): Promise<void>;
}

interface Pending {
  event: AuditEvent;
  sessions?: NewSession[];
  resolve: () => void;
  reject: (e: unknown) => void;
}

/**
 * Group commit for the token endpoints' audit records and the client_credentials session rows.
 * Every grant and refusal is in the chain before its answer goes out. Requests that arrive
 * while batches commit go together in the next one; each batch — audit rows, anchor move and
 * session rows — is ONE statement, one round trip and one commit. Up to `maxInFlight` batches
 * are on the wire at once: the chain writer places each batch when it is handed over, in
 * order, and each waits in the database for the one before it to commit before it moves the
 * anchor, while its own rows are already being inserted (audit/chain-queries.ts).
 */
export function createAuditBatcher(hub: Hub, maxBatch = 256, maxInFlight = 3): AuditBatcher {
  let queue: Pending[] = [];
  let inFlight = 0;

  function flush() {
    const batch = queue.length <= maxBatch ? queue : queue.slice(0, maxBatch);
    queue = queue.length <= maxBatch ? [] : queue.slice(maxBatch);
    inFlight += 1;
    const sessions = batch.flatMap((b) => b.sessions ?? []);
    // append() places the batch in the chain synchronously, here, before any other flush can.
    hub.audit
      .append(
        batch.map((b) => b.event),
        { companions: sessions.length ? [insertSessionsStatement(sessions)] : [] },
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
    record(event, sessions) {
      const at = event.occurredAt ?? hub.clock();
      return new Promise<void>((resolve, reject) => {
        queue.push({ event: { ...event, occurredAt: at }, sessions, resolve, reject });
        // Wait for the current tick's requests to join, unless a batch slot is idle anyway.
        if (inFlight < maxInFlight && queue.length === 1)
          setImmediate(() => queue.length && inFlight < maxInFlight && flush());
      });
    },
  };
}
