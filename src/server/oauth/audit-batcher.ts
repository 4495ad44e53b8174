import type { Hub } from '../hub';
import type { AuditEvent } from '../audit/record';
import { authSessions } from '../db/schema/index';

type NewSession = typeof authSessions.$inferInsert;

export interface AuditBatcher {
  /**
   * Resolves once the event is committed to the audit chain (durable before the answer is sent),
   * together with the sessions that back what it reports (client_credentials tokens).
   */
  record(event: AuditEvent, sessions?: NewSession[]): Promise<void>;
}

/**
 * Group commit for the token endpoints' audit records (and client_credentials session rows). Every grant and refusal is audited before
 * the answer goes out, but appends to the hash chain are serialised by an advisory lock, so one
 * transaction per request would cap throughput at one lock round-trip per grant. Events that
 * arrive while a flush is in flight are written together in the next single transaction.
 */
export function createAuditBatcher(hub: Hub, maxBatch = 500): AuditBatcher {
  let queue: { event: AuditEvent; sessions?: NewSession[]; resolve: () => void; reject: (e: unknown) => void }[] = [];
  let flushing = false;

  async function flush() {
    flushing = true;
    try {
      while (queue.length) {
        const batch = queue.slice(0, maxBatch);
        queue = queue.slice(batch.length);
        try {
          const sessions = batch.flatMap((b) => b.sessions ?? []);
          // One transaction, one commit: the grants' session rows and their audit records.
          await hub.db.transaction(async (tx) => {
            if (sessions.length) await tx.insert(authSessions).values(sessions);
            await hub.audit.record(
              batch.map((b) => b.event),
              tx,
            );
          });
          for (const b of batch) b.resolve();
        } catch (e) {
          for (const b of batch) b.reject(e);
        }
      }
    } finally {
      flushing = false;
    }
  }

  return {
    record(event, sessions) {
      const at = event.occurredAt ?? hub.clock();
      return new Promise<void>((resolve, reject) => {
        queue.push({ event: { ...event, occurredAt: at }, sessions, resolve, reject });
        if (!flushing) void flush();
      });
    },
  };
}
